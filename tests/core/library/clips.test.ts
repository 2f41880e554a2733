import { copyFile, readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Brought, Recalled } from '../../../shared/contract/library-clips'
import type { LibraryDetail } from '../../../shared/contract/library'
import type { InputImage } from '../../../shared/draft'
import type { LibraryItem } from '../../../shared/library'
import { stagingDir } from '../../../electron/core/library/naming'
import { readSettings } from '../../../electron/core/library/settings'
import { startTestCore, type TestCore } from '../../support/core'
import { makeImage } from '../images/fixtures'
import { makeMp4 } from './support/mp4'
import { resultFields, stage } from './support/fixtures'

let mp4: Buffer
let t: TestCore

beforeAll(async () => {
  mp4 = await makeMp4({ width: 96, height: 64, frames: 24 })
})
afterEach(async () => {
  await t?.dispose()
})

async function importClip(id: string, minute: number, continues?: { itemId: string; atSeconds: number }): Promise<LibraryItem> {
  const fields = resultFields({ id, jobId: id.replace(/-0$/, ''), prompt: `take ${id}`, finishedAt: Date.UTC(2025, 2, 14, 9, minute) })
  const draft = { ...fields.draft, ...(continues ? { continues } : {}) }
  return t.core.library.importResult({ ...fields, draft, stagedFile: await stage(t.core.library.folder, mp4) })
}

const ids = (items: LibraryItem[]): string[] => items.map((i) => i.id)
const call = <T>(method: string, input?: unknown, transport: 'test' | 'websocket' | 'ipc' = 'test'): Promise<T> => t.core.call(method, input, { transport }) as Promise<T>
const fileOf = (item: LibraryItem): string => path.join(t.core.library.folder, item.folder, item.fileName)

describe('lineage', () => {
  it('lists the clip before and after, and follows a chain back to its start and on along the newest take, after a restart too', async () => {
    t = await startTestCore()
    await importClip('a-0', 0)
    await importClip('b-0', 1, { itemId: 'a-0', atSeconds: 1 })
    await importClip('c-0', 2, { itemId: 'b-0', atSeconds: 1 })
    // A second, newer take continuing `a`: the chain from `a` follows it, the one from `c` does not.
    await importClip('d-0', 3, { itemId: 'a-0', atSeconds: 0.5 })

    const lineage = await call<{ before?: LibraryItem; after: LibraryItem[] }>('library.lineage', { id: 'b-0' })
    expect(lineage.before?.id).toBe('a-0')
    expect(ids(lineage.after)).toEqual(['c-0'])
    expect(ids((await call<{ after: LibraryItem[] }>('library.lineage', { id: 'a-0' })).after)).toEqual(['b-0', 'd-0'])
    expect(ids((await call<{ items: LibraryItem[] }>('library.chain', { id: 'c-0' })).items)).toEqual(['a-0', 'b-0', 'c-0'])
    expect(ids((await call<{ items: LibraryItem[] }>('library.chain', { id: 'a-0' })).items)).toEqual(['a-0', 'd-0'])
    const detail = await call<LibraryDetail>('library.get', { id: 'c-0' })
    expect(detail.sidecar?.continues).toEqual({ itemId: 'b-0', atSeconds: 1 })

    // The index on disk keeps lineage: a new engine answers from it.
    await t.reopen()
    expect(ids((await call<{ items: LibraryItem[] }>('library.chain', { id: 'b-0' })).items)).toEqual(['a-0', 'b-0', 'c-0'])
  })
})

