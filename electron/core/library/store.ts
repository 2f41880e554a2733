import type { LibraryFacets, LibraryPage } from '../../../shared/contract/library'
import type { LibraryDays } from '../../../shared/contract/library-view'
import type { Logger } from '../logger'
import type { Clock } from '../ports'
import { Columns, type ColumnFields } from './columns'
import { dayCounter } from './days'
import type { Entry } from './entry'
import type { IndexDb } from './index-db'
import { dirOf, type IndexWrite } from './index-rows'
import { searchWords, type ParsedQuery, searchable } from './query'
import type { Known } from './scanner'
import { PendingWrites } from './index-writes'
import { collect, type Found, sweep, yieldTurn } from './sweep'
import { isLetterWord, WordIndex } from './words'

/** Rows read from the index per chunk while loading the columns (about 10 ms each). */
const LOAD_CHUNK = 4096
/** Rowids searched per FTS chunk; fewer when a short word needs a substring test of each row. */
const SEARCH_CHUNK = 100_000
const SUBSTRING_CHUNK = 20_000
/** Prompts read per chunk while the word index is made (in the background, after the columns). */
const WORDS_CHUNK = 4096
/** Words the word index can answer at once (a bit each). */
const MAX_WORDS = 8

/** What the columns keep of an item (a copy of these fields, not of the whole item). */
const fieldsOf = ({ item }: Entry): ColumnFields => ({
  finishedAt: item.finishedAt,
  modelId: item.modelId,
  family: item.family,
  mode: item.mode,
  rating: item.rating,
  favourite: item.favourite,
  tags: item.tags,
  maker: item.madeBy?.user,
  makerName: item.madeBy?.name,
})

/**
 * The library's items: on disk in the index (index-db.ts), with the columns that queries need in
 * memory (columns.ts). Reads answer from both; a change updates the columns at once and goes to
 * the index file right after (index-writes.ts, which also keeps what could not be written yet).
 */
export class ItemStore {
  private columns = new Columns()
  /** The prompts' words (words.ts): made after the columns; until then searches go to the FTS. */
  private words = new WordIndex()
  private wordsRead: Promise<void> = Promise.resolve()
  private loading: Promise<void> | undefined
  private loaded = false
  private nextRowid = 1
  /** Changes not yet in the index file (the columns already have them). */
  private readonly pending: PendingWrites
  private readonly matchCache = new Map<string, Int32Array>()
  private cachedAt = -1
  private facetCache: LibraryFacets | undefined
  private seenVersion: number
  /** How many items there were when the index was closed (`info()` still answers). */
  private closedSize: number | undefined

  /** What an entry shows over what its files say (the marks merged from every machine's edits). */
  shown: ((entry: Entry) => Entry) | undefined

  constructor(
    private readonly db: IndexDb,
    private readonly log: Logger,
    private readonly clock: Clock,
    /** Another process changed the index: every view of the library must be reloaded. */
    private readonly onForeignChange: () => void = () => undefined,
  ) {
    this.seenVersion = db.dataVersion()
    this.nextRowid = db.maxRowid() + 1
    // Another process may have taken a rowid we gave out: start again from the file.
    this.pending = new PendingWrites(db, log, clock, () => void this.fresh().catch(() => undefined))
  }

  get size(): number {
    if (this.closedSize !== undefined) return this.closedSize
    return this.loaded ? this.columns.size : this.db.count() + this.pending.size
  }

