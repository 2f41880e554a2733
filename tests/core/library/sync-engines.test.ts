import { execFile } from 'node:child_process'
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { checkFolders } from '../../../electron/core/library/folder-check'
import { indexFileOf } from '../../../electron/core/library/index-db'
import { type MarkEdit, resolve, stampsOf } from '../../../electron/core/library/marks'
import { conflictsDir, sidecarOf, stemOf } from '../../../electron/core/library/naming'
import { conflictOriginal } from '../../../electron/core/library/sync-names'
import type { Sidecar } from '../../../shared/library'
import { startTestCore } from '../../support/core'
import { useTempDir } from '../../support/temp'
import { makeMp4 } from './support/mp4'
import { openTestLibrary, resultFields, stage, type TestLibrary } from './support/fixtures'

/**
 * Issue 27 item 3: a library kept in step by a sync engine. Conflict copies (by the names
 * Syncthing, Dropbox and Unison really give them) are merged into their item and moved aside;
 * files still arriving are never items; a video that arrives before its sidecar is one item.
 */
const opened: TestLibrary[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.dispose()))
})

const open = (dir: string, library: string): TestLibrary => {
  const t = openTestLibrary(dir, { library })
  opened.push(t)
  return t
}
const all = { sort: 'newest' as const, offset: 0, limit: 50 }
/** A sidecar as a build from before the change logs edited it: the marks rewritten, stamped. */
function oldBuildEdit(base: Sidecar, edit: MarkEdit, at: number): Sidecar {
  const stamps = stampsOf(base)
  if (edit.favourite !== undefined) stamps.favourite = { value: edit.favourite, at }
  if (edit.rating !== undefined) stamps.rating = { value: edit.rating, at }
  for (const tag of edit.addTags ?? []) stamps.tags[tag] = { added: at }
  return { ...base, ...resolve(stamps) }
}
const readJson = async (file: string): Promise<Sidecar> => JSON.parse(await readFile(file, 'utf8')) as Sidecar

describe('sync engine names', () => {
  it('knows a conflict copy by the names Syncthing, Dropbox and Unison give them, and nothing else', () => {
    expect(conflictOriginal('2025-03/clip.sync-conflict-20250314-093012-7XK2QCU.json')).toBe('2025-03/clip.json')
    expect(conflictOriginal('2025-03/clip.sync-conflict-20250314-093012-7XK2QCU.mp4')).toBe('2025-03/clip.mp4')
    expect(conflictOriginal("clip (Mei's conflicted copy 2025-03-14).json")).toBe('clip.json')
    expect(conflictOriginal("clip (Mei's conflicted copy 2025-03-14 (1)).json")).toBe('clip.json')
    expect(conflictOriginal('a b/clip (conflict_on_2025-03-14).json')).toBe('a b/clip.json')
    expect(conflictOriginal('2025-03/a-fox-in-snow (take 2).json')).toBeUndefined()
    expect(conflictOriginal('2025-03/clip.sync-conflict.json')).toBeUndefined()
  })
})

