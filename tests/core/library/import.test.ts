import { createHash } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Sidecar } from '../../../shared/library'
import { stagingDir } from '../../../electron/core/library/naming'
import { makeImage } from '../images/fixtures'
import { makeMp4 } from './support/mp4'
import { newTestLibrary, resultFields, stage, type TestLibrary } from './support/fixtures'

let mp4: Buffer
let t: TestLibrary & { cleanup(): Promise<void> }

beforeAll(async () => {
  mp4 = await makeMp4({ width: 96, height: 64, frames: 48, fps: 24 })
})
afterEach(async () => {
  await t?.cleanup()
})

/** Every file under the library except Reelbox's own corner, `/`-separated. */
async function filesIn(root: string): Promise<string[]> {
  const names = await readdir(root, { recursive: true })
  return names
    .map((n) => n.split(path.sep).join('/'))
    .filter((n) => !n.startsWith('.reelbox'))
    .sort()
}

describe('importResult', () => {
  it('moves a finished download into the library with a readable name, a sidecar and measured facts', async () => {
    t = await newTestLibrary()
    const staged = await stage(t.root, mp4)
    const item = await t.library.importResult({ ...resultFields(), stagedFile: staged })

    expect(item).toMatchObject({ id: 'job01-0', origin: 'generated', modelId: 'kling-v2-master', mode: 't2v', durationSec: 2, width: 96, height: 64, hasPoster: false })
    const files = await filesIn(t.root)
    const video = files.find((f) => f.endsWith('.mp4'))!
    expect(video).toMatch(/^2025-03\/2025-03-14_\d{4}_a-red-fox-running-through-fresh-snow-at-dawn_kling-v2-master_[0-9a-f]{8}\.mp4$/)
    expect(files).toEqual(['2025-03', video, video.replace(/\.mp4$/, '.json')].sort())
    expect(await readdir(stagingDir(t.root))).toEqual([]) // moved, not copied

    const sidecar = Sidecar.parse(JSON.parse(await readFile(path.join(t.root, video.replace(/\.mp4$/, '.json')), 'utf8')))
    // The video carries its settings (a larger index); the sidecar also names the original.
    const size = (await stat(path.join(t.root, video))).size
    expect(size).toBeGreaterThan(mp4.length)
    expect(sidecar.media).toMatchObject({ file: path.basename(video), durationSec: 2, width: 96, height: 64, size })
    expect(sidecar.media.original).toEqual({ size: mp4.length, sha256: createHash('sha256').update(mp4).digest('hex') })
    expect(sidecar.media.codec).toMatch(/^avc1\./)
    expect(sidecar.service).toEqual({ baseUrl: 'http://127.0.0.1:9/sandbox', taskId: 'task-1', requestId: 'req-1', sandbox: true })
    expect(t.events).toContainEqual({ kind: 'added', ids: ['job01-0'] })
    expect((await t.library.list({ sort: 'newest', offset: 0, limit: 10 })).items).toEqual([item])
  })

  it('imports the same result once, however often and however concurrently it is asked', async () => {
    t = await newTestLibrary()
    const staged = await stage(t.root, mp4)
    const [a, b] = await Promise.all([
      t.library.importResult({ ...resultFields(), stagedFile: staged }),
      t.library.importResult({ ...resultFields(), stagedFile: staged }),
    ])
    // The downloader, restarted, asks again with a fresh copy of the same result.
    const again = await t.library.importResult({ ...resultFields(), stagedFile: await stage(t.root, mp4) })
    expect(b).toEqual(a)
    expect(again).toEqual(a)
    expect((await filesIn(t.root)).filter((f) => f.endsWith('.mp4'))).toHaveLength(1)
    expect((await t.library.list({ sort: 'newest', offset: 0, limit: 10 })).total).toBe(1)
  })

  it('keeps the service poster as a JPEG beside the video and records it', async () => {
    t = await newTestLibrary()
    const png = await makeImage(1920, 1080, { fill: 'flat' })
    const item = await t.library.importResult({ ...resultFields(), stagedFile: await stage(t.root, mp4), poster: png })
    expect(item.hasPoster).toBe(true)
    const poster = (await filesIn(t.root)).find((f) => f.endsWith('.jpg'))!
    const meta = await sharp(path.join(t.root, poster)).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 1280, height: 720 })
  })

  it('names CJK prompts with their own characters and strips secrets from the parameters', async () => {
    t = await newTestLibrary()
    const fields = resultFields({ prompt: '一只猫在雨中奔跑，电影感', params: { prompt: 'x', api_key: 'sk-canary-123', Authorization: 'Bearer sk-canary-123', seed: 7 } })
    await t.library.importResult({ ...fields, stagedFile: await stage(t.root, mp4) })
    const [json] = (await filesIn(t.root)).filter((f) => f.endsWith('.json'))
    expect(json).toMatch(/_一只猫在雨中奔跑-电影感_kling-v2-master_/)
    const text = await readFile(path.join(t.root, json!), 'utf8')
    expect(text).not.toContain('sk-canary-123')
    expect(JSON.parse(text).params).toEqual({ prompt: 'x', seed: 7 })
  })

  it('refuses a staged file outside the staging folder, and a missing one, naming the field', async () => {
    t = await newTestLibrary()
    await expect(t.library.importResult({ ...resultFields(), stagedFile: path.join(t.dir, 'elsewhere.mp4') })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { fields: { stagedFile: [{ code: 'input.invalid', params: { reason: expect.stringContaining('must be inside') } }] } },
    })
    await expect(t.library.importResult({ ...resultFields(), stagedFile: path.join(stagingDir(t.root), 'gone.mp4') })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(t.library.importResult({ ...resultFields({ mode: 'bogus' as never }), stagedFile: await stage(t.root, mp4) })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { fields: { mode: expect.any(Array) } },
    })
    expect(await filesIn(t.root)).toEqual([])
  })

  it('gives a second result of the same minute, prompt and model its own files', async () => {
    t = await newTestLibrary()
    await t.library.importResult({ ...resultFields({ id: 'job01-0' }), stagedFile: await stage(t.root, mp4) })
    await t.library.importResult({ ...resultFields({ id: 'job01-1' }), stagedFile: await stage(t.root, mp4) })
    const videos = (await filesIn(t.root)).filter((f) => f.endsWith('.mp4'))
    expect(new Set(videos).size).toBe(2)
    for (const video of videos) {
      const sidecar = Sidecar.parse(JSON.parse(await readFile(path.join(t.root, video.replace(/\.mp4$/, '.json')), 'utf8')))
      expect(sidecar.media.size).toBe((await stat(path.join(t.root, video))).size)
      expect(sidecar.media.original?.size).toBe(mp4.length)
    }
  })
})