describe('videos brought in by hand', () => {
  it('a Reelbox video sent elsewhere and dropped back becomes its item again, sidecar rebuilt from its own settings', async () => {
    t = await startTestCore()
    const original = await importClip('a-0', 0)
    const b = await importClip('b-0', 1, { itemId: 'a-0', atSeconds: 1 })
    const before = (await call<LibraryDetail>('library.get', { id: 'b-0' })).sidecar!
    // Copied out (Slack, a drive), then deleted from the library.
    const copy = path.join(t.dir, 'from-slack.mp4')
    await copyFile(fileOf(b), copy)
    await call('library.delete', { id: 'b-0' })

    const back = await call<Brought>('library.import', { name: 'from-slack.mp4', bytes: new Uint8Array(await readFile(copy)) })
    expect(back.outcome).toBe('imported')
    expect(back.item).toMatchObject({ id: 'b-0', origin: 'generated', prompt: 'take b-0', modelId: 'kling-v2-master', continues: 'a-0' })
    const rebuilt = (await call<LibraryDetail>('library.get', { id: 'b-0' })).sidecar!
    for (const key of ['prompt', 'model', 'mode', 'params', 'draft', 'inputs', 'continues', 'submittedAt', 'finishedAt'] as const) expect(rebuilt[key], key).toEqual(before[key])
    // Dropped again: it is already here, and nothing is doubled.
    expect((await call<Brought>('library.import', { name: 'again.mp4', bytes: new Uint8Array(await readFile(copy)) })).outcome).toBe('known')
    expect((await call<{ total: number }>('library.list', {})).total).toBe(2)
    expect(original.id).toBe('a-0')
    expect(await readdir(stagingDir(t.core.library.folder))).toEqual([])
  })

  it('a video without settings is added as it is; anything else is refused by name, and a web page may not name a path', async () => {
    t = await startTestCore()
    const plain = await call<Brought>('library.import', { name: 'My Clip: v2.mp4', bytes: new Uint8Array(mp4) })
    expect(plain.outcome).toBe('added')
    expect(plain.item).toMatchObject({ origin: 'added', fileName: 'My Clip- v2.mp4', width: 96, height: 64 })
    expect((await readFile(fileOf(plain.item))).equals(mp4)).toBe(true)

    const png = await makeImage(32, 32)
    await expect(call('library.import', { name: 'poster.png', bytes: new Uint8Array(png) })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { problem: { code: 'video.notWhole', params: { name: 'poster.png', why: 'notVideo' } } },
    })
    await expect(call('library.import', { name: 'cut.mp4', bytes: new Uint8Array(mp4.subarray(0, mp4.length - 100)) })).rejects.toMatchObject({
      details: { problem: { code: 'video.notWhole', params: { name: 'cut.mp4', why: 'cutShort' } } },
    })
    const onDisk = path.join(t.dir, 'clip.mp4')
    await copyFile(fileOf(plain.item), onDisk)
    await expect(call('library.importPath', { path: onDisk }, 'websocket')).rejects.toMatchObject({ code: 'FORBIDDEN' })
    expect((await call<Brought>('library.importPath', { path: onDisk }, 'ipc')).outcome).toBe('added')
    await expect(call('library.importPath', { path: path.join(t.dir, 'gone.mp4') }, 'ipc')).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect((await call<{ total: number }>('library.list', {})).total).toBe(2)
    expect(await readdir(stagingDir(t.core.library.folder))).toEqual([])
  })
})

describe('recalling a dropped video’s settings', () => {
  it('gives back the draft with the images this computer still has, and names the rest', async () => {
    t = await startTestCore()
    const kept = await call<InputImage>('inputs.import', { name: 'fox.png', bytes: new Uint8Array(await makeImage(64, 64)) })
    const gone = 'b'.repeat(64)
    const fields = resultFields({ id: 'r-0', mode: 'reference', prompt: 'a fox' })
    const draft = { modelId: fields.draft.modelId, mode: 'reference' as const, prompt: 'a fox', seed: 7, references: [{ kind: 'file' as const, hash: kept.hash, name: 'fox.png' }, { kind: 'file' as const, hash: gone, name: 'old.png' }] }
    const item = await t.core.library.importResult({ ...fields, draft, stagedFile: await stage(t.core.library.folder, mp4) })

    const read = await readSettings(fileOf(item))
    if (read.found !== 'settings') throw new Error('no settings in the video')
    const recalled = await call<Recalled>('library.recall', { settings: JSON.stringify({ ...read.settings }) })
    expect(recalled).toEqual({ found: 'settings', draft, images: [{ ...kept, name: 'fox.png' }], missing: [gone], itemId: 'r-0' })
    expect(await call<Recalled>('library.recall', { settings: '{"reelbox":2}' })).toMatchObject({ found: 'unreadable', reason: expect.stringContaining('reelbox') })
    expect(await call<Recalled>('library.recall', { settings: 'not json' })).toEqual({ found: 'unreadable', reason: 'the settings are not JSON' })
  })
})
