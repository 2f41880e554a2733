/**
 * Web mode's Download (issue 15 item 2): the library's video as a real attachment under its
 * readable name (RFC 6266, a Chinese slug included), several as one zip, behind the run's token.
 */
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { parse } from 'content-disposition'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebServer, type WebServer } from '../../electron/web/server'
import { seedLibrary } from '../e2e/support/library-seed'
import { startTestCore, type TestCore } from '../support/core'
import { useTempDir } from '../support/temp'

const run = promisify(execFile)
let t: TestCore
let server: WebServer
let dir: string

beforeAll(async () => {
  dir = await useTempDir('reelbox-download-')
  const folders = { dataDir: path.join(dir, 'data'), libraryDir: path.join(dir, 'library') }
  const base = { modelId: 'kestrel-v2.6', family: 'kestrel', version: '2.6', mode: 't2v' as const, finishedAt: Date.now() }
  await seedLibrary({
    ...folders,
    items: [
      { ...base, id: 'fox01-0', prompt: 'A red fox running through fresh snow', hue: 20 },
      { ...base, id: 'rain02-0', prompt: '雨夜的霓虹街道', hue: 210 },
    ],
  })
  t = await startTestCore({ paths: { data: folders.dataDir, library: folders.libraryDir } })
  const rendererDir = await useTempDir('reelbox-renderer-')
  await writeFile(path.join(rendererDir, 'index.html'), '<html></html>')
  server = await startWebServer({ core: t.core, rendererDir })
})
afterAll(async () => {
  await server?.close()
  await t?.dispose()
})

const url = (tail: string, token = server.token): string => `${server.origin}${tail}${tail.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`
const fileOf = async (id: string): Promise<{ name: string; bytes: Buffer }> => {
  const { item } = await t.core.library.get(id)
  return { name: item.fileName, bytes: await readFile(path.join(dir, 'library', item.folder ?? '', item.fileName)) }
}

describe('web mode’s download route', () => {
  it('answers one video as an attachment under its readable name, Chinese included', async () => {
    for (const id of ['fox01-0', 'rain02-0']) {
      const file = await fileOf(id)
      const answer = await fetch(url(`/download/${id}`))
      expect(answer.status).toBe(200)
      const disposition = answer.headers.get('content-disposition') ?? ''
      // An attachment, not shown in the tab; the name (its UTF-8 form for a Chinese slug) is the file's own.
      const parsed = parse(disposition)
      expect(parsed.type).toBe('attachment')
      expect(parsed.parameters['filename']).toBe(file.name)
      if (/[^\x20-\x7e]/.test(file.name)) expect(disposition).toContain("filename*=UTF-8''")
      expect(Buffer.from(await answer.arrayBuffer()).equals(file.bytes)).toBe(true)
    }
    expect((await fileOf('rain02-0')).name).toContain('雨夜的霓虹街道')
  })

  it('answers several as one zip holding each file whole', async () => {
    const answer = await fetch(url('/download?ids=fox01-0,rain02-0'))
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/zip')
    expect(answer.headers.get('content-disposition')).toContain('Reelbox 2 videos.zip')
    const zip = path.join(await useTempDir(), 'videos.zip')
    await writeFile(zip, Buffer.from(await answer.arrayBuffer()))
    for (const id of ['fox01-0', 'rain02-0']) {
      const file = await fileOf(id)
      const { stdout } = await run('unzip', ['-p', zip, file.name], { encoding: 'buffer', maxBuffer: 64 << 20 })
      expect(stdout.equals(file.bytes)).toBe(true)
    }
  })

  it('refuses without the token, and answers 404 for an unknown id or a path', async () => {
    expect((await fetch(`${server.origin}/download/fox01-0`)).status).toBe(401)
    expect((await fetch(url('/download/fox01-0', 'wrong'))).status).toBe(401)
    expect((await fetch(url('/download/nope'))).status).toBe(404)
    expect((await fetch(url('/download/..%2F..%2Fdata%2Fsettings.json'))).status).toBe(404)
    expect((await fetch(url('/download?ids=fox01-0,nope'))).status).toBe(404)
    expect((await fetch(url('/download/fox01-0/extra'))).status).toBe(404)
  })
})
