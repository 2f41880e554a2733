import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { externalUrlVerdict, openExternalSafely } from '../../electron/main/url-policy'

describe('the external URL policy (the only way to shell.openExternal)', () => {
  it('opens plain https links', () => {
    expect(externalUrlVerdict('https://docs.example.com/models?x=1#top')).toEqual({ ok: true, url: 'https://docs.example.com/models?x=1#top' })
  })

  it('refuses every other scheme, credentials, junk and very long URLs', () => {
    const refused = [
      'http://docs.example.com/',
      'file:///Users/me/.ssh/id_rsa',
      'smb://server/share',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'reelbox://app/index.html',
      'ms-msdt:/id PCWDiagnostic',
      'https://user:secret@docs.example.com/',
      'https://token@docs.example.com/',
      'docs.example.com',
      '',
      `https://example.com/${'a'.repeat(3000)}`,
      42,
      undefined,
    ]
    for (const url of refused) expect(externalUrlVerdict(url).ok, String(url).slice(0, 60)).toBe(false)
  })

  it('honours an allow-list of hosts and their subdomains, not look-alikes', () => {
    const policy = { allowHosts: ['example.com'] }
    expect(externalUrlVerdict('https://example.com/', policy).ok).toBe(true)
    expect(externalUrlVerdict('https://help.example.com/', policy).ok).toBe(true)
    expect(externalUrlVerdict('https://badexample.com/', policy).ok).toBe(false)
    expect(externalUrlVerdict('https://example.com.evil.net/', policy).ok).toBe(false)
  })

  it('calls the shell only with an accepted, normalised URL', async () => {
    const opened: string[] = []
    const shell = { openExternal: async (url: string) => void opened.push(url) }
    expect(await openExternalSafely(shell, 'https://EXAMPLE.com/a b')).toEqual({ ok: true, url: 'https://example.com/a%20b' })
    expect((await openExternalSafely(shell, 'file:///etc/passwd')).ok).toBe(false)
    expect(opened).toEqual(['https://example.com/a%20b'])
  })

  it('is the only place in the app that calls shell.openExternal', async () => {
    const callers: string[] = []
    for (const entry of await readdir('electron', { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|mts|cts|js|mjs)$/.test(entry.name)) continue
      const file = path.join(entry.parentPath, entry.name)
      if (/\bshell\s*\.\s*openExternal\b/.test(await readFile(file, 'utf8'))) callers.push(file)
    }
    expect(callers).toEqual([path.join('electron', 'main', 'url-policy.ts')])
  })
})