  /** Reads the columns from the index in chunks, giving the engine's thread a turn between. */
  load(): Promise<void> {
    this.loading ??= (async () => {
      const columns = new Columns()
      let after: { finishedAt: number; id: string } | undefined
      let max = 0
      for (;;) {
        const rows = this.db.columnsAfter(after, LOAD_CHUNK)
        if (rows.length === 0) break
        columns.appendAll(rows.map(([rowid, finishedAt, , modelId, family, mode, rating, favourite, tags, maker, makerName]) => {
          max = Math.max(max, rowid)
          return [rowid, { finishedAt, modelId, family, mode: (mode ?? undefined) as ColumnFields['mode'], rating, favourite: favourite === 1, tags: tags ?? [], maker: maker ?? undefined, makerName: makerName ?? undefined }] as const
        }))
        const last = rows.at(-1)!
        after = { finishedAt: last[1], id: last[2] }
        await yieldTurn()
      }
      // New columns count their versions from zero: nothing cached from the old ones may stay.
      this.columns = columns
      this.words = new WordIndex()
      this.wordsRead = this.readWords(this.words)
      this.matchCache.clear()
      this.cachedAt = -1
      this.facetCache = undefined
      this.nextRowid = Math.max(max, this.db.maxRowid()) + 1
      // Changes made meanwhile and not yet written: put them back (with new rowids if theirs were taken).
      const waiting = this.pending.takeAll()
      this.loaded = true
      this.apply(waiting.map((w) => ({ id: w.id, entry: w.entry })))
    })()
    return this.loading
  }

  get(id: string): Entry | undefined {
    const waiting = this.pending.forId(id)
    return waiting ? (waiting.entry ?? undefined) : this.db.byId(id)
  }

  /** `get` of many ids at once (one query to the index file for those not pending): the ones there are. */
  getMany(ids: readonly string[]): Map<string, Entry> {
    const out = new Map<string, Entry>()
    const ask: string[] = []
    for (const id of ids) {
      const waiting = this.pending.forId(id)
      if (!waiting) ask.push(id)
      else if (waiting.entry) out.set(id, waiting.entry)
    }
    for (const [id, entry] of this.db.byIds(ask)) out.set(id, entry)
    return out
  }

  /** The items that continue `id` (lineage), oldest first; changes not yet written included. */
  continuing(id: string): string[] {
    const ids = new Set(this.db.continuing(id))
    for (const w of this.pending.values()) {
      if (w.entry?.item.continues === id) ids.add(w.id)
      else ids.delete(w.id)
    }
    return [...ids]
  }

  /** What the index holds for part of one folder (index-db.ts `inFolder`), changes not yet written included. */
  inFolder(dir: string, after: string, upTo: string | undefined, limit: number): Known[] {
    const inRange = (rel: string): boolean => dirOf(rel) === dir && rel > after && (upTo === undefined || rel <= upTo)
    return this.pending.overlay(this.db.inFolder(dir, after, upTo, limit), inRange)
  }

  /** The folders that hold items. */
  *folders(): Iterable<string> {
    const seen = new Set<string>()
    for (let dir = this.db.folderAfter(undefined); dir !== undefined; dir = this.db.folderAfter(dir)) {
      seen.add(dir)
      yield dir
    }
    for (const w of this.pending.values()) {
      const dir = w.entry && dirOf(w.entry.rel)
      if (dir === null || seen.has(dir)) continue
      seen.add(dir)
      yield dir
    }
  }

  /** Adds or replaces one item; answers which it was. */
  upsert(entry: Entry): 'added' | 'updated' {
    const existed = this.get(entry.item.id) !== undefined
    this.apply([{ id: entry.item.id, entry }])
    return existed ? 'updated' : 'added'
  }

  remove(id: string): boolean {
    if (this.get(id) === undefined) return false
    this.apply([{ id, entry: null }])
    return true
  }

