import { readdir, readFile, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { writeFileAtomic } from '../../../electron/core/files/atomic'
import type { Marks } from '../../../electron/core/library/marks'
import { posterOf, sidecarOf } from '../../../electron/core/library/naming'
import { makeImage } from '../images/fixtures'
import { parseSidecar } from '../../../electron/core/library/sidecar'
import type { LibraryDetail, LibraryFacets, LibraryPage } from '../../../shared/contract/library'
import type { LibraryItem } from '../../../shared/library'
import { startTestCore, type TestCore } from '../../support/core'
import { useTempDir } from '../../support/temp'
import { WORK_MS } from '../../e2e/support/waits'
import { makeMp4 } from './support/mp4'
import { openTestLibrary, resultFields, stage, type TestLibrary } from './support/fixtures'

/**
 * Issue 27 item 2: two engines (two data folders, as two machines) on one library folder edit
 * one item at the same moment and lose nothing; a holder of the edit lock that dies leaves an
 * item the other can still edit.
 */
const opened: TestLibrary[] = []
const cores: TestCore[] = []
afterEach(async () => {
  await Promise.all([...opened.splice(0), ...cores.splice(0)].map((t) => t.dispose()))
})

const mei = { user: 'mei', machine: 'studio-mac-1' }
const tom = { user: 'tom', machine: 'TOM-PC' }

async function twoMachines(): Promise<{ a: TestLibrary; b: TestLibrary; item: LibraryItem; sidecar: string }> {
  const root = path.join(await useTempDir('reelbox-studio-'), 'library')
  const a = openTestLibrary(await useTempDir('reelbox-machine-a-'), { library: root, madeBy: () => mei })
  const b = openTestLibrary(await useTempDir('reelbox-machine-b-'), { library: root, madeBy: () => tom })
  opened.push(a, b)
  const item = await a.library.importResult({ ...resultFields(), stagedFile: await stage(root, await makeMp4({ width: 64, height: 48, frames: 12 })) })
  await b.library.rescan()
  expect((await b.library.get(item.id)).item.id).toBe(item.id)
  return { a, b, item, sidecar: sidecarOf(path.join(root, item.folder, item.fileName)) }
}

const onDisk = async (file: string): Promise<Marks> => {
  const parsed = parseSidecar(await readFile(file, 'utf8'))
  if (parsed.kind === 'invalid') throw new Error(parsed.reason)
  return parsed.sidecar
}

describe('who made it', () => {
  it('records the maker in the sidecar, and the other machine shows it', async () => {
    const { b, item, sidecar } = await twoMachines()
    expect(item.madeBy).toEqual(mei)
    expect(JSON.parse(await readFile(sidecar, 'utf8'))).toMatchObject({ madeBy: mei })
    expect((await b.library.get(item.id)).item.madeBy).toEqual(mei)
    // Kept by the index: a restart serves it without reading the sidecar.
    const again = await b.reopen()
    opened.splice(opened.indexOf(b), 1, again)
    expect((await again.library.list({ sort: 'newest', offset: 0, limit: 10 })).items[0]?.madeBy).toEqual(mei)

    // One of Tom's beside it: the filter and the facets know both makers.
    const his = await again.library.importResult({ ...resultFields({ id: 'tom1-0', jobId: 'tom1', prompt: 'a paper boat' }), stagedFile: await stage(again.root, await makeMp4({ width: 64, height: 48, frames: 12 })) })
    expect(his.madeBy).toEqual(tom)
    const page = (makers: string[]) => again.library.list({ sort: 'newest', offset: 0, limit: 10, makers })
    expect((await page(['tom'])).items.map((i) => i.id)).toEqual(['tom1-0'])
    expect((await page(['mei'])).items.map((i) => i.id)).toEqual([item.id])
    expect((await page(['nobody'])).total).toBe(0)
    expect((await again.library.facets()).makers).toEqual([{ user: 'mei', count: 1 }, { user: 'tom', count: 1 }])
  })
})

describe('the name on the videos', () => {
  it('puts the display name from Settings beside the OS user and machine the shell gives the engine', async () => {
    const t = await startTestCore({ maker: mei })
    try {
      const plain = await t.core.library.importResult({ ...resultFields({ id: 'p1-0', jobId: 'p1' }), stagedFile: await stage(t.core.library.folder, await makeMp4({ width: 64, height: 48, frames: 12 })) })
      expect(plain.madeBy).toEqual(mei)
      await t.core.call('settings.update', { displayName: '  Mei Lin ' })
      const named = await t.core.library.importResult({ ...resultFields({ id: 'p2-0', jobId: 'p2' }), stagedFile: await stage(t.core.library.folder, await makeMp4({ width: 64, height: 48, frames: 12 })) })
      expect(named.madeBy).toEqual({ ...mei, name: 'Mei Lin' })
      // The filter bar offers her by the name the tiles show, and filters by her OS user; so
      // does the index the next start loads.
      const makers = [{ user: 'mei', name: 'Mei Lin', count: 2 }]
      expect((await t.core.call('library.facets')) as LibraryFacets).toMatchObject({ makers })
      const again = await t.reopen()
      expect((await again.call('library.facets')) as LibraryFacets).toMatchObject({ makers })
      expect(((await again.call('library.list', { makers: ['mei'], limit: 10 })) as LibraryPage).total).toBe(2)
    } finally {
      await t.dispose()
    }
  })
})

describe('edits from two machines at once', () => {
  it('keeps every tag, untag, favourite and rating over 20 simultaneous rounds, and only the writer rewrites the sidecar', async () => {
    const { a, b, item, sidecar } = await twoMachines()
    const settled = { timeout: WORK_MS, interval: 50 }
    for (let round = 0; round < 20; round++) {
      await Promise.all([
        a.library.update({ id: item.id, addTags: [`a${round}`, 'both'], removeTags: round ? [`a${round - 1}`] : [], rating: round % 6 }),
        b.library.update({ id: item.id, addTags: [`b${round}`, 'both'], removeTags: round ? [`b${round - 1}`] : [], favourite: round % 2 === 0 }),
      ])
      await Promise.all([a.library.studio.refresh(), b.library.studio.refresh()])
      const expected = { rating: round % 6, favourite: round % 2 === 0, tags: new Set([`a${round}`, `b${round}`, 'both']) }
      for (const machine of [a, b]) {
        await vi.waitFor(async () => {
          const { item: seen } = await machine.library.get(item.id)
          expect({ rating: seen.rating, favourite: seen.favourite, tags: new Set(seen.tags) }, `round ${round}`).toEqual(expected)
        }, settled)
      }
      // The sidecar is the view its writer (a, who made the video) keeps for other tools.
      await vi.waitFor(async () => {
        const marks = await onDisk(sidecar)
        expect({ rating: marks.rating, favourite: marks.favourite, tags: new Set(marks.tags) }, `round ${round}`).toEqual(expected)
      }, settled)
    }
    expect(JSON.parse(await readFile(sidecar, 'utf8'))).toMatchObject({ writer: a.library.studio.machine })
    // Each machine wrote its own log only.
    const logs = path.join(a.root, '.reelbox-shared', 'changes')
    expect((await readdir(logs)).sort()).toEqual([`${a.library.studio.machine}.jsonl`, `${b.library.studio.machine}.jsonl`].sort())
  })
})

describe('a page that has not shown the other machine’s tag yet', () => {
  it('keeps that tag when the designer adds one of their own', async () => {
    // Two live engines on one library, as in the app: each follows the folder.
    const library = path.join(await useTempDir('reelbox-studio-'), 'library')
    const machine = async (maker: typeof mei): Promise<TestCore> => {
      const data = path.join(await useTempDir('reelbox-machine-'), 'data')
      const t = await startTestCore({ paths: { data, library }, maker, libraryFollowMs: 200 })
      cores.push(t)
      return t
    }
    const meiCore = await machine(mei)
    const tomCore = await machine(tom)
    const item = await meiCore.core.library.importResult({ ...resultFields(), stagedFile: await stage(library, await makeMp4({ width: 64, height: 48, frames: 12 })) })
    const settled = { timeout: WORK_MS, interval: 50 }
    await vi.waitFor(async () => expect(await tomCore.core.library.has(item.id)).toBe(true), settled)

    // Tom's page shows the item without tags; Mei tags it, and Tom's engine follows the folder
    // before his page has asked again (it is told a moment later).
    const tomsPage = (await tomCore.core.call('library.get', { id: item.id })) as LibraryDetail
    expect(tomsPage.item.tags).toEqual([])
    await meiCore.core.call('library.update', { id: item.id, addTags: ['client-x'] })
    await vi.waitFor(async () => expect((await tomCore.core.library.get(item.id)).item.tags).toEqual(['client-x']), settled)

    // The whole list Tom's page would send ([...what it shows, 'hero']) would untag client-x,
    // which he never saw: the engine takes only the edit.
    await expect(tomCore.core.call('library.update', { id: item.id, tags: [...tomsPage.item.tags, 'hero'] })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    expect(await tomCore.core.call('library.update', { id: item.id, addTags: ['hero'] })).toMatchObject({ tags: ['client-x', 'hero'] })
    await vi.waitFor(async () => expect((await meiCore.core.library.get(item.id)).item.tags).toEqual(['client-x', 'hero']), settled)
  })
})

describe('files the studio can read', () => {
  it.skipIf(os.platform() === 'win32')('writes videos, sidecars and posters for others to read (as the umask allows), and data-folder files for this user alone', async () => {
    const { a, item, sidecar } = await twoMachines()
    const shared = 0o644 & ~process.umask()
    const modeOf = async (file: string): Promise<string> => ((await stat(file)).mode & 0o777).toString(8)
    const video = path.join(a.root, item.folder, item.fileName)
    await a.library.setPoster(item.id, await makeImage(64, 48, { fill: 'flat' }))
    await a.library.update({ id: item.id, addTags: ['client-x'] })
    for (const file of [video, sidecar, posterOf(video)]) expect(await modeOf(file), path.basename(file)).toBe(shared.toString(8))

    // What stays in the data folder (a journal entry, settings) is this user's alone, whatever the umask.
    const own = path.join(a.data, 'jobs', 'job01.json')
    await writeFileAtomic(own, '{}')
    expect(await modeOf(own)).toBe('600')
  })
})
