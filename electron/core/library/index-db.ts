import { createHash } from 'node:crypto'
import { chmodSync, closeSync, mkdirSync, openSync, rmSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync, type DatabaseSyncInstance, type StatementSyncInstance } from '@photostructure/sqlite'
import type { Logger } from '../logger'
import { type Checkpointer, createCheckpointer } from './checkpointer'
import type { Entry } from './entry'
import { type ColumnRow, COLUMNS, dirOf, entryOf, FIELDS, type IndexWrite, MARKS, type Row, rowidsIn, SCHEMA, type Value } from './index-rows'
import type { Known } from './scanner'
import { searchable } from './query'
import { SearchFill } from './search-fill'

/**
 * The index cache on disk: one SQLite file per library folder,
 * `<data>/library-index/<sha256(folder)[0:16]>.sqlite` (WAL, mode 0600). A cache and nothing more:
 * missing, from another version, for another folder, unfinished or unreadable, it is rebuilt from
 * the sidecars. A change writes one row (a few pages of the WAL), never the whole index; prompts
 * are searched through an FTS5 trigram index (docs/LIBRARY.md, "The index").
 */
export const INDEX_VERSION = 4

/** Why an index is built anew from the sidecars: a code of the log's `library.building` words. */
export type Rebuild =
  | { why: 'missing' | 'otherFolder' | 'unfinished' | 'inMemory' }
  | { why: 'version'; found: string; expected: number }
  | { why: 'unreadable'; reason: string }

type IndexState = { ok: true } | { ok: false; rebuild: Rebuild }

// An item's writes, made once (not per write: a rebuild makes 100,000).
const INSERT_ITEM = `insert into items (rowid, ${FIELDS}) values (?, ${FIELDS.replace(/\w+/g, '?')})`
const UPDATE_ITEM = `update items set (${FIELDS}) = (${FIELDS.replace(/\w+/g, '?')}) where rowid = ?`
const UPDATE_MARKS = `update items set (${MARKS}) = (${MARKS.replace(/\w+/g, '?')}) where rowid = ?`

export function indexFileOf(dataDir: string, library: string): string {
  const key = createHash('sha256').update(path.resolve(library)).digest('hex').slice(0, 16)
  return path.join(dataDir, 'library-index', `${key}.sqlite`)
}

/** The JSON index of earlier versions (one file rewritten whole on every change), removed once replaced. */
export const legacyIndexFileOf = (dataDir: string, library: string): string => indexFileOf(dataDir, library).replace(/\.sqlite$/, '.json')

/**
 * The SQLite file and every statement the library runs on it. Synchronous (the binding is), so
 * every call here is small: one row, one page, one chunk of a sweep; the callers (store.ts) yield
 * between chunks, so no call holds the engine's thread for long at any library size.
 */
export class IndexDb {
  private readonly db: DatabaseSyncInstance
  private readonly cache = new Map<string, StatementSyncInstance>()
  private checkpointer: Checkpointer | undefined
  /** The prompt index's bulk fill while an index is being built (search-fill.ts). */
  private fill = new SearchFill(false)

  private constructor(
    db: DatabaseSyncInstance,
    /** The file, for other connections (the folder check's thread); none for an index in memory. */
    readonly file?: string,
  ) {
    this.db = db
  }

