import type { Value } from './index-rows'

/** What the fill needs of the index file (index-db.ts gives it). */
export interface FillTarget {
  maxRowid(): number
  /** Runs one statement in a transaction of its own, then lets the checkpointer know. */
  writeOne(sql: string, ...values: Value[]): void
}

/**
 * The prompt index (FTS) of an index being built: the rows a build writes go into `items` only,
 * and are added to the prompt index in bulk before the index is marked finished. One
 * `insert … select` of 4,096 rows costs about a tenth of 4,096 single inserts (measured: 42
 * against about 430 ms of CPU for 10,000 prompts). Rows changed meanwhile follow the watermark:
 * at or below it they are kept in the prompt index one by one, above it the bulk copy takes them.
 */
export class SearchFill {
  /** The prompt index holds the rows up to this rowid; `undefined`: every row (a finished index). */
  private upTo: number | undefined

  constructor(building: boolean) {
    this.upTo = building ? 0 : undefined
  }

  /** Whether the prompt index has every row. */
  get filled(): boolean {
    return this.upTo === undefined
  }

  /** Whether this row is in the prompt index (during a build, rows past the watermark are added later in bulk). */
  holds(rowid: number): boolean {
    return this.upTo === undefined || rowid <= this.upTo
  }

  /**
   * Adds one chunk of the rows a build wrote to the prompt index; answers whether every row is in
   * it now. The caller gives the engine's thread a turn between chunks.
   */
  step(target: FillTarget, limit: number): boolean {
    if (this.upTo === undefined) return true
    const from = this.upTo
    if (from >= target.maxRowid()) {
      this.upTo = undefined
      return true
    }
    target.writeOne('insert into prompts (rowid, search) select rowid, search from items where rowid > ? and rowid <= ?', from, from + limit)
    this.upTo = from + limit
    return false
  }
}