  /**
   * Applies many changes at once (a scan applies a folder): the columns in one pass, the index
   * file in chunks. Callers must have awaited `load()`.
   */
  apply(given: ReadonlyArray<{ id: string; entry: Entry | null }>): void {
    const changes = this.shown ? given.map((c) => (c.entry ? { id: c.id, entry: this.shown!(c.entry) } : c)) : given
    const sets: Array<{ rowid: number; id: string; fields: ColumnFields }> = []
    const gone: number[] = []
    const writes: IndexWrite[] = []
    // The rowids the file has for these ids, in one query (a scan applies 256 changes at once).
    const inFile = this.db.rowidsOf(changes.filter((c) => !this.pending.forId(c.id)).map((c) => c.id))
    for (const { id, entry } of changes) {
      const waiting = this.pending.forId(id)
      const rowid = waiting ? (waiting.entry ? waiting.rowid : undefined) : inFile.get(id)
      if (entry) {
        // Back before its removal reached the file: its old row again, or the file would keep the
        // old row under this id while the columns looked for a new one (the item vanished from pages).
        const at = rowid ?? this.pending.forId(id)?.rowid ?? this.nextRowid++
        sets.push({ rowid: at, id, fields: fieldsOf(entry) })
        writes.push({ id, rowid: at, entry })
      } else if (rowid !== undefined) {
        gone.push(rowid)
        writes.push({ id, rowid, entry: null })
      }
    }
    if (this.loaded) {
      for (const w of writes) this.words.set(w.rowid, w.entry && searchable(w.entry.item.prompt))
      if (gone.length) this.columns.deleteMany(gone)
      if (sets.length) this.columns.setMany(sets, (rowids) => this.db.idsOf(rowids))
    }
    this.facetCache = undefined
    this.pending.queue(writes)
  }

  /** `signal` stops the sweeps behind a query (its caller wants another page now): AbortError. */
  async query(q: ParsedQuery, signal?: AbortSignal): Promise<LibraryPage> {
    if (!this.loaded && !this.filtered(q) && this.pending.size === 0) {
      // Before the columns are in, a plain page comes straight from the index: opening shows
      // the first page at the cost of one indexed read, whatever the library's size.
      return { items: this.db.page(q.offset, q.limit, q.sort === 'newest').map((e) => e.item), total: this.db.count(), offset: q.offset }
    }
    const matches = await this.matches(q, signal)
    const end = Math.min(q.offset + q.limit, matches.length)
    const rowids: number[] = []
    for (let i = q.offset; i < end; i++) rowids.push(matches[q.sort === 'newest' ? i : matches.length - 1 - i]!)
    return { items: this.entriesOf(rowids).map((e) => e.item), total: matches.length, offset: q.offset }
  }

  /** Where an item sits in a query's order (-1: not in it), for the detail view's arrow keys. */
  async locate(id: string, q: ParsedQuery, signal?: AbortSignal): Promise<{ index: number; total: number }> {
    const matches = await this.matches(q, signal)
    const rowid = this.rowidOf(id)
    const at = rowid === undefined ? -1 : matches.indexOf(rowid)
    return { index: at < 0 ? -1 : q.sort === 'newest' ? at : matches.length - 1 - at, total: matches.length }
  }

  async facets(): Promise<LibraryFacets> {
    await this.fresh()
    if (this.facetCache) return this.facetCache
    const columns = this.columns
    const version = columns.version
    const counter = columns.facetCounter()
    const order = columns.order
    await sweep(order.length, (i) => counter.add(order[i]!))
    const facets = counter.result()
    if (columns === this.columns && version === columns.version) this.facetCache = facets
    return facets
  }

  /** Items per local day for a query, in its order (the grid's layout). */
  async days(q: ParsedQuery, signal?: AbortSignal): Promise<LibraryDays> {
    const matches = await this.matches(q, signal)
    const counter = dayCounter()
    const n = matches.length
    await sweep(n, (i) => counter.add(this.columns.timeOf(matches[q.sort === 'newest' ? i : n - 1 - i]!)), signal)
    return { days: counter.days, total: n }
  }

  /** Waits for the index file to hold every change made so far (or for the next failure). */
  flush(): Promise<void> {
    return this.pending.flush()
  }

  /** Changes the index file does not hold yet (a write failed and waits to be tried again). */
  get unwritten(): number {
    return this.pending.size
  }

  async close(): Promise<void> {
    this.closedSize = this.size
    this.pending.close()
    await this.db.close()
  }

  private filtered(q: ParsedQuery): boolean {
    return Boolean(searchWords(q).length || q.modelIds?.length || q.families?.length || q.modes?.length || q.tags?.length || q.makers?.length || q.from !== undefined || q.to !== undefined || q.favourite !== undefined || q.minRating)
  }