describe('a library kept in step by a sync engine', () => {
  it('merges conflict copies into the item, moves them aside, and lists no file still arriving', async () => {
    const root = path.join(await useTempDir('reelbox-sync-'), 'library')
    const a = open(await useTempDir('reelbox-machine-a-'), root)
    const b = open(await useTempDir('reelbox-machine-b-'), root)
    const mp4 = await makeMp4({ width: 64, height: 48, frames: 12 })
    const item = await a.library.importResult({ ...resultFields(), stagedFile: await stage(root, mp4) })
    const video = path.join(root, item.folder, item.fileName)
    const sidecar = sidecarOf(video)
    const base = await readJson(sidecar)
    await a.library.update({ id: item.id, addTags: ['sky'] })
    await b.library.rescan()
    expect((await b.library.get(item.id)).item.tags).toEqual(['sky'])

    // What the other machines did to the sidecar as they saw it, copied back by each engine.
    const edited = (edit: MarkEdit): string => JSON.stringify(oldBuildEdit(base, edit, Date.now()), null, 2)
    const stem = stemOf(video)
    const copies = {
      syncthing: `${stem}.sync-conflict-20250314-093012-7XK2QCU.json`,
      dropbox: `${stem} (Tom's conflicted copy 2025-03-14).json`,
      unison: `${stem} (conflict_on_2025-03-14).json`,
      video: `${stem}.sync-conflict-20250314-093013-Q4ZP2LM.mp4`,
    }
    const dropboxText = edited({ rating: 4 })
    await writeFile(copies.syncthing, edited({ addTags: ['sea'], favourite: true }))
    await writeFile(copies.dropbox, dropboxText)
    await writeFile(copies.unison, edited({ addTags: ['dusk'] }))
    await copyFile(video, copies.video)
    // Files on their way in: Syncthing's, Dropbox's, Drive's and Unison's temporary names.
    const month = path.dirname(video)
    await writeFile(path.join(month, '.syncthing.incoming.mp4.tmp'), mp4)
    await writeFile(path.join(month, '.~incoming2.mp4'), mp4)
    await writeFile(path.join(month, 'incoming3.mp4.partial'), mp4)
    await writeFile(path.join(month, '.unison.incoming4.mp4.3f2a1c.unison.tmp'), mp4)
    await mkdir(path.join(month, '.tmp.drivedownload'))
    await writeFile(path.join(month, '.tmp.drivedownload', '12345.mp4'), mp4)

    // The folder's only change, for B's index, is the copies: its background check notices.
    const states = []
    for await (const state of checkFolders(root, indexFileOf(b.data, root))) states.push(state)
    expect(states.find((s) => s.rel === item.folder)).toMatchObject({ changed: true, videos: 1 })

    await b.library.rescan()
    const merged = { favourite: true, rating: 4, tags: ['sky', 'sea', 'dusk'] }
    expect((await b.library.list(all)).items.map((i) => ({ id: i.id, favourite: i.favourite, rating: i.rating, tags: [...i.tags].sort() }))).toEqual([
      { id: item.id, ...merged, tags: [...merged.tags].sort() },
    ])
    expect(await readJson(sidecar)).toMatchObject({ id: item.id, favourite: true, rating: 4 })
    expect([...(await readJson(sidecar)).tags].sort()).toEqual([...merged.tags].sort())
    // Moved aside, every byte kept; none left beside the item.
    const aside = path.join(conflictsDir(root), item.folder)
    expect((await readdir(aside)).sort()).toEqual(Object.values(copies).map((f) => path.basename(f)).sort())
    expect(await readFile(path.join(aside, path.basename(copies.dropbox)), 'utf8')).toBe(dropboxText)
    expect((await readdir(month)).filter((f) => conflictOriginal(f) !== undefined)).toEqual([])
    // The first machine sees the merge too, and a later check finds nothing more to do.
    await a.library.rescan()
    expect([...(await a.library.get(item.id)).item.tags].sort()).toEqual([...merged.tags].sort())
    expect((await a.library.list(all)).total).toBe(1)
  })

  it('merges a conflict copy found while building a new machine’s index', async () => {
    const root = path.join(await useTempDir('reelbox-sync-'), 'library')
    const a = open(await useTempDir('reelbox-machine-a-'), root)
    const item = await a.library.importResult({ ...resultFields(), stagedFile: await stage(root, await makeMp4({ width: 64, height: 48, frames: 12 })) })
    const sidecar = sidecarOf(path.join(root, item.folder, item.fileName))
    const base = await readJson(sidecar)
    const copy = `${stemOf(sidecar)} (conflict_on_2025-03-14).json`
    await writeFile(copy, JSON.stringify(oldBuildEdit(base, { addTags: ['sea'] }, Date.now())))

    // A machine that joins the studio builds its index from the sidecars: the copy is merged first thing.
    const c = open(await useTempDir('reelbox-machine-c-'), root)
    await c.library.validated()
    expect((await c.library.list(all)).items.map((i) => ({ id: i.id, tags: i.tags }))).toEqual([{ id: item.id, tags: ['sea'] }])
    expect((await readJson(sidecar)).tags).toEqual(['sea'])
    expect(await readdir(path.join(conflictsDir(root), item.folder))).toEqual([path.basename(copy)])
  })

  it('makes one item of a video that arrived before its sidecar, and leaves this machine its own journal', async () => {
    const rootA = path.join(await useTempDir('reelbox-sync-a-'), 'library')
    const a = open(await useTempDir('reelbox-machine-a-'), rootA)
    const item = await a.library.importResult({ ...resultFields(), stagedFile: await stage(rootA, await makeMp4({ width: 64, height: 48, frames: 12 })) })
    const rel = `${item.folder}/${item.fileName}`

    // Machine B's copy of the library: the sync engine brings the video first.
    const t = await startTestCore()
    try {
      const rootB = t.core.library.folder
      await mkdir(path.join(rootB, item.folder), { recursive: true })
      await copyFile(path.join(rootA, rel), path.join(rootB, rel))
      await t.core.library.rescan()
      const before = (await t.core.library.list(all)).items
      expect(before.map((i) => ({ origin: i.origin, fileName: i.fileName }))).toEqual([{ origin: 'added', fileName: item.fileName }])

      await copyFile(sidecarOf(path.join(rootA, rel)), sidecarOf(path.join(rootB, rel)))
      await t.core.library.rescan()
      const after = (await t.core.library.list(all)).items
      expect(after.map((i) => ({ id: i.id, origin: i.origin, fileName: i.fileName }))).toEqual([{ id: item.id, origin: 'generated', fileName: item.fileName }])
      // The sidecar names machine A's job: B's journal knows nothing of it.
      expect(await t.core.call('jobs.list', undefined)).toEqual([])
      expect(await readdir(path.join(t.dir, 'data', 'jobs')).catch(() => [])).toEqual([])
    } finally {
      await t.dispose()
    }
  })
})

