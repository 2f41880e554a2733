import { DatabaseSync } from '@photostructure/sqlite'
import { readdir, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { LibraryIndexing } from '../../../shared/contract/library'
import { INDEX_VERSION, indexFileOf, legacyIndexFileOf } from '../../../electron/core/library/index-db'
import { spawnTsx } from '../../support/child'
import { fakeClock } from '../../support/fake-clock'
import { makeMp4 } from './support/mp4'
import { newTestLibrary, openTestLibrary, resultFields, stage, type TestLibrary } from './support/fixtures'

let mp4: Buffer
let t: TestLibrary & { cleanup(): Promise<void> }
const page = { sort: 'newest' as const, offset: 0, limit: 100 }

beforeAll(async () => {
  mp4 = await makeMp4()
})
afterEach(async () => {
  await t?.cleanup()
})

/** `count` results, one a month from January 2025: one folder each. */
async function importMonths(lib: TestLibrary, count: number): Promise<void> {
  for (let n = 0; n < count; n++) {
    const fields = resultFields({ id: `m${n}-0`, jobId: `m${n}`, prompt: `month ${n}`, finishedAt: Date.UTC(2025, n, 10) })
    await lib.library.importResult({ ...fields, stagedFile: await stage(lib.root, mp4) })
  }
}

/** What the index file itself holds (read with a connection of the test's own). */
function indexRows(lib: TestLibrary): { meta: Record<string, string>; items: Array<{ id: string; favourite: number; rating: number }> } {
  const db = new DatabaseSync(indexFileOf(lib.data, lib.root), { readOnly: true })
  try {
    const meta = Object.fromEntries(db.prepare('select key, value from meta').all().map((r) => [r.key as string, r.value as string]))
    const items = db.prepare('select id, favourite, rating from items order by id').all() as Array<{ id: string; favourite: number; rating: number }>
    return { meta, items }
  } finally {
    db.close()
  }
}

describe('the library index', () => {
  it('keeps a change it cannot write, serves it, writes it later, and never holds up the next one', async () => {
    const clock = fakeClock(Date.now())
    t = await newTestLibrary({ clock })
    await importMonths(t, 2)
    // Another process (a `reelbox` command) holds the index's write lock.
    const other = new DatabaseSync(indexFileOf(t.data, t.root))
    other.exec('begin immediate')
    const favourite = await t.library.update({ id: 'm0-0', favourite: true })
    const rated = await t.library.update({ id: 'm1-0', rating: 4 })
    expect([favourite.favourite, rated.rating]).toEqual([true, 4])
    expect((await t.library.list({ ...page, favourite: true })).items.map((i) => i.id)).toEqual(['m0-0'])
    expect((await t.library.list({ ...page, minRating: 4 })).items.map((i) => i.id)).toEqual(['m1-0'])
    expect(t.logs.join('\n')).toMatch(/warn: Could not write to the library index \(.*locked.*\); trying again in 1 s/)
    expect(indexRows(t).items).toEqual([expect.objectContaining({ id: 'm0-0', favourite: 0 }), expect.objectContaining({ id: 'm1-0', rating: 0 })])
    // The lock goes; the retry writes both changes.
    other.exec('rollback')
    other.close()
    await clock.advance(1_000)
    expect(indexRows(t).items).toEqual([
      { id: 'm0-0', favourite: 1, rating: 0 },
      { id: 'm1-0', favourite: 0, rating: 4 },
    ])
    await t.library.update({ id: 'm1-0', rating: 5 })
    expect(indexRows(t).items[1]).toEqual({ id: 'm1-0', favourite: 0, rating: 5 })
    // Opened again, the index answers at once (no rebuild) with both changes.
    Object.assign(t, await t.reopen({ clock }))
    expect((await t.library.list({ ...page, favourite: true })).items.map((i) => i.id)).toEqual(['m0-0'])
    expect(t.logs.join('\n')).not.toContain('Building the library index')
  })

  it('keeps its files private to the designer: mode 0600, in a 0700 folder', async () => {
    t = await newTestLibrary()
    await importMonths(t, 1)
    await t.library.update({ id: 'm0-0', favourite: true })
    const file = indexFileOf(t.data, t.root)
    const names = await readdir(path.dirname(file))
    expect(names.some((n) => n.endsWith('.sqlite-wal'))).toBe(true)
    for (const name of names) expect(((await stat(path.join(path.dirname(file), name))).mode & 0o777).toString(8)).toBe('600')
    expect(((await stat(path.dirname(file))).mode & 0o777).toString(8)).toBe('700')
  })

  it('replaces the JSON index of earlier versions on the first start, with progress, and removes it once done', async () => {
    t = await newTestLibrary()
    await importMonths(t, 3)
    await t.library.dispose()
    // As the previous version left it: the JSON index, no SQLite file.
    const index = indexFileOf(t.data, t.root)
    for (const suffix of ['', '-wal', '-shm']) await rm(index + suffix, { force: true })
    const legacy = legacyIndexFileOf(t.data, t.root)
    await writeFile(legacy, JSON.stringify({ version: 1, library: t.root, savedAt: 0, entries: [] }))
    const progress: LibraryIndexing[] = []
    Object.assign(t, await t.reopen({ progress: (p) => progress.push(p) }))
    expect((await t.library.list(page)).items.map((i) => i.id)).toEqual(['m2-0', 'm1-0', 'm0-0'])
    expect(progress[0]).toEqual({ phase: 'indexing', done: 0 })
    expect(progress.filter((p) => p.phase === 'indexing').map((p) => p.done)).toEqual([0, 0, 1, 2, 3])
    expect(progress.at(-1)).toEqual({ phase: 'done', done: 3 })
    await expect(stat(legacy)).rejects.toMatchObject({ code: 'ENOENT' })
    expect(indexRows(t).meta).toEqual({ version: String(INDEX_VERSION), library: t.root, complete: '1', count: '3' })
  })

  it('starts the build again after an engine killed in the middle of it, and loses nothing', async () => {
    t = await newTestLibrary()
    await importMonths(t, 4)
    await t.library.dispose()
    const index = indexFileOf(t.data, t.root)
    for (const suffix of ['', '-wal', '-shm']) await rm(index + suffix, { force: true })
    const child = spawnTsx(path.join(import.meta.dirname, 'support/index-child.ts'), { args: [t.root, t.data, 'stall'] })
    await child.waitForLine((line) => /^PROGRESS indexing [1-9]/.test(line))
    expect((await child.kill('SIGKILL')).signal).toBe('SIGKILL')
    // Part of the library made it into the file, which says it is unfinished.
    const half = indexRows(t)
    expect(half.meta['complete']).toBe('0')
    expect(half.items.length).toBeLessThan(4)
    Object.assign(t, await t.reopen())
    expect((await t.library.list(page)).items.map((i) => i.id)).toEqual(['m3-0', 'm2-0', 'm1-0', 'm0-0'])
    expect(t.logs.join('\n')).toContain('Building the library index from the sidecars (index unfinished')
    expect(indexRows(t).meta['complete']).toBe('1')
  })

  it('follows what another Reelbox process adds to the same library', async () => {
    t = await newTestLibrary()
    await importMonths(t, 1)
    expect((await t.library.list(page)).total).toBe(1)
    // A `reelbox submit --wait` in a terminal: another engine on the same folders.
    const other = openTestLibrary(t.dir)
    await other.library.importResult({ ...resultFields({ id: 'cli-0', prompt: 'from the terminal', finishedAt: Date.UTC(2025, 5, 1) }), stagedFile: await stage(t.root, mp4) })
    await other.dispose()
    expect((await t.library.list(page)).items.map((i) => i.id)).toEqual(['cli-0', 'm0-0'])
    expect((await t.library.list({ ...page, search: 'terminal' })).total).toBe(1)
    expect(t.events.at(-1)).toEqual({ kind: 'reset', ids: [] })
  })
})