  /**
   * Opens (creating, mode 0600) the index file of a library. When it does not hold a finished
   * index of this folder (missing, another version, unfinished, unreadable) it is made anew,
   * empty, and `rebuild` says why: the caller fills it from the sidecars, then `markComplete()`.
   */
  static open(file: string, library: string, log: Logger, checkpointWorker?: string): { db: IndexDb; rebuild?: Rebuild } {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
    let reason: Rebuild
    try {
      const db = IndexDb.connect(file)
      const state = db.check(library)
      if (state.ok) {
        db.checkpointer = createCheckpointer(file, log, () => db.checkpointHere(), checkpointWorker)
        return { db }
      }
      db.db.close()
      reason = state.rebuild
    } catch (error) {
      // Not a database, or damaged beyond reading: a cache is simply made again.
      reason = { why: 'unreadable', reason: (error as Error).message }
    }
    // A new file rather than emptied tables: instant at any size, and another process that
    // still has the old one open keeps reading its own copy until it notices.
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true })
    const db = IndexDb.connect(file)
    db.create(library)
    // Filled from the sidecars next: the prompt index in bulk at the end (`fillSearch`).
    db.fill = new SearchFill(true)
    db.checkpointer = createCheckpointer(file, log, () => db.checkpointHere(), checkpointWorker)
    return { db, rebuild: reason }
  }

  /** An index in memory only, for a data folder that cannot be written (the library still works). */
  static inMemory(library: string): IndexDb {
    const db = new IndexDb(new DatabaseSync(':memory:'))
    db.create(library)
    return db
  }

  private static connect(file: string): IndexDb {
    // Created by us with 0600 before SQLite opens it: SQLite gives its -wal and -shm files the
    // database file's permissions.
    closeSync(openSync(file, 'a', 0o600))
    chmodSync(file, 0o600)
    const db = new IndexDb(new DatabaseSync(file), file)
    try {
      // WAL: a change appends a few pages; NORMAL: no fsync per change (the sidecar, already
      // fsynced, is the truth; a change lost with power is found again by the next scan).
      // busy_timeout 0: never wait on another process's lock on this thread; store.ts retries.
      // No checkpoints on this thread either: checkpointer.ts does them on its own; once one
      // has gone through, the log file is cut back to 1 MB.
      db.db.exec('pragma journal_mode = wal; pragma synchronous = normal; pragma busy_timeout = 0; pragma cache_size = -8000; pragma wal_autocheckpoint = 0; pragma journal_size_limit = 1048576')
    } catch (error) {
      db.db.close()
      throw error
    }
    return db
  }

  private check(library: string): IndexState {
    const hasMeta = this.db.prepare("select 1 from sqlite_schema where type = 'table' and name = 'meta'").get() !== undefined
    const meta = new Map<string, string>()
    if (hasMeta) for (const row of this.db.prepare('select key, value from meta').all() as Row[]) meta.set(row['key'] as string, row['value'] as string)
    const rebuild: Rebuild | undefined = !hasMeta
      ? { why: 'missing' }
      : meta.get('version') !== String(INDEX_VERSION)
        ? { why: 'version', found: meta.get('version') ?? '?', expected: INDEX_VERSION }
        : meta.get('library') !== path.resolve(library)
          ? { why: 'otherFolder' }
          : meta.get('complete') !== '1'
            ? { why: 'unfinished' }
            : undefined
    return rebuild ? { ok: false, rebuild } : { ok: true }
  }

  private create(library: string): void {
    this.transaction(() => {
      this.db.exec(SCHEMA)
      const set = this.db.prepare('insert into meta (key, value) values (?, ?)')
      set.run('version', String(INDEX_VERSION))
      set.run('library', path.resolve(library))
      set.run('complete', '0')
      set.run('count', '0')
    })
  }

  /** Runs `work` in one transaction: all of it or none. */
  private transaction(work: () => void): void {
    this.db.exec('begin immediate')
    try {
      work()
      this.db.exec('commit')
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('rollback')
      throw error
    }
  }

  /** SQLite's own checkpoints on this connection (when the checkpoint thread cannot run). */
  checkpointHere(): void {
    if (this.db.isOpen) this.db.exec('pragma wal_autocheckpoint = 1000')
  }

  /**
   * Adds one chunk of the rows a build wrote to the prompt index; answers whether every row is in
   * it now. The caller gives the engine's thread a turn between chunks and then `markComplete()`s.
   */
  fillSearch(limit = 4096): boolean {
    return this.fill.step(
      {
        maxRowid: () => this.maxRowid(),
        writeOne: (sql, ...values) => {
          this.transaction(() => this.stmt(sql).run(...values))
          this.checkpointer?.wrote()
        },
      },
      limit,
    )
  }

  /** Marks a built index finished: the next open uses it as it is. Its prompt index must be filled. */
  markComplete(): void {
    if (!this.fill.filled) throw new Error('the prompt index is not filled yet')
    this.stmt("update meta set value = '1' where key = 'complete'").run()
  }

  /** Changes when another connection (the CLI, another window's engine) committed since. */
  dataVersion(): number {
    return (this.stmt('pragma data_version').get() as Row)['data_version'] as number
  }

  /** How many items (kept by triggers: `count(*)` would read a whole index, ~300 ms cold at 1,000,000). */
  count(): number {
    return (this.stmt("select cast(value as integer) as n from meta where key = 'count'").get() as Row)['n'] as number
  }

  maxRowid(): number {
    return ((this.stmt('select max(rowid) as m from items').get() as Row)['m'] as number | null) ?? 0
  }

  rowidOf(id: string): number | undefined {
    return (this.stmt('select rowid from items where id = ?').get(id) as Row | undefined)?.['rowid'] as number | undefined
  }

  byId(id: string): Entry | undefined {
    return this.entries(`select ${COLUMNS} from items where id = ?`, id)[0]
  }

  /** The items with these ids that the index has, in one query (a scan's slice asks for 256 at once). */
  byIds(ids: readonly string[]): Map<string, Entry> {
    const out = new Map<string, Entry>()
    if (ids.length === 0) return out
    for (const entry of this.entries(`select ${COLUMNS} from items where id in (select value from json_each(?))`, JSON.stringify(ids))) out.set(entry.item.id, entry)
    return out
  }

  /** The rowids of these ids, those the index has, in one query. */
  rowidsOf(ids: readonly string[]): Map<string, number> {
    if (ids.length === 0) return new Map()
    const rows = this.stmt('select id, rowid from items where id in (select value from json_each(?))').all(JSON.stringify(ids)) as Row[]
    return new Map(rows.map((row) => [row['id'] as string, row['rowid'] as number]))
  }

  /** The items that continue `id` (lineage), oldest first. */
  continuing(id: string): string[] {
    return (this.stmt('select id from items where continues = ? order by finishedAt, id').all(id) as Row[]).map((row) => row['id'] as string)
  }

  /** Rows by rowid, in no particular order (the caller puts them in its own). */
  byRowids(rowids: readonly number[]): Map<number, Entry> {
    const out = new Map<number, Entry>()
    if (rowids.length === 0) return out
    const rows = this.stmt(`select ${COLUMNS} from items where rowid in (select value from json_each(?))`, true).all(JSON.stringify(rowids)) as Value[][]
    for (const values of rows) out.set(values[0] as number, entryOf(values)) // COLUMNS begin with the rowid
    return out
  }

  /** Ids of the given rows (to order items that finished at the same millisecond). */
  idsOf(rowids: readonly number[]): Map<number, string> {
    const rows = this.stmt('select rowid, id from items where rowid in (select value from json_each(?))').all(JSON.stringify(rowids)) as Row[]
    return new Map(rows.map((row) => [row['rowid'] as number, row['id'] as string]))
  }

  /** A page in the index's order straight from disk (before the columns are loaded). */
  page(offset: number, limit: number, newest: boolean): Entry[] {
    const order = newest ? 'finishedAt desc, id' : 'finishedAt, id desc'
    return this.entries(`select ${COLUMNS} from items order by ${order} limit ? offset ?`, limit, offset)
  }

  /**
   * What a scan compares one folder with: the items of that folder (not of its subfolders) whose
   * path is after `after` (exclusive) up to `upTo` (inclusive), by path, at most `limit`.
   */
  inFolder(dir: string, after: string, upTo: string | undefined, limit: number): Known[] {
    const sql = `select id, rel, stamp, sidecar, poster from items where dir = ? and rel > ? ${upTo === undefined ? '' : 'and rel <= ?'} order by rel limit ${limit}`
    const rows = (upTo === undefined ? this.stmt(sql).all(dir, after) : this.stmt(sql).all(dir, after, upTo)) as Row[]
    return rows.map((row) => ({
      id: row['id'] as string,
      rel: row['rel'] as string,
      sidecar: row['sidecar'] as Entry['sidecar'],
      ...(row['stamp'] === null ? {} : { stamp: row['stamp'] as string }),
      ...(row['poster'] === null ? {} : { poster: row['poster'] as string }),
    }))
  }

  /** The folders that hold items, one at a time (the `dir` index, never a sweep of the rows). */
  folderAfter(dir: string | undefined): string | undefined {
    const row = (dir === undefined ? this.stmt('select min(dir) as d from items').get() : this.stmt('select min(dir) as d from items where dir > ?').get(dir)) as Row
    return (row['d'] as string | null) ?? undefined
  }

  /**
   * One chunk of the columns in the index's order after (finishedAt, id), as one JSON text: one
   * string across the binding instead of thousands of row objects (about 4× faster at 1,000,000).
   */
  columnsAfter(after: { finishedAt: number; id: string } | undefined, limit: number): ColumnRow[] {
    const where = after ? 'where finishedAt < ?1 or (finishedAt = ?1 and id > ?2)' : ''
    const sql = `select json_group_array(json_array(rowid, finishedAt, id, modelId, family, mode, rating, favourite, json(tags), madeBy ->> '$.user', madeBy ->> '$.name')) as j from (select * from items ${where} order by finishedAt desc, id limit ${limit})`
    const row = (after ? this.stmt(sql).get(after.finishedAt, after.id) : this.stmt(sql).get()) as Row
    return JSON.parse(row['j'] as string) as ColumnRow[]
  }

  /** One chunk of the prompts (search form) by rowid after `after`, as one JSON text (the word index, words.ts). */
  promptsAfter(after: number, limit: number): Array<[rowid: number, search: string]> {
    const sql = `select json_group_array(json_array(rowid, search)) as j from (select rowid, search from items where rowid > ? order by rowid limit ${limit})`
    return JSON.parse((this.stmt(sql).get(after) as Row)['j'] as string) as Array<[number, string]>
  }

  /**
   * Rowids in [from, to] whose prompt holds every word: an FTS5 trigram match for words of three
   * characters or more, a plain substring test for shorter ones (a trigram index cannot find those).
   */
  search(words: readonly string[], from: number, to: number): Int32Array {
    const long = words.filter((w) => [...w].length >= 3)
    const short = words.filter((w) => [...w].length < 3)
    const match = long.map((w) => `"${w.replaceAll('"', '""')}"`).join(' ')
    const substrings = short.map(() => 'instr(i.search, ?) > 0').join(' and ')
    // Long words: the FTS index alone (no row read unless a short word must be checked too).
    const sql = !short.length
      ? 'select group_concat(rowid) as r from prompts where prompts match ? and rowid between ? and ?'
      : long.length
        ? `select group_concat(i.rowid) as r from prompts p join items i on i.rowid = p.rowid where prompts match ? and p.rowid between ? and ? and ${substrings}`
        : `select group_concat(rowid) as r from items i where rowid between ? and ? and ${substrings}`
    const params: Value[] = long.length ? [match, from, to, ...short] : [from, to, ...short]
    return rowidsIn((this.stmt(sql).get(...params) as Row)['r'] as string | null)
  }

  /** Applies changes in one transaction: all of them or none. */
  write(changes: readonly IndexWrite[]): void {
    this.transaction(() => {
      for (const change of changes) {
        if (change.entry) this.upsert(change.rowid, change.entry)
        else this.remove(change.id)
      }
    })
    this.checkpointer?.wrote()
  }

  private upsert(rowid: number, entry: Entry): void {
    const { item } = entry
    const search = searchable(item.prompt)
    // This item's row, and another item's at this path (the designer replaced a sidecar): the
    // folder says that one is gone. One query for both (each by its unique index).
    let old: Row | undefined
    for (const row of this.stmt('select rowid, id, rel, finishedAt, search from items where id = ?1 or rel = ?2').all(item.id, entry.rel) as Row[]) {
      if (row['id'] === item.id) old = row
      else this.remove(row['id'] as string)
    }
    const values: Value[] = [
      item.id, entry.rel, dirOf(entry.rel), item.finishedAt, item.modelId, item.family, item.mode ?? null, item.rating, item.favourite ? 1 : 0,
      item.tags.length ? JSON.stringify(item.tags) : null, item.prompt, search, item.origin, item.version, item.durationSec ?? null, item.width ?? null,
      item.height ?? null, item.sandbox ? 1 : 0, entry.poster ?? null, entry.sidecar, entry.stamp ?? null, item.continues ?? null,
      item.madeBy ? JSON.stringify(item.madeBy) : null,
    ]
    const at = old ? (old['rowid'] as number) : rowid
    // A new item takes the rowid the store gave it; should another process have taken that rowid
    // meanwhile, the insert fails and the store reloads from the file (never overwrites theirs).
    if (old?.['rel'] === entry.rel && old['finishedAt'] === item.finishedAt) {
      // Where and when are the same (a favourite, a rating, tags, a poster): the indexes of the
      // item's id, path and time are left alone, so the change writes one page.
      this.stmt(UPDATE_MARKS).run(...values.slice(4), at)
    } else if (old) this.stmt(UPDATE_ITEM).run(...values, at)
    else this.stmt(INSERT_ITEM).run(at, ...values)
    // The prompt index changes only with the prompt: a favourite or a rating writes one row.
    if (old?.['search'] === search || !this.fill.holds(at)) return
    if (old) this.stmt('delete from prompts where rowid = ?').run(at)
    this.stmt('insert into prompts (rowid, search) values (?, ?)').run(at, search)
  }

  private remove(id: string): void {
    const row = this.stmt('select rowid from items where id = ?').get(id) as Row | undefined
    if (!row) return
    this.stmt('delete from items where rowid = ?').run(row['rowid'])
    if (this.fill.holds(row['rowid'] as number)) this.stmt('delete from prompts where rowid = ?').run(row['rowid'])
  }

  async close(): Promise<void> {
    this.cache.clear()
    if (this.db.isOpen) this.db.close()
    await this.checkpointer?.close()
  }

  /** The entries a `select COLUMNS …` finds, its rows read as arrays (`entryOf`). */
  private entries(sql: string, ...params: Value[]): Entry[] {
    return (this.stmt(sql, true).all(...params) as Value[][]).map((values) => entryOf(values))
  }

  /** `arrays`: rows come as arrays of values in the select's order, not objects. */
  private stmt(sql: string, arrays = false): StatementSyncInstance {
    const key = arrays ? `arrays:${sql}` : sql
    let statement = this.cache.get(key)
    if (!statement) {
      statement = this.db.prepare(sql)
      if (arrays) statement.setReturnArrays(true)
      this.cache.set(key, statement)
    }
    return statement
  }
}