  /** The loaded columns, reloaded first if another process changed the index since. */
  async fresh(): Promise<void> {
    await this.load()
    const version = this.db.dataVersion()
    if (version === this.seenVersion) return
    this.seenVersion = version
    this.log.info('library.reloading')
    this.loaded = false
    this.loading = undefined
    await this.load()
    this.onForeignChange()
  }

  /** A query's rowids in newest-first order (cached per filter set until the next change). */
  private async matches(q: ParsedQuery, signal?: AbortSignal): Promise<Int32Array> {
    await this.fresh()
    signal?.throwIfAborted()
    const columns = this.columns
    const version = columns.version
    if (this.cachedAt !== version) {
      this.matchCache.clear()
      this.cachedAt = version
    }
    const words = searchWords(q)
    const key = JSON.stringify([words, q.modelIds, q.families, q.modes, q.tags, q.makers, q.from, q.to, q.favourite, q.minRating])
    const cached = this.matchCache.get(key)
    if (cached) return cached
    const order = columns.order
    const filter = columns.filterOf(q)
    let out: Int32Array
    if (!filter) out = new Int32Array(0)
    else if (!this.filtered(q)) out = order
    else {
      const [start, end] = columns.span(q)
      const found = words.length ? await this.searchBitmap(words, signal) : undefined
      out = await collect(order.subarray(start, end), filter, found, signal)
    }
    if (columns === this.columns && version === columns.version) {
      if (this.matchCache.size >= 8) this.matchCache.delete(this.matchCache.keys().next().value as string)
      this.matchCache.set(key, out)
    }
    return out
  }

  /** Resolves once the word index is made (searches answer the same before, from the FTS). */
  async wordsReady(): Promise<void> {
    await this.load()
    await this.wordsRead
  }

  /** Fills the word index from the index file, a chunk at a time; stops if the index is replaced or closed. */
  private async readWords(words: WordIndex): Promise<void> {
    try {
      for (let after = 0; this.words === words && this.closedSize === undefined; ) {
        const rows = this.db.promptsAfter(after, WORDS_CHUNK)
        if (rows.length === 0) return words.finish()
        for (const [rowid, search] of rows) words.addIndexed(rowid, search)
        after = rows.at(-1)![0]
        await yieldTurn()
      }
    } catch (error) {
      // Searches keep using the FTS, which answers the same.
      this.log.warn('library.wordsNotMade', { reason: (error as Error).message })
    }
  }

  /**
   * Which rowids' prompts hold every word: from the word index when it is made and every word is
   * letters only; else the index's FTS in chunks, plus changes not yet written.
   */
  private async searchBitmap(words: string[], signal?: AbortSignal): Promise<Found> {
    const max = this.nextRowid
    const found = new Uint8Array(max + 1)
    if (this.words.ready && words.length <= MAX_WORDS && words.every(isLetterWord)) return { marks: found, all: this.words.match(words, found) }
    const step = words.some((w) => [...w].length < 3) ? SUBSTRING_CHUNK : SEARCH_CHUNK
    // What is not in the file yet, taken before the file is read: a change written between two
    // chunks (many changes are written a chunk a turn) is then in one or the other, never lost.
    const waiting = [...this.pending.values()]
    for (let from = 1; from < max; from += step) {
      for (const r of this.db.search(words, from, from + step - 1)) found[r] = 1
      await yieldTurn()
      signal?.throwIfAborted()
    }
    for (const write of waiting) {
      const prompt = write.entry && searchable(write.entry.item.prompt)
      found[write.rowid] = prompt && words.every((w) => prompt.includes(w)) ? 1 : 0
    }
    return { marks: found, all: 1 }
  }

  private entriesOf(rowids: readonly number[]): Entry[] {
    const fromDb = this.db.byRowids(rowids.filter((r) => this.pending.forRowid(r) === undefined))
    return rowids.map((r) => this.pending.forRowid(r) ?? fromDb.get(r)).filter((e): e is Entry => e !== undefined && e !== null)
  }

  private rowidOf(id: string): number | undefined {
    const waiting = this.pending.forId(id)
    if (waiting) return waiting.entry ? waiting.rowid : undefined
    return this.db.rowidOf(id)
  }
}
