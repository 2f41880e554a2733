import fs, { mkdirSync, writeFileSync } from 'node:fs'
import { access, copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { DatabaseSync } from '@photostructure/sqlite'
import { addedSidecarFor } from '../../../electron/core/library/entry'
import { INDEX_VERSION, indexFileOf } from '../../../electron/core/library/index-db'
import { type Known, type ScanTarget, scanLibrary } from '../../../electron/core/library/scanner'
import { createLogHub } from '../../../electron/core/logger'
import { makeMp4 } from './support/mp4'
import { newTestLibrary, resultFields, stage, type TestLibrary } from './support/fixtures'

let mp4: Buffer
let t: TestLibrary & { cleanup(): Promise<void> }
const page = { sort: 'newest' as const, offset: 0, limit: 100 }

beforeAll(async () => {
  mp4 = await makeMp4()
})
afterEach(async () => {
  await t?.cleanup()
})

async function importTwo(lib: TestLibrary): Promise<string[]> {
  await lib.library.importResult({ ...resultFields({ id: 'a-0', prompt: 'first' }), stagedFile: await stage(lib.root, mp4) })
  await lib.library.importResult({ ...resultFields({ id: 'b-0', prompt: 'second', finishedAt: Date.UTC(2025, 2, 15) }), stagedFile: await stage(lib.root, mp4) })
  const files = await readdir(path.join(lib.root, '2025-03'))
  return files.filter((f) => f.endsWith('.mp4')).map((f) => path.join(lib.root, '2025-03', f))
}

describe('opening a library', () => {
  it('serves the first page from a warm index, then checks the folder and announces what went', async () => {
    t = await newTestLibrary()
    const videos = await importTwo(t)
    await t.library.dispose() // the index is written
    // Everything vanishes while the app is closed: the index still shows both at once …
    for (const v of videos) await rm(v)
    const reopened = await t.reopen()
    Object.assign(t, reopened)
    await reopened.library.ready()
    expect(reopened.library.info().items).toBe(2)
    // … and the background check removes them and says so.
    await reopened.library.validated()
    expect((await reopened.library.list(page)).total).toBe(0)
    expect(reopened.events).toContainEqual({ kind: 'removed', ids: expect.arrayContaining(['a-0', 'b-0']) })
  })

  it('picks up a video added by hand, with facts measured from the file, and one in a subfolder', async () => {
    t = await newTestLibrary()
    await t.library.validated()
    await mkdir(path.join(t.root, 'Client X', 'Final'), { recursive: true })
    await writeFile(path.join(t.root, 'my clip.mp4'), mp4)
    await writeFile(path.join(t.root, 'Client X', 'Final', 'cut.mp4'), mp4)
    await writeFile(path.join(t.root, 'notes.txt'), 'not a video')
    await t.library.rescan()
    const { items } = await t.library.list(page)
    expect(items.map((i) => [i.fileName, i.folder, i.origin, i.width, i.height, i.durationSec]).sort()).toEqual([
      ['cut.mp4', 'Client X/Final', 'added', 64, 48, 1],
      ['my clip.mp4', '', 'added', 64, 48, 1],
    ])
    expect(t.events.at(-1)).toEqual({ kind: 'added', ids: expect.any(Array) })
  })

  it('drops a sidecar whose video is gone and follows an item the designer moved into a folder', async () => {
    t = await newTestLibrary()
    const [first, second] = await importTwo(t)
    await rm(first!)
    await mkdir(path.join(t.root, 'Keep'))
    for (const ext of ['.mp4', '.json']) await rename(second!.replace(/\.mp4$/, ext), path.join(t.root, 'Keep', `moved${ext}`))
    await t.library.rescan()
    const { items } = await t.library.list(page)
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ id: 'b-0', folder: 'Keep', fileName: 'moved.mp4', prompt: 'second' })
    expect(t.events).toContainEqual({ kind: 'removed', ids: ['a-0'] })
    expect(t.events).toContainEqual({ kind: 'updated', ids: ['b-0'] })
  })

  it('rebuilds a corrupt index from the sidecars', async () => {
    t = await newTestLibrary()
    await importTwo(t)
    await t.library.dispose()
    const indexFile = indexFileOf(t.data, t.root)
    for (const suffix of ['-wal', '-shm']) await rm(indexFile + suffix, { force: true })
    await writeFile(indexFile, 'SQLite format 3\0 but not really a database'.repeat(100))
    const reopened = await t.reopen()
    Object.assign(t, reopened)
    expect((await reopened.library.list(page)).items.map((i) => i.id)).toEqual(['b-0', 'a-0'])
    expect(reopened.logs.join('\n')).toMatch(/Building the library index from the sidecars \(index unreadable/)
    expect(reopened.events).toEqual([{ kind: 'reset', ids: [] }])
    await reopened.library.dispose()
    const db = new DatabaseSync(indexFile, { readOnly: true })
    expect(Object.fromEntries(db.prepare('select key, value from meta').all().map((r) => [r.key, r.value]))).toEqual({ version: String(INDEX_VERSION), library: t.root, complete: '1', count: '2' })
    expect(db.prepare('select count(*) as n from items').get()).toEqual({ n: 2 })
    db.close()
  })

  it('rebuilds when the index belongs to another folder (the library was moved) and follows the edits made by hand', async () => {
    t = await newTestLibrary()
    await importTwo(t)
    await t.library.dispose()
    // The index says it was made for another library, and a sidecar was edited by hand.
    const db = new DatabaseSync(indexFileOf(t.data, t.root))
    db.prepare("update meta set value = '/elsewhere' where key = 'library'").run()
    db.close()
    const json = (await readdir(path.join(t.root, '2025-03'))).find((f) => f.includes('_first_'))!
    const sidecarFile = path.join(t.root, '2025-03', json.replace(/\.mp4$/, '.json'))
    const sidecar = JSON.parse(await readFile(sidecarFile, 'utf8'))
    await writeFile(sidecarFile, JSON.stringify({ ...sidecar, tags: ['hero'] }))
    const reopened = await t.reopen()
    Object.assign(t, reopened)
    const { items } = await reopened.library.list({ ...page, tags: ['hero'] })
    expect(items.map((i) => i.id)).toEqual(['a-0'])
    expect(reopened.logs.join('\n')).toContain('made for another folder')
  })

  it('notices a sidecar edited in place on a focus check (its folder mtime unchanged), reading only that folder again', async () => {
    t = await newTestLibrary()
    const [first] = await importTwo(t)
    await t.library.importResult({ ...resultFields({ id: 'c-0', prompt: 'january', finishedAt: Date.UTC(2025, 0, 5) }), stagedFile: await stage(t.root, mp4) })
    await t.library.validated()
    const sidecarFile = first!.replace(/\.mp4$/, '.json')
    const folder = await stat(path.dirname(sidecarFile))
    await writeFile(sidecarFile, JSON.stringify({ ...JSON.parse(await readFile(sidecarFile, 'utf8')), tags: ['hero'] }))
    await utimes(path.dirname(sidecarFile), folder.atime, folder.mtime)
    await t.library.rescan()
    expect((await t.library.list({ ...page, tags: ['hero'] })).items.map((i) => i.id)).toEqual(['a-0'])
    expect(t.events.at(-1)).toEqual({ kind: 'updated', ids: ['a-0'] })
    // The library folder, 2025-01 and 2025-03: only the one with the edit was read on the engine's thread.
    expect(t.logs.join('\n')).toContain('0 added, 1 changed, 0 gone (1 of 3 folders compared)')
  })

  it('shows a video beside an unreadable sidecar without touching that file, and skips symlinks', async () => {
    t = await newTestLibrary()
    await t.library.validated()
    await writeFile(path.join(t.root, 'clip.mp4'), mp4)
    await writeFile(path.join(t.root, 'clip.json'), '{"my": "own notes"}')
    const outside = path.join(t.dir, 'outside.mp4')
    await writeFile(outside, mp4)
    await symlink(outside, path.join(t.root, 'link.mp4'))
    await t.library.rescan()
    const { items } = await t.library.list(page)
    expect(items.map((i) => i.fileName)).toEqual(['clip.mp4'])
    await expect(t.library.update({ id: items[0]!.id, favourite: true })).rejects.toMatchObject({ code: 'DISK', message: expect.stringContaining('clip.json cannot be used') })
    expect(await readFile(path.join(t.root, 'clip.json'), 'utf8')).toBe('{"my": "own notes"}')
  })

  it('keeps the first of two items with one id (a copied pair) and never shows a duplicate', async () => {
    t = await newTestLibrary()
    const [first] = await importTwo(t)
    await mkdir(path.join(t.root, 'zz-copy'))
    for (const ext of ['.mp4', '.json']) await copyFile(first!.replace(/\.mp4$/, ext), path.join(t.root, 'zz-copy', `copy${ext}`))
    await t.library.rescan()
    const { items } = await t.library.list(page)
    expect(items.map((i) => i.id).sort()).toEqual(['a-0', 'b-0'])
    expect(items.find((i) => i.id === 'a-0')!.folder).toBe('2025-03')
    expect(t.logs.join('\n')).toContain('has the same id as')
  })

  it('keeps a library on a drive that is not connected browsable, never recreates it, and checks it once it is back', async () => {
    t = await newTestLibrary()
    const drive = path.join(t.dir, 'drive')
    await mkdir(drive)
    const options = { library: path.join(drive, 'Reelbox') }
    Object.assign(t, await t.reopen(options))
    await importTwo(t)
    await t.library.dispose()
    await rename(drive, path.join(t.dir, 'unplugged'))
    Object.assign(t, await t.reopen(options))
    expect((await t.library.list(page)).total).toBe(2)
    await expect(t.library.validated()).rejects.toMatchObject({ code: 'DISK', message: expect.stringContaining('Is its drive connected?') })
    await expect(access(drive)).rejects.toThrow()
    expect((await t.library.list(page)).total).toBe(2)
    await rename(path.join(t.dir, 'unplugged'), drive)
    await t.library.rescan()
    expect((await t.library.list(page)).total).toBe(2)
    expect(t.events.filter((e) => e.kind === 'removed')).toEqual([])
  })

  it('opens a library it has never indexed once its drive is connected again, on a rescan', async () => {
    t = await newTestLibrary()
    const drive = path.join(t.dir, 'drive')
    await mkdir(drive)
    const options = { library: path.join(drive, 'Reelbox') }
    Object.assign(t, await t.reopen(options))
    await importTwo(t)
    await t.library.dispose()
    await rm(path.join(t.dir, 'data'), { recursive: true, force: true }) // no index to fall back on
    await rename(drive, path.join(t.dir, 'unplugged'))
    Object.assign(t, await t.reopen(options))
    await expect(t.library.list(page)).rejects.toMatchObject({ code: 'DISK' })
    await rename(path.join(t.dir, 'unplugged'), drive)
    await t.library.rescan()
    expect((await t.library.list(page)).total).toBe(2)
    expect(t.events.at(-1)).toMatchObject({ kind: 'reset' })
  })

  it('clears temp files of writes a crash cut short, never those of a write still running', async () => {
    t = await newTestLibrary()
    await t.library.validated()
    const dead = path.join(t.root, '.clip.json.99999999.0123456789ab.tmp')
    const live = path.join(t.root, `.clip.json.${process.pid}.0123456789ab.tmp`)
    await writeFile(dead, '{"half')
    await writeFile(live, '{"half')
    await t.library.rescan()
    await expect(access(dead)).rejects.toThrow()
    await expect(access(live)).resolves.toBeUndefined()
  })
})

