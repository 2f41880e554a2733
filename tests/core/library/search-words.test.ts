import fc from 'fast-check'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LibraryQuery, type LibraryItem } from '../../../shared/library'
import type { Entry } from '../../../electron/core/library/entry'
import { IndexDb } from '../../../electron/core/library/index-db'
import { searchable, searchWords } from '../../../electron/core/library/query'
import { ItemStore } from '../../../electron/core/library/store'
import { createLogHub } from '../../../electron/core/logger'
import { systemClock } from '../../../electron/core/ports'

/**
 * The library's search answers what a substring test of every prompt answers, whichever way it
 * finds them (the word index in memory for letter words, the FTS for the rest), for prompts read
 * from the index file, added since, edited and removed.
 */
const log = createLogHub(() => Date.now()).root
const t0 = Date.UTC(2025, 0, 1)

function entry(n: number, prompt: string, rating = n % 5): Entry {
  const item: LibraryItem = {
    id: `job${n}-0`,
    origin: 'generated',
    prompt,
    modelId: n % 2 ? 'veo-3' : 'kling-v2',
    family: n % 2 ? 'veo' : 'kling',
    version: '3',
    mode: 't2v',
    finishedAt: t0 + n * 60_000,
    favourite: false,
    rating,
    tags: [],
    sandbox: false,
    hasPoster: false,
    fileName: `v${n}.mp4`,
    folder: '',
  }
  return { item, rel: item.fileName, sidecar: 'ok', stamp: '1:1' }
}

// Words that contain one another ("rain" in "brain", "terrain"), CJK without spaces, full-width
// letters, digits and signs next to letters, accents.
const pieces = ['neon', 'rain', 'brain', 'terrain', 'Rainy', 'NEON', 'ｎｅｏｎ', '雨中', '一只猫在雨中奔跑', 'café', '35mm', 'a-b', 'x2', '#12', 'fox', 'ox', 'o', 'snow,', '(dawn)']
const prompt = fc.array(fc.constantFrom(...pieces), { maxLength: 6 }).chain((words) => fc.constantFrom(words.join(' '), words.join('')))
// Search words: pieces, parts of pieces, anything.
const word = fc.oneof(fc.constantFrom(...pieces), fc.constantFrom(...pieces).chain((p) => fc.nat(p.length).chain((a) => fc.integer({ min: a, max: p.length }).map((b) => p.slice(a, b)))), fc.string({ maxLength: 3 }))
// Dates on an item's minute or between two, either bound or both (the order's stretch, columns.ts `span`).
const date = fc.option(fc.integer({ min: -2, max: 90 }).map((half) => t0 + half * 30_000), { nil: undefined })
const query = fc.record({ words: fc.array(word, { minLength: 1, maxLength: 3 }), family: fc.option(fc.constantFrom('veo', 'kling'), { nil: undefined }), minRating: fc.integer({ min: 0, max: 4 }), from: date, to: date })
type Query = { words: string[]; family?: string; minRating: number; from?: number; to?: number }

/** What a scan of every prompt answers, newest first. */
function scan(entries: Map<string, Entry>, q: Query): string[] {
  const words = searchWords({ search: q.words.join(' ') })
  const dated = (t: number): boolean => (q.from === undefined || t >= q.from) && (q.to === undefined || t < q.to)
  return [...entries.values()]
    .filter((e) => (!q.family || e.item.family === q.family) && e.item.rating >= q.minRating && dated(e.item.finishedAt) && words.every((w) => searchable(e.item.prompt).includes(w)))
    .sort((a, b) => b.item.finishedAt - a.item.finishedAt)
    .map((e) => e.item.id)
}

/** The whole answer (one page holds it) and its total, which must agree. */
async function found(store: ItemStore, q: Query): Promise<string[]> {
  const page = await store.query(LibraryQuery.parse({ search: q.words.join(' '), families: q.family ? [q.family] : undefined, minRating: q.minRating, from: q.from, to: q.to, limit: 500 }))
  expect(page.total).toBe(page.items.length)
  return page.items.map((i) => i.id)
}

