import { watch, type FSWatcher } from 'node:fs'
import { mkdir, readdir } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from '../logger'
import { withAppendLock } from './append-lock'
import { HybridClock, type Stamp } from './clock'
import { lineOf, parseLine } from './lines'
import { appendLines, LogReader } from './log-file'
import { Registers, type Register } from './registers'

/** Where a library keeps what its machines share: a dot-folder, which no scan lists as media. */
export const SHARED_DIR = '.reelbox-shared'
const CHANGES_DIR = 'changes'
const LOG_SUFFIX = '.jsonl'

/**
 * How often a studio reads the other machines' logs. Change events from the folder come sooner on
 * a local disk; a sync engine or a network share gives none from other machines, and this bounds
 * how late their edits show.
 */
export const STUDIO_FOLLOW_MS = 1_000

export interface StudioOptions {
  /** The library folder. */
  library: string
  /** This machine's data folder: its id and its log lock live there. */
  dataDir: string
  machine: string
  log: Logger
  now?: () => number
  /** 0: no following (a command that reads once); the engine follows. */
  followMs?: number
  /** The designer's name, recorded with this machine's first change (boards say who changed what). */
  name?: () => string | undefined
}

/** Subjects whose winning values changed, and whether this process made the change. */
export type StudioListener = (subjects: ReadonlySet<string>, mine: boolean) => void

/**
 * What the studio's machines edit together (marks, boards, sequences), as registers merged from
 * every machine's change log in `<library>/.reelbox-shared/changes/<machine>.jsonl`. Each machine
 * appends to its own log only, so no two machines ever write one file; every reader merges all
 * logs by one rule (registers.ts), so every machine shows the same state once it has the files.
 */
export class Studio {
  readonly machine: string
  private readonly registers = new Registers()
  private readonly readers = new Map<string, LogReader>()
  private readonly listeners = new Set<StudioListener>()
  private readonly clock: HybridClock
  private readonly folder: string
  private readonly ownLog: string
  private reading: Promise<Set<string>> | undefined
  private writes: Promise<unknown> = Promise.resolve()
  private timer: NodeJS.Timeout | undefined
  private watcher: FSWatcher | undefined
  readonly ready: Promise<void>

  constructor(private readonly options: StudioOptions) {
    this.machine = options.machine
    this.clock = new HybridClock(options.now ?? Date.now)
    this.folder = path.join(options.library, SHARED_DIR, CHANGES_DIR)
    this.ownLog = path.join(this.folder, `${options.machine}${LOG_SUFFIX}`)
    this.ready = this.refresh().then(() => this.follow())
  }

  /**
   * Records the values set on one subject, in this machine's log, on the disk before it resolves.
   * Under this machine's log lock, the log is read first: the app and the CLI share it, and each
   * stamp must be later than the other process's.
   */
  set(subject: string, fields: Record<string, unknown>): Promise<Stamp> {
    const write = this.writes.then(async () => {
      await this.ready
      await Promise.all([mkdir(this.folder, { recursive: true }), mkdir(this.options.dataDir, { recursive: true })])
      const named = this.nameToRecord()
      const at = await withAppendLock(this.options.dataDir, async () => {
        await this.readLog(this.ownLog)
        const stamp = this.clock.next()
        const namedAt = this.clock.next()
        const naming = named === undefined ? '' : lineOf(namedAt, `machine/${this.machine}`, { name: named })
        await appendLines(this.ownLog, lineOf(stamp, subject, fields) + naming)
        if (named !== undefined) this.take(`machine/${this.machine}`, { name: named }, namedAt, this.machine)
        return stamp
      })
      const changed = this.take(subject, fields, at, this.machine) ? new Set([subject]) : new Set<string>()
      this.tell(changed, true)
      return at
    })
    this.writes = write.catch(() => undefined)
    return write
  }

  private nameToRecord(): string | undefined {
    const name = this.options.name?.()
    return name && name !== this.registers.valueOf(`machine/${this.machine}`, 'name') ? name : undefined
  }

  fieldsOf(subject: string): ReadonlyMap<string, Register> | undefined {
    return this.registers.fieldsOf(subject)
  }

  valueOf(subject: string, field: string): unknown {
    return this.registers.valueOf(subject, field)
  }

  subjectsUnder(prefix: string): string[] {
    return this.registers.subjectsUnder(prefix)
  }

  onChange(listener: StudioListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Reads what every machine appended since the last read, and tells listeners what changed. */
  refresh(): Promise<Set<string>> {
    return (this.reading ??= this.readAll().finally(() => (this.reading = undefined)))
  }

  close(): void {
    clearInterval(this.timer)
    this.watcher?.close()
    this.listeners.clear()
  }

  private async readAll(): Promise<Set<string>> {
    const names = await readdir(this.folder).catch(() => [] as string[])
    const changed = new Set<string>()
    for (const name of names) {
      if (!name.endsWith(LOG_SUFFIX)) continue
      for (const subject of await this.readLog(path.join(this.folder, name))) changed.add(subject)
    }
    this.tell(changed, false)
    return changed
  }

  /** One log's new whole lines into the registers; the subjects whose winners changed. */
  private async readLog(file: string): Promise<Set<string>> {
    let reader = this.readers.get(file)
    if (!reader) this.readers.set(file, (reader = new LogReader(file)))
    const by = path.basename(file, LOG_SUFFIX)
    const changed = new Set<string>()
    const lines = await reader.readNew().catch((error: Error) => {
      this.options.log.warn('studio.logUnreadable', { file: path.basename(file), reason: error.message })
      return []
    })
    for (const text of lines) {
      const line = parseLine(text)
      if (!line) {
        this.options.log.warn('studio.lineSkipped', { file: path.basename(file) })
        continue
      }
      this.clock.observe(line.at)
      if (this.take(line.of, line.set, line.at, by)) changed.add(line.of)
    }
    return changed
  }

  private take(subject: string, fields: Record<string, unknown>, at: Stamp, by: string): boolean {
    let changed = false
    for (const [field, value] of Object.entries(fields)) changed = this.registers.put(subject, field, { at, by, value }) || changed
    return changed
  }

  private tell(subjects: ReadonlySet<string>, mine: boolean): void {
    if (subjects.size === 0) return
    for (const listener of this.listeners) {
      try {
        listener(subjects, mine)
      } catch (error) {
        this.options.log.warn('studio.listenerFailed', { reason: (error as Error).message })
      }
    }
  }

  /** Reads again on every change event from the folder, and every STUDIO_FOLLOW_MS whatever the folder says. */
  private follow(): void {
    const every = this.options.followMs ?? STUDIO_FOLLOW_MS
    if (every <= 0) return
    const again = (): void => void this.refresh().catch((error: Error) => this.options.log.warn('studio.refreshFailed', { reason: error.message }))
    this.timer = setInterval(again, every)
    this.timer.unref()
    try {
      this.watcher = watch(this.folder, { persistent: false }, again)
      this.watcher.on('error', () => this.watcher?.close())
    } catch {
      // No folder yet (no machine has edited), or a share without change events: the timer reads.
    }
  }
}
