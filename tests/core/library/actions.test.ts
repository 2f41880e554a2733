import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ShellPort } from '../../../electron/core/ports'
import { createInputStore } from '../../../electron/core/images/store'
import { createLogHub } from '../../../electron/core/logger'
import { useTempDir } from '../../support/temp'
import { makeImage } from '../images/fixtures'
import { makeMp4 } from './support/mp4'
import { newTestLibrary, resultFields, stage, type TestLibrary } from './support/fixtures'

let mp4: Buffer
let t: TestLibrary & { cleanup(): Promise<void> }

beforeAll(async () => {
  mp4 = await makeMp4()
})
afterEach(async () => {
  await t?.cleanup()
})

async function sidecarOfOnly(root: string): Promise<Record<string, unknown>> {
  const dir = path.join(root, '2025-03')
  const json = (await readdir(dir)).find((f) => f.endsWith('.json'))!
  return JSON.parse(await readFile(path.join(dir, json), 'utf8')) as Record<string, unknown>
}

describe('library actions', () => {
  it('writes favourite, rating and tags into the sidecar, so they survive a lost index', async () => {
    t = await newTestLibrary()
    await t.library.importResult({ ...resultFields(), stagedFile: await stage(t.root, mp4) })
    const item = await t.library.update({ id: 'job01-0', favourite: true, rating: 4, addTags: ['hero', 'client-x', 'hero'] })
    expect(item).toMatchObject({ favourite: true, rating: 4, tags: ['hero', 'client-x'] })
    expect(await sidecarOfOnly(t.root)).toMatchObject({ favourite: true, rating: 4, tags: ['hero', 'client-x'], prompt: resultFields().prompt })
    expect(t.events.at(-1)).toEqual({ kind: 'updated', ids: ['job01-0'] })
    await t.library.dispose()
    await rm(path.join(t.data, 'library-index'), { recursive: true })
    Object.assign(t, await t.reopen())
    expect((await t.library.list({ sort: 'newest', offset: 0, limit: 10, favourite: true, tags: ['hero'] })).items).toEqual([item])
  })

  it('gives a hand-added video its first sidecar when it is tagged', async () => {
    t = await newTestLibrary()
    await t.library.validated()
    await writeFile(path.join(t.root, 'mine.mp4'), mp4)
    await t.library.rescan()
    const [added] = (await t.library.list({ sort: 'newest', offset: 0, limit: 10 })).items
    await t.library.update({ id: added!.id, addTags: ['b-roll'] })
    const sidecar = JSON.parse(await readFile(path.join(t.root, 'mine.json'), 'utf8'))
    expect(sidecar).toMatchObject({ schemaVersion: 1, id: added!.id, origin: 'added', tags: ['b-roll'], media: { file: 'mine.mp4', size: mp4.length, width: 64 } })
    await expect(t.library.reuse(added!.id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('added to the folder by hand') })
  })

  it('deletes to the library trash without a shell, and to the OS trash through the shell port', async () => {
    t = await newTestLibrary()
    await t.library.importResult({ ...resultFields(), stagedFile: await stage(t.root, mp4) })
    const outcome = await t.library.delete('job01-0')
    expect(outcome).toMatchObject({ id: 'job01-0', trashed: 'library-trash', location: expect.stringMatching(/^\.reelbox\/trash\//) })
    expect(await readdir(path.join(t.root, outcome.location!))).toHaveLength(2)
    expect(await readdir(path.join(t.root, '2025-03'))).toEqual([])
    expect((await t.library.list({ sort: 'newest', offset: 0, limit: 10 })).total).toBe(0)
    await expect(t.library.get('job01-0')).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await t.cleanup()

    const trashed: string[] = []
    const shell: ShellPort = {
      trash: async (file) => {
        trashed.push(file)
        await rm(file)
      },
    }
    t = await newTestLibrary({ shell })
    await t.library.importResult({ ...resultFields(), stagedFile: await stage(t.root, mp4) })
    expect(await t.library.delete('job01-0')).toEqual({ id: 'job01-0', trashed: 'os-trash' })
    expect(trashed.map((f) => path.extname(f))).toEqual(['.mp4', '.json']) // the video first
  })

  it('opens and reveals through the shell, and says plainly when this window cannot', async () => {
    const calls: string[] = []
    t = await newTestLibrary({ shell: { openPath: async (f) => void calls.push(`open ${path.basename(f)}`), reveal: async () => Promise.reject(new Error('No file manager')) } })
    await t.library.importResult({ ...resultFields(), stagedFile: await stage(t.root, mp4) })
    expect(await t.library.open('job01-0')).toEqual({ done: true })
    expect(calls[0]).toMatch(/^open 2025-03-14_.*\.mp4$/)
    expect(await t.library.reveal('job01-0')).toEqual({ done: false, message: 'No file manager' })
    await t.cleanup()
    t = await newTestLibrary()
    await t.library.importResult({ ...resultFields(), stagedFile: await stage(t.root, mp4) })
    expect(await t.library.open('job01-0')).toEqual({ done: false, message: expect.stringContaining('cannot open videos in another app') })
  })

  it('reuses the draft and its input images from the input store, offline, and says which are gone', async () => {
    const png = await makeImage(40, 30, { fill: 'flat' })
    const inputs = createInputStore({ dataDir: await useTempDir('reelbox-inputs-'), log: createLogHub(() => 0).root })
    const stored = await inputs.import({ name: 'first frame.png', bytes: png })
    t = await newTestLibrary({ inputs })
    const missingHash = 'f'.repeat(64)
    const draft = { modelId: 'kling-v2-master', mode: 'first-last' as const, prompt: 'morph', first: { kind: 'file' as const, hash: stored.hash, name: 'a.png' }, last: { kind: 'file' as const, hash: missingHash, name: 'b.png' } }
    await t.library.importResult({
      ...resultFields({ mode: 'first-last', draft, inputs: [{ role: 'headtailImages.first', kind: 'file', hash: stored.hash, name: 'a.png' }, { role: 'headtailImages.last', kind: 'file', hash: missingHash, name: 'b.png' }] }),
      stagedFile: await stage(t.root, mp4),
    })
    const reuse = await t.library.reuse('job01-0')
    expect(reuse.draft).toEqual(draft)
    expect(reuse.images).toEqual([{ ...stored, name: 'a.png' }])
    expect(reuse.missing).toEqual([missingHash])
    const detail = await t.library.get('job01-0')
    expect(detail.inputs.map((i) => i.available)).toEqual([true, false])
    expect(detail.sidecar?.draft).toEqual(draft)
  })

  it('caches a poster the page drew, as a bounded JPEG, and refuses what is not an image', async () => {
    t = await newTestLibrary()
    await t.library.importResult({ ...resultFields(), stagedFile: await stage(t.root, mp4) })
    const png = await sharp({ create: { width: 3000, height: 1000, channels: 4, background: '#fa0' } }).png().toBuffer()
    expect(await t.library.setPoster('job01-0', png)).toMatchObject({ hasPoster: true })
    const jpg = (await readdir(path.join(t.root, '2025-03'))).find((f) => f.endsWith('.jpg'))!
    expect(await sharp(path.join(t.root, '2025-03', jpg)).metadata()).toMatchObject({ format: 'jpeg', width: 1280 })
    await expect(t.library.setPoster('job01-0', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { fields: { bytes: [{ code: 'poster.refused', params: { why: 'unreadable' } }] } },
    })
    await expect(t.library.setPoster('job01-0', new Uint8Array(11 * 1024 * 1024))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { fields: { bytes: [{ code: 'poster.refused', params: { why: 'tooLarge', megabytes: 10 } }] } },
    })
    await expect(t.library.setPoster('nope', png)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
