import { chmod, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { keptToken, TOKEN_FILE } from '../../electron/web/token'
import { useTempDir } from '../support/temp'

/** Web mode's token kept per data folder (issue 22 item 3): same across restarts, owner-only, renewable. */
describe('the web token of a data folder', () => {
  it('is the same for every run on one folder, in a file only its owner may read', async () => {
    const dir = await useTempDir('reelbox-token-')
    const first = await keptToken(dir)
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(await keptToken(dir)).toBe(first)
    expect(await readFile(path.join(dir, TOKEN_FILE), 'utf8')).toBe(first)
    if (process.platform !== 'win32') expect((await stat(path.join(dir, TOKEN_FILE))).mode & 0o777).toBe(0o600)
    // Another folder, another token.
    expect(await keptToken(await useTempDir('reelbox-token-'))).not.toBe(first)
  })

  it('is renewed when asked, when others may read it, and when the file holds no token', async () => {
    const dir = await useTempDir('reelbox-token-')
    const file = path.join(dir, TOKEN_FILE)
    const first = await keptToken(dir)
    const renewed = await keptToken(dir, { renew: true })
    expect(renewed).not.toBe(first)
    expect(await keptToken(dir)).toBe(renewed)
    if (process.platform !== 'win32') {
      await chmod(file, 0o644)
      const replaced = await keptToken(dir)
      expect(replaced).not.toBe(renewed)
      expect((await stat(file)).mode & 0o777).toBe(0o600)
    }
    await writeFile(file, 'not a token', { mode: 0o600 })
    expect(await keptToken(dir)).toMatch(/^[A-Za-z0-9_-]{32}$/)
  })
})
