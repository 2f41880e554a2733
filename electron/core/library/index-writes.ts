import type { Logger } from '../logger'
import type { Clock } from '../ports'
import type { Entry } from './entry'
import type { IndexDb } from './index-db'
import type { IndexWrite } from './index-rows'
import type { Known } from './scanner'
import { yieldTurn } from './sweep'

/** Changes written per transaction (a scan writes a folder of thousands in several). */
const WRITE_CHUNK = 256
/** How long a write that failed waits before it is tried again (doubling up to a minute). */
const RETRY_MS = 1_000
const RETRY_MAX_MS = 60_000

/**
 * Changes on their way to the index file (issue 13 item 1). A change is queued here and written
 * at once (a few) or in chunks with a turn between (many). A write that fails (disk full, the file
 * locked by another process, anything) is logged and kept: reads are answered from here meanwhile,
 * it is tried again later, and later changes queue behind it without ever waiting for it.
 */
export class PendingWrites {
  /** By rowid; `entry: null` is a removal. */
  private readonly byRowid = new Map<number, IndexWrite>()
  private readonly byId = new Map<string, number>()
  private writing: Promise<void> | undefined
  private retryTimer: unknown
  private retryMs = RETRY_MS

  constructor(
    private readonly db: IndexDb,
    private readonly log: Logger,
    private readonly clock: Clock,
    /** Before a retry: the store reloads if another process changed the file meanwhile. */
    private readonly beforeRetry: () => void,
  ) {}

  get size(): number {
    return this.byRowid.size
  }

  /** What is pending for this id: an entry, `null` (removed), or `undefined` (nothing pending). */
  forId(id: string): { rowid: number; entry: Entry | null } | undefined {
    const rowid = this.byId.get(id)
    const write = rowid === undefined ? undefined : this.byRowid.get(rowid)
    return write && { rowid: write.rowid, entry: write.entry }
  }

  forRowid(rowid: number): Entry | null | undefined {
    return this.byRowid.get(rowid)?.entry
  }

  values(): IterableIterator<IndexWrite> {
    return this.byRowid.values()
  }

  /** Everything pending, taken out (the store puts it back after a reload, with fresh rowids). */
  takeAll(): IndexWrite[] {
    const all = [...this.byRowid.values()]
    this.byRowid.clear()
    this.byId.clear()
    return all
  }

  /** Queues changes and starts writing them (a few at once, right now). */
  queue(writes: readonly IndexWrite[]): void {
    for (const write of writes) {
      const previous = this.byId.get(write.id)
      if (previous !== undefined && previous !== write.rowid) this.byRowid.delete(previous)
      this.byRowid.set(write.rowid, write)
      this.byId.set(write.id, write.rowid)
    }
    this.writeSoon()
  }

  /** Rows of one folder's path range as a scan sees them, with what is pending laid over. */
  overlay(rows: Known[], inRange: (rel: string) => boolean): Known[] {
    if (this.byRowid.size === 0) return rows
    const out = new Map(rows.map((k) => [k.id, k]))
    for (const w of this.byRowid.values()) {
      if (w.entry && inRange(w.entry.rel)) out.set(w.id, { id: w.id, rel: w.entry.rel, sidecar: w.entry.sidecar, stamp: w.entry.stamp, poster: w.entry.poster })
      else out.delete(w.id)
    }
    return [...out.values()].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))
  }

  /** Waits for the file to hold every change queued so far (or for the next failure). */
  async flush(): Promise<void> {
    while (this.byRowid.size && !this.retryTimer) {
      this.writeSoon()
      await this.writing
    }
  }

  close(): void {
    this.clock.clearTimeout(this.retryTimer)
    this.retryTimer = undefined
    if (this.byRowid.size) this.log.warn('library.changesNotWritten', { count: this.byRowid.size })
  }

  private writeSoon(): void {
    if (this.writing || this.retryTimer || this.byRowid.size === 0) return
    const run = this.writeAll().finally(() => {
      if (this.writing !== run) return
      this.writing = undefined
      // Queued after the last batch was taken, before this run had ended.
      this.writeSoon()
    })
    this.writing = run
  }

  private async writeAll(): Promise<void> {
    try {
      while (this.byRowid.size) {
        const batch = [...this.byRowid.values()].slice(0, WRITE_CHUNK)
        this.db.write(batch)
        for (const w of batch) {
          if (this.byRowid.get(w.rowid) !== w) continue // changed again meanwhile: still pending
          this.byRowid.delete(w.rowid)
          if (this.byId.get(w.id) === w.rowid) this.byId.delete(w.id)
        }
        this.retryMs = RETRY_MS
        if (this.byRowid.size) await yieldTurn()
      }
    } catch (error) {
      this.log.warn('library.indexWriteRetry', { reason: (error as Error).message, seconds: Math.round(this.retryMs / 1000) })
      this.retryTimer = this.clock.setTimeout(() => {
        this.retryTimer = undefined
        this.beforeRetry()
        this.writeSoon()
      }, this.retryMs)
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS)
    }
  }
}