const run = promisify(execFile)

describe('a real sync engine: Unison between two machines', () => {
  it('gives both engines the marks both made on one item', async () => {
    const dir = await useTempDir('reelbox-unison-')
    const [left, right, home] = ['left', 'right', 'home'].map((d) => path.join(dir, d)) as [string, string, string]
    for (const d of [left, right, home]) await mkdir(d, { recursive: true })
    // Offline, both folders on this machine; `.reelbox` (staging, conflicts) stays per folder,
    // `.reelbox-shared` (the machines' change logs) travels. No `-prefer`: a file both sides
    // changed would be skipped and Unison would exit with 1, failing the test; with one writer
    // per file there is none.
    const sync = (): Promise<unknown> =>
      run('unison', [left, right, '-batch', '-auto', '-silent', '-ignore', 'Name .reelbox'], {
        env: { HOME: home, PATH: process.env.PATH ?? '' },
      })
    const a = open(path.join(dir, 'machine-a'), left)
    const b = open(path.join(dir, 'machine-b'), right)
    await a.library.validated()
    await b.library.validated()

    const item = await a.library.importResult({ ...resultFields(), stagedFile: await stage(left, await makeMp4({ width: 64, height: 48, frames: 12 })) })
    await sync()
    await b.library.rescan()
    expect((await b.library.list(all)).items.map((i) => i.id)).toEqual([item.id])

    // Three rounds: in each, both designers mark the item on their own machine and one of them
    // makes a video before the next sync; Unison runs until both sides agree, and nothing either
    // made is lost.
    const marks = async (t: TestLibrary) => {
      const i = (await t.library.get(item.id)).item
      return { favourite: i.favourite, rating: i.rating, tags: [...i.tags].sort() }
    }
    const ids = async (t: TestLibrary) => (await t.library.list(all)).items.map((i) => i.id).sort()
    const made = [item.id]
    const tags: string[] = []
    for (let round = 0; round < 3; round++) {
      await a.library.update({ id: item.id, addTags: [`sky${round}`], favourite: round % 2 === 0 })
      await b.library.update({ id: item.id, addTags: [`sea${round}`], rating: round + 2 })
      tags.push(`sky${round}`, `sea${round}`)
      const [maker, root] = round % 2 === 0 ? [b, right] : [a, left]
      const video = await maker.library.importResult({ ...resultFields({ id: `r${round}-0`, jobId: `r${round}`, prompt: `a paper boat, take ${round}` }), stagedFile: await stage(root, await makeMp4({ width: 64, height: 48, frames: 12 })) })
      made.push(video.id)
      // b's rating was written after a's favourite: each mark's later write wins on both sides.
      const want = { favourite: round % 2 === 0, rating: round + 2, tags: [...tags].sort() }
      for (let sync_ = 0; sync_ < 6; sync_++) {
        await sync()
        await a.library.rescan()
        await b.library.rescan()
        const agreed = [await marks(a), await marks(b)].every((m) => JSON.stringify(m) === JSON.stringify(want))
        if (agreed && (await ids(a)).length === made.length && (await ids(b)).length === made.length) break
      }
      expect(await marks(a), `round ${round}`).toEqual(want)
      expect(await marks(b), `round ${round}`).toEqual(want)
      expect(await ids(a), `round ${round}`).toEqual([...made].sort())
      expect(await ids(b), `round ${round}`).toEqual([...made].sort())
    }
    // No file was written on both sides, so Unison made no conflict copy.
    const aside = [left, right].map((root) => readdir(path.join(conflictsDir(root), item.folder)).catch(() => [] as string[]))
    expect((await Promise.all(aside)).flat()).toEqual([])
  })
})
