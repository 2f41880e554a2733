import { readFile } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Readable } from 'node:stream'
import { createCore, type Core } from '../../../electron/core'
import { startWebServer, type WebServer } from '../../../electron/web/server'
import { mediaProtocolHandler } from '../../../electron/main/media-protocol'
import { mediaUrl } from '../../../shared/media'
import { useTempDir } from '../../support/temp'
import { fuzzMedia, type FuzzCase, type Served } from './support/media-fuzz'
import { buildMediaWorld, type MediaWorld } from './support/media-world'

// CI runs a quick fuzz; `node scripts/fuzz-media.mjs` runs 100,000 of each.
const FUZZ_COUNT = Number(process.env['REELBOX_FUZZ_COUNT'] ?? 4000)
const HTTP_FUZZ_COUNT = Number(process.env['REELBOX_FUZZ_HTTP_COUNT'] ?? 1000)
// About 2 ms per HTTP request and 0.1 ms per direct call on a slow machine, with room to spare.
const fuzzTimeout = (n: number, msEach: number): number => Math.max(20_000, n * msEach * 3)

let dir: string
let world: MediaWorld

async function collect(body: Readable | undefined): Promise<Buffer> {
  if (!body) return Buffer.alloc(0)
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function direct(kind: string, id: string, range?: string, extra: { ifNoneMatch?: string; head?: boolean } = {}): Promise<Served> {
  const answer = await world.lib.library.respondMedia(kind, id, { range, ...extra })
  return { status: answer.status, headers: answer.headers, body: await collect(answer.body) }
}

beforeAll(async () => {
  dir = await useTempDir('reelbox-media-')
  world = await buildMediaWorld(dir)
})
afterAll(() => world.lib.dispose())

describe('the media responder', () => {
  it('serves a video whole, with its type, length, validators and Accept-Ranges', async () => {
    const r = await direct('video', 'job01-0')
    expect(r.status).toBe(200)
    expect(r.body.equals(world.video)).toBe(true)
    expect(r.headers).toMatchObject({ 'content-type': 'video/mp4', 'content-length': String(world.video.length), 'accept-ranges': 'bytes', etag: expect.stringMatching(/^".+"$/), 'last-modified': expect.stringContaining('GMT') })
    expect((await direct('video', 'job01-0', undefined, { ifNoneMatch: r.headers['etag'] })).status).toBe(304)
    const head = await direct('video', 'job01-0', 'bytes=0-9', { head: true })
    expect(head).toMatchObject({ status: 206, body: Buffer.alloc(0), headers: { 'content-length': '10' } })
  })

  it('answers ranges with 206 and the exact bytes, and unsatisfiable ones with 416', async () => {
    const size = world.video2.length
    const cases: Array<[string, number, number]> = [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, size - 1],
      ['bytes=-100', size - 100, size - 1],
      ['bytes=10-99999999', 10, size - 1],
      [`bytes=${size - 1}-${size - 1}`, size - 1, size - 1],
    ]
    for (const [range, start, end] of cases) {
      const r = await direct('video', 'job02-0', range)
      expect(r.status, range).toBe(206)
      expect(r.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`)
      expect(r.body.equals(world.video2.subarray(start, end + 1)), range).toBe(true)
    }
    for (const range of [`bytes=${size}-`, 'bytes=-0', 'bytes=99999999999999999999-']) {
      const r = await direct('video', 'job02-0', range)
      expect(r.status, range).toBe(416)
      expect(r.headers['content-range']).toBe(`bytes */${size}`)
    }
    // Garbage and multiple ranges are ignored: the whole file is a correct answer.
    for (const range of ['bytes=abc', 'items=0-1', 'bytes=0-1,5-9', 'bytes=9-2']) expect((await direct('video', 'job02-0', range)).status, range).toBe(200)
  })

  it('serves posters and input images by id with their types, and nothing for unknown ids', async () => {
    expect(await direct('poster', 'job01-0')).toMatchObject({ status: 200, headers: { 'content-type': 'image/jpeg' } })
    expect((await direct('poster', 'job02-0')).status).toBe(404) // no poster yet
    const input = await direct('input', world.input.hash)
    expect(input).toMatchObject({ status: 200, headers: { 'content-type': 'image/png' } })
    expect(input.body.equals(world.input.bytes)).toBe(true)
    expect((await direct('input', 'a'.repeat(64))).status).toBe(404)
    expect((await direct('thumbnail', 'job01-0')).status).toBe(404)
  })

  it('refuses a video that became a symlink out of the library, and a folder that did', async () => {
    expect((await direct('video', 'trap1-0')).status).toBe(404)
    expect((await direct('video', 'trap2-0')).status).toBe(404)
  })

  it('would notice an escape: a naive responder that joins the id to the folder is caught', async () => {
    const naive = async (c: FuzzCase): Promise<Served> => {
      try {
        const body = await readFile(path.join(world.lib.root, c.id))
        return { status: 200, headers: { 'accept-ranges': 'bytes', 'content-length': String(body.length) }, body }
      } catch {
        return { status: 404, headers: {}, body: Buffer.alloc(0) }
      }
    }
    const report = await fuzzMedia({ count: 2000, seed: 7, legitIds: world.legitIds, legitBodies: world.legitBodies, send: naive })
    expect(report.escapes.length).toBeGreaterThan(0)
  })

  it(`lets nothing out under ${FUZZ_COUNT} crafted ids and ranges`, async () => {
    const report = await fuzzMedia({
      count: FUZZ_COUNT,
      seed: 20250314,
      legitIds: world.legitIds,
      legitBodies: world.legitBodies,
      send: (c) => direct(c.kind, c.id, c.range),
    })
    expect(report.escapes.slice(0, 5)).toEqual([])
    expect(report.count).toBe(FUZZ_COUNT)
    // The fuzz must also reach the files, or it proves nothing.
    expect(report.byStatus[200]! + report.byStatus[206]!).toBeGreaterThan(FUZZ_COUNT / 50)
    expect(report.byStatus[416]).toBeGreaterThan(0)
  }, fuzzTimeout(FUZZ_COUNT, 0.1))
})

describe('the media routes', () => {
  let core: Core
  let server: WebServer

  beforeAll(async () => {
    // A second engine on the same folders, as web mode runs it.
    core = await createCore({ host: { shell: 'web', version: '0', runtime: 'test' }, paths: { data: world.lib.data, library: world.lib.root }, heartbeatMs: 0 })
    server = await startWebServer({ core, rendererDir: dir })
    await core.library.validated()
  })
  afterAll(async () => {
    await server.close()
    await core.dispose()
  })

  function get(path: string, headers: Record<string, string> = {}): Promise<Served> {
    return new Promise((resolve, reject) => {
      const url = new URL(server.origin)
      const req = httpRequest({ host: url.hostname, port: url.port, path, headers, agent: false }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      })
      req.on('error', reject)
      req.end()
    })
  }

  it('serves /media/<kind>/<id> in web mode with the run token, and ranges', async () => {
    const url = new URL(mediaUrl({ shell: 'web', origin: server.origin, token: server.token }, 'video', 'job01-0'))
    const ok = await get(url.pathname + url.search, { range: 'bytes=0-15' })
    expect(ok.status).toBe(206)
    expect(ok.body.equals(world.video.subarray(0, 16))).toBe(true)
    expect((await get('/media/video/job01-0')).status).toBe(401)
    expect((await get('/media/video/job01-0?token=wrong')).status).toBe(401)
    expect((await get(`/media/video/job01-0?token=${server.token}`, { origin: 'https://evil.example' })).status).toBe(403)
    expect((await get(`/media/video/job01-0/extra?token=${server.token}`)).status).toBe(404)
    expect((await get(`/media/input/${world.input.hash}?token=${server.token}`)).body.equals(world.input.bytes)).toBe(true)
  })

  it(`lets nothing out over HTTP either (${HTTP_FUZZ_COUNT} crafted requests)`, async () => {
    const report = await fuzzMedia({
      count: HTTP_FUZZ_COUNT,
      seed: 42,
      legitIds: world.legitIds,
      legitBodies: world.legitBodies,
      send: (c) => sendHttp(c),
    })
    expect(report.escapes.slice(0, 5)).toEqual([])
    expect((report.byStatus[200] ?? 0) + (report.byStatus[206] ?? 0)).toBeGreaterThan(0)
  }, fuzzTimeout(HTTP_FUZZ_COUNT, 2))

  /** Percent-encodes UTF-8 bytes (lone surrogates included, as U+FFFD) of the characters matched. */
  const pct = (text: string, unsafe: RegExp): string => text.replace(unsafe, (ch) => [...Buffer.from(ch)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''))

  /** The crafted id goes into the URL raw half of the time (traversal as the attacker would type it). */
  function sendHttp(c: FuzzCase): Promise<Served | undefined> {
    const raw = c.id.length % 2 === 0
    const id = pct(c.id, raw ? /[^\x21-\x7e]|[?#%]/gu : /[^A-Za-z0-9_.~-]/gu)
    const kind = pct(c.kind, /[^\x21-\x7e]|[?#]/gu)
    const headers: Record<string, string> = {}
    if (c.range !== undefined) {
      if (/[^\x20-\x7e]/.test(c.range)) return Promise.resolve(undefined) // not a valid header value
      headers['range'] = c.range
    }
    return get(`/media/${kind}/${id}?token=${server.token}`, headers)
  }

  it('adapts the same responder to the Electron scheme, with CORS for our page only', async () => {
    const handler = mediaProtocolHandler(core.library.respondMedia, () => ['reelbox://app'])
    const ok = await handler(new Request(mediaUrl({ shell: 'electron' }, 'video', 'job01-0'), { headers: { range: 'bytes=0-9', origin: 'reelbox://app' } }))
    expect(ok.status).toBe(206)
    expect(ok.headers.get('access-control-allow-origin')).toBe('reelbox://app')
    expect(Buffer.from(await ok.arrayBuffer()).equals(world.video.subarray(0, 10))).toBe(true)
    const foreign = await handler(new Request('reelbox-media://poster/job01-0', { headers: { origin: 'https://evil.example' } }))
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    expect((await handler(new Request('reelbox-media://video/job01-0/../../secret.txt'))).status).toBe(404)
    expect((await handler(new Request('reelbox-media://video/trap1-0'))).status).toBe(404)
    expect((await handler(new Request('reelbox-media://video/job01-0', { method: 'POST' }))).status).toBe(405)
  })
})