describe('library search: the same answer as a scan of every prompt', () => {
  it('keeps an item removed and made again before the index file had the removal (fast-check found it)', async () => {
    const db = IndexDb.inMemory('/library')
    const writer = new ItemStore(db, log, systemClock)
    await writer.load()
    writer.apply([0, 1, 2].map((n) => ({ id: `job${n}-0`, entry: entry(n, 'neon rain') })))
    await writer.flush()
    const store = new ItemStore(db, log, systemClock)
    await store.load()
    store.remove('job2-0')
    store.upsert(entry(2, 'neon rain'))
    for (const search of ['', 'neon']) {
      const page = await store.query(LibraryQuery.parse({ search, limit: 500 }))
      expect(page.items.map((i) => i.id)).toEqual(['job2-0', 'job1-0', 'job0-0'])
    }
    await store.flush()
    expect((await new ItemStore(db, log, systemClock).query(LibraryQuery.parse({ limit: 500 }))).items.map((i) => i.id)).toEqual(['job2-0', 'job1-0', 'job0-0'])
    await store.close()
  })

  it('finds items whose rows reach the file while a search is reading it', async () => {
    const db = IndexDb.inMemory('/library')
    const store = new ItemStore(db, log, systemClock)
    await store.load()
    // 600 at once (a scan's folder): 256 are written now, the rest in chunks with a turn between,
    // while the search reads the file's FTS (a word with a digit) and then what is still waiting.
    store.apply(Array.from({ length: 600 }, (_, n) => ({ id: `job${n}-0`, entry: entry(n, `neon7 rain ${n}`) })))
    expect((await store.query(LibraryQuery.parse({ search: 'neon7', limit: 1 }))).total).toBe(600)
    await store.close()
  })

  it('for prompts read from the index file, then added, edited and removed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(prompt, { minLength: 1, maxLength: 30 }),
        fc.array(fc.record({ at: fc.nat(40), prompt: fc.option(prompt, { nil: null }) }), { maxLength: 12 }),
        fc.array(query, { minLength: 1, maxLength: 6 }),
        async (first, changes, queries) => {
          const db = IndexDb.inMemory('/library')
          const entries = new Map(first.map((p, n) => [`job${n}-0`, entry(n, p)]))
          // Written to the index by one store, read from it by the next: its word index is made from the file.
          const writer = new ItemStore(db, log, systemClock)
          await writer.load()
          writer.apply([...entries.values()].map((e) => ({ id: e.item.id, entry: e })))
          await writer.flush()
          const store = new ItemStore(db, log, systemClock)
          await store.load()
          await store.wordsReady()
          for (const q of queries) expect(await found(store, q)).toEqual(scan(entries, q))
          // Edits and removals after: new prompts, changed ones, gone ones.
          for (const change of changes) {
            const id = `job${change.at}-0`
            if (change.prompt === null) {
              entries.delete(id)
              store.remove(id)
            } else {
              const e = entry(change.at, change.prompt)
              entries.set(id, e)
              store.upsert(e)
            }
          }
          for (const q of queries) expect(await found(store, q)).toEqual(scan(entries, q))
          await store.close()
        },
      ),
      { numRuns: 60 },
    )
  })

  it('for an index being built, whose prompt index is filled in bulk while items change', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-build-'))
    let round = 0
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(prompt, { minLength: 1, maxLength: 30 }),
          // Each change made before the fill, between two of its chunks, or after the index is finished.
          fc.array(fc.record({ at: fc.nat(40), prompt: fc.option(prompt, { nil: null }), when: fc.nat(12) }), { maxLength: 16 }),
          fc.array(query, { minLength: 1, maxLength: 6 }),
          async (first, changes, queries) => {
            // A new file each run: opened, it must be built (as after a lost index).
            const opened = IndexDb.open(path.join(dir, `index-${round++}.sqlite`), '/library', log)
            expect(opened.rebuild).toEqual({ why: 'missing' })
            const db = opened.db
            const store = new ItemStore(db, log, systemClock)
            await store.load()
            const entries = new Map(first.map((p, n) => [`job${n}-0`, entry(n, p)]))
            store.apply([...entries.values()].map((e) => ({ id: e.item.id, entry: e })))
            const change = async (at: number, prompt: string | null): Promise<void> => {
              const id = `job${at}-0`
              if (prompt === null) {
                entries.delete(id)
                store.remove(id)
              } else {
                entries.set(id, entry(at, prompt))
                store.upsert(entries.get(id)!)
              }
              await store.flush()
            }
            let step = 0
            const changesAt = async (when: number): Promise<void> => {
              for (const c of changes.filter((c) => c.when === when)) await change(c.at, c.prompt)
            }
            await store.flush()
            // Chunks of 3 rows: changes land before, inside and past the part already filled.
            for (let done = false; !done; step++) {
              await changesAt(step)
              done = db.fillSearch(3)
            }
            db.markComplete()
            for (const c of changes.filter((c) => c.when >= step)) await change(c.at, c.prompt)
            // The index file's own search (the FTS and substring tests), every row.
            for (const q of queries) {
              const words = searchWords({ search: q.words.join(' ') })
              if (words.length === 0) continue // the store never asks the file without a word
              const rowids = new Set(db.search(words, 1, 1000))
              const ids = [...entries.keys()].filter((id) => rowids.has(db.rowidOf(id)!)).sort()
              const expected = [...entries.values()].filter((e) => words.every((w) => searchable(e.item.prompt).includes(w))).map((e) => e.item.id).sort()
              expect(ids).toEqual(expected)
            }
            await store.close()
          },
        ),
        { numRuns: 40 },
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