describe('a scan beside another engine', () => {
  // The app and `reelbox` share one library: what the other imports while this scan walks is
  // listed after the walk passed its folder. The folder is the truth, so such a row stays.
  it('keeps a row another engine added after the walk passed, in a known folder and in a new one', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'reelbox-scan-race-'))
    try {
      await mkdir(path.join(root, 'old'))
      const rows = new Map<string, Known[]>([
        ['old', [{ id: 'gone-0', rel: 'old/gone.mp4', sidecar: 'none' }]],
        ['2026-11', []],
      ])
      const applied: Array<{ id: string; entry: unknown }> = []
      const target: ScanTarget = {
        // The other engine writes its video, then its row, just as this scan asks for the folder's rows.
        known: (dir, after) => {
          if (after !== '' || !rows.has(dir)) return []
          const late = `${dir}/late-${dir}.mp4`
          mkdirSync(path.join(root, dir), { recursive: true })
          writeFileSync(path.join(root, late), mp4)
          return [...(rows.get(dir) ?? []), { id: `late-${dir}`, rel: late, sidecar: 'none' }]
        },
        get: () => undefined,
        folders: () => rows.keys(),
        apply: (changes) => void applied.push(...changes),
        touched: () => false,
      }
      const result = await scanLibrary(root, target, createLogHub(Date.now).root)
      expect(result.removed).toEqual(['gone-0'])
      expect(applied.filter((c) => c.entry === null).map((c) => c.id)).toEqual(['gone-0'])
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })

  it('reads sidecars on its own thread where reads are fast, and through the thread pool once they are slow, finding the same', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'reelbox-scan-pace-'))
    try {
      // 300 items in one folder: two slices.
      await mkdir(path.join(root, 'reel'))
      for (let n = 0; n < 300; n++) {
        const rel = `reel/take-${String(n).padStart(3, '0')}.mp4`
        await writeFile(path.join(root, rel), '')
        await writeFile(path.join(root, rel.replace(/mp4$/, 'json')), JSON.stringify(addedSidecarFor(`added-${n}`, rel, { size: 1, mtimeMs: Date.UTC(2026, 0, 1) + n })))
      }
      const scan = async (): Promise<unknown[]> => {
        const applied: Array<{ id: string; entry: unknown }> = []
        const target: ScanTarget = { known: () => [], get: () => undefined, folders: () => [], apply: (changes) => void applied.push(...changes), touched: () => false }
        await scanLibrary(root, target, createLogHub(Date.now).root)
        return applied.sort((a, b) => (a.id < b.id ? -1 : 1))
      }
      const onThread = vi.spyOn(fs, 'openSync')
      let now = 0
      const clock = vi.spyOn(performance, 'now')
      // Reads that take no time (the page cache): every one on the engine's thread.
      clock.mockImplementation(() => now)
      const fast = await scan()
      expect(onThread).toHaveBeenCalledTimes(300)
      expect(fast).toHaveLength(300)
      // Each read a millisecond (a network share): eight of them in a row, then the pool reads the rest.
      onThread.mockClear()
      clock.mockImplementation(() => (now += 1))
      expect(await scan()).toEqual(fast)
      expect(onThread).toHaveBeenCalledTimes(8)
    } finally {
      vi.restoreAllMocks()
      await rm(root, { recursive: true, force: true })
    }
  })
})
