import { describe, expect, it } from 'vitest'
import { LibraryQuery, type LibraryItem } from '../../../shared/library'
import type { Entry } from '../../../electron/core/library/entry'
import { IndexDb } from '../../../electron/core/library/index-db'
import { ItemStore } from '../../../electron/core/library/store'
import { createLogHub } from '../../../electron/core/logger'
import { systemClock } from '../../../electron/core/ports'

const day = 86_400_000
const t0 = Date.UTC(2025, 0, 1)

function entry(n: number, over: Partial<LibraryItem> = {}): Entry {
  const item: LibraryItem = {
    id: `job${String(n).padStart(3, '0')}-0`,
    origin: 'generated',
    prompt: `prompt ${n}`,
    modelId: 'veo-3',
    family: 'veo',
    version: '3',
    mode: 't2v',
    finishedAt: t0 + n * day,
    favourite: false,
    rating: 0,
    tags: [],
    sandbox: false,
    hasPoster: false,
    fileName: `v${n}.mp4`,
    folder: '',
    ...over,
  }
  return { item, rel: item.fileName, sidecar: 'ok', stamp: '1:1' }
}

const q = (query: LibraryQuery = {}) => LibraryQuery.parse(query)
const ids = async (store: ItemStore, query: LibraryQuery = {}) => (await store.query(q({ limit: 500, ...query }))).items.map((i) => i.id)

/** A store over a real (in-memory) index, holding `entries`. */
async function storeOf(entries: Entry[]): Promise<ItemStore> {
  const store = new ItemStore(IndexDb.inMemory('/library'), createLogHub(() => Date.now()).root, systemClock)
  await store.load()
  store.apply(entries.map((entry) => ({ id: entry.item.id, entry })))
  return store
}

function sample(): Promise<ItemStore> {
  return storeOf([
    entry(1, { prompt: 'A red FOX in the snow', tags: ['animals', 'winter'], favourite: true, rating: 5 }),
    entry(2, { prompt: '一只狐狸在雪地里奔跑', modelId: 'kling-v2', family: 'kling', mode: 'i2v', tags: ['animals'], rating: 3 }),
    entry(3, { prompt: 'City at night, neon rain', modelId: 'kling-v2-1', family: 'kling', mode: 'reference', tags: ['city'] }),
    entry(4, { prompt: 'Ｆｏｘ logo sting', modelId: 'seedance-pro', family: 'seedance', mode: 'first-last', favourite: true, rating: 4 }),
    entry(5, { prompt: '', origin: 'added', modelId: '', family: '', version: '', mode: undefined, fileName: 'my clip.mp4' }),
  ])
}

describe('library queries', () => {
  it('searches prompts case-insensitively, CJK included, every word required', async () => {
    const store = await sample()
    expect(await ids(store, { search: 'fox' })).toEqual(['job004-0', 'job001-0']) // full-width "Ｆｏｘ" folds too
    expect(await ids(store, { search: 'FOX snow' })).toEqual(['job001-0'])
    expect(await ids(store, { search: '狐狸' })).toEqual(['job002-0'])
    expect(await ids(store, { search: '雪地 奔跑' })).toEqual(['job002-0'])
    expect(await ids(store, { search: 'fox 狐狸' })).toEqual([])
    expect(await ids(store, { search: '   ' })).toHaveLength(5)
  })

  it('filters by model or family, mode, date range, favourite, rating and tags, together', async () => {
    const store = await sample()
    expect(await ids(store, { families: ['kling'] })).toEqual(['job003-0', 'job002-0'])
    expect(await ids(store, { modelIds: ['veo-3', 'seedance-pro'] })).toEqual(['job004-0', 'job001-0'])
    expect(await ids(store, { modes: ['i2v', 'first-last'] })).toEqual(['job004-0', 'job002-0'])
    expect(await ids(store, { from: t0 + 2 * day, to: t0 + 4 * day })).toEqual(['job003-0', 'job002-0'])
    expect(await ids(store, { favourite: true })).toEqual(['job004-0', 'job001-0'])
    expect(await ids(store, { minRating: 4 })).toEqual(['job004-0', 'job001-0'])
    expect(await ids(store, { tags: ['animals'] })).toEqual(['job002-0', 'job001-0'])
    expect(await ids(store, { tags: ['animals', 'winter'] })).toEqual(['job001-0'])
    expect(await ids(store, { tags: ['animals'], families: ['kling'], minRating: 1 })).toEqual(['job002-0'])
  })

  it('sorts newest or oldest and pages by offset with the total of the whole query', async () => {
    const store = await storeOf(Array.from({ length: 250 }, (_, n) => entry(n, { prompt: n % 2 ? 'odd' : 'even' })))
    const first = await store.query(q({ search: 'odd', limit: 100 }))
    expect(first.total).toBe(125)
    expect(first.items[0]!.id).toBe('job249-0')
    const last = await store.query(q({ search: 'odd', offset: 100, limit: 100 }))
    expect(last.items.map((i) => i.id).at(-1)).toBe('job001-0')
    expect(last.items).toHaveLength(25)
    expect((await store.query(q({ sort: 'oldest', offset: 0, limit: 3 }))).items.map((i) => i.id)).toEqual(['job000-0', 'job001-0', 'job002-0'])
    expect((await store.query(q({ offset: 400 }))).items).toEqual([])
  })

  it('finds an item\'s position in a query, for the detail view\'s arrow keys', async () => {
    const store = await sample()
    expect(await store.locate('job001-0', q({ search: 'fox' }))).toEqual({ index: 1, total: 2 })
    expect(await store.locate('job001-0', q({ search: 'fox', sort: 'oldest' }))).toEqual({ index: 0, total: 2 })
    expect(await store.locate('job003-0', q({ search: 'fox' }))).toEqual({ index: -1, total: 2 })
  })

  it('counts models, families, modes and tags for the filter bar, and follows changes', async () => {
    const store = await sample()
    const facets = await store.facets()
    expect(facets.total).toBe(5)
    expect(facets.families).toEqual([
      { family: 'kling', count: 2 },
      { family: 'seedance', count: 1 },
      { family: 'veo', count: 1 },
    ])
    expect(facets.tags[0]).toEqual({ tag: 'animals', count: 2 })
    expect(facets.favourites).toBe(2)
    store.upsert(entry(9, { tags: ['city'], finishedAt: t0 }))
    store.remove('job001-0')
    expect((await store.facets()).tags).toEqual(expect.arrayContaining([{ tag: 'city', count: 2 }, { tag: 'animals', count: 1 }]))
    // An upsert keeps the order by time, and an update moves nothing else.
    expect((await ids(store)).at(-1)).toBe('job009-0')
    store.upsert(entry(3, { prompt: 'changed', tags: ['city'] }))
    expect(await ids(store, { search: 'changed' })).toEqual(['job003-0'])
    expect(await ids(store)).toEqual(['job005-0', 'job004-0', 'job003-0', 'job002-0', 'job009-0'])
  })
})
