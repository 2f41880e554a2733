import { randomBytes } from 'node:crypto'
import { link, mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { isCode } from '../files/atomic'
import type { Clock } from '../ports'
import { localProcesses, pidExists, sameHolder, type Holder, type ProcessTable } from './holders'

/**
 * Which engine works on which job. The app and any number of `reelbox` commands share one
 * journal; two engines polling and downloading the same job would fetch its video twice and put
 * it in the library twice. A job is worked on only by the process that holds its lease; a lease
 * whose holder has died (or is a zombie, or whose pid now names another process) is taken over.
 *
 * A lease is a folder of numbered records, `<leases>/<job id>/<n>.json`; the highest number is
 * the lease now: `{pid, start, boot}` (held) or `{free: true}` (released). Every change — take,
 * take over, release — is creating the next number, and creating a file that must not exist is
 * atomic (a complete temp file hard-linked under its name: EEXIST for all but one), so of any
 * number of engines that judged the same holder dead, exactly one takes over. Records below the
 * highest are removed by whoever made the highest; a record made under a number already removed
 * is caught by looking again after making it (a higher number exists) and counts for nothing.
 * (A lock file that is deleted and created again, as proper-lockfile 4 does for a stale lock,
 * lets a slow engine delete the lock a faster one has just made: both then hold it.)
 */
export interface Leases {
  /** True when this process now holds the job (it was free, its holder gone, or already ours). */
  acquire(id: string): Promise<boolean>
  release(id: string): Promise<void>
  /** The pid of the live process holding the job, when it is not this one. */
  holder(id: string): Promise<number | undefined>
  /** Before each step: whether the job is still ours (on heartbeat platforms another engine may have judged this one gone). */
  holds(id: string): Promise<boolean>
  /** The job has left the journal: its lease goes too. */
  forget(id: string): Promise<void>
  dispose(): void
}

export interface LeaseOptions {
  clock: Clock
  processes?: ProcessTable | Promise<ProcessTable>
  /** Where a holder's start time cannot be checked: how often a holder touches its records… */
  beatMs?: number
  /** …and after how long without a touch its lease is free. */
  staleMs?: number
}

type LeaseRecord = Holder | { free: true }

interface Latest {
  n: number
  /** Undefined when unreadable: only a power loss can tear a record, and its holder is gone. */
  record?: LeaseRecord
  touchedAt: number
}

const RECORD = /^(\d+)\.json$/
const TEMP = /^\d+\.(\d+)\.[0-9a-f]+\.tmp$/
const ROUNDS = 8

export function createLeases(dir: string, options: LeaseOptions): Leases {
  const { clock } = options
  const beatMs = options.beatMs ?? 5_000
  const staleMs = options.staleMs ?? 30_000
  const processes = Promise.resolve(options.processes ?? localProcesses())
  const self = processes.then((table) => table.self())
  /** The record number of each job this process holds. */
  const held = new Map<string, number>()
  let beat: unknown
  /** One change at a time per job in this process: a release still under way must not undo the next take. */
  const queues = new Map<string, Promise<unknown>>()
  function serial<T>(id: string, work: () => Promise<T>): Promise<T> {
    const next = (queues.get(id) ?? Promise.resolve()).then(work, work)
    queues.set(id, next)
    void next.finally(() => queues.get(id) === next && queues.delete(id)).catch(() => undefined)
    return next
  }

  const folderOf = (id: string): string => path.join(dir, id)
  const fileOf = (id: string, n: number): string => path.join(folderOf(id), `${n}.json`)

  async function numbers(id: string): Promise<number[]> {
    const names = await readdir(folderOf(id)).catch(() => [] as string[])
    return names.flatMap((name) => {
      const match = RECORD.exec(name)
      return match ? [Number(match[1])] : []
    })
  }

  /** The lease now; 'moved' when its record went while being read (a newer one was made). */
  async function latest(id: string): Promise<Latest | 'moved' | undefined> {
    const n = Math.max(0, ...(await numbers(id)))
    if (n === 0) return undefined
    try {
      const [text, info] = await Promise.all([readFile(fileOf(id, n), 'utf8'), stat(fileOf(id, n))])
      return { n, record: parseRecord(text), touchedAt: info.mtimeMs }
    } catch (error) {
      if (isCode(error, 'ENOENT')) return 'moved'
      throw error
    }
  }

  /** Makes record `n`, whole, unless it exists: true for exactly one caller per number. */
  async function create(id: string, n: number, record: LeaseRecord): Promise<boolean> {
    await mkdir(folderOf(id), { recursive: true })
    // The writer's pid in the name: a temp file a killed process left is known for whose (see `sweep`).
    const temp = path.join(folderOf(id), `${n}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
    try {
      // This user only, like every file in the data folder (files/atomic.ts). Inside the try: a
      // write cut short by a full disk leaves no temp file behind either.
      await writeFile(temp, JSON.stringify(record), { mode: 0o600 })
      await link(temp, fileOf(id, n))
      return true
    } catch (error) {
      if (isCode(error, 'EEXIST')) return false
      throw error
    } finally {
      await rm(temp, { force: true })
    }
  }

  /** Records below the lease now, and temp files a killed process left (its pid is gone). */
  async function tidy(id: string, below: number): Promise<void> {
    for (const n of await numbers(id)) if (n < below) await rm(fileOf(id, n), { force: true })
    for (const name of await readdir(folderOf(id)).catch(() => [] as string[])) {
      const writer = TEMP.exec(name)
      if (writer && !pidExists(Number(writer[1]))) await rm(path.join(folderOf(id), name), { force: true })
    }
  }

  async function isHeld(lease: Latest, me: Holder): Promise<boolean> {
    const record = lease.record
    if (!record || 'free' in record) return false
    if (sameHolder(record, me)) return true
    const liveness = await (await processes).check(record)
    return liveness === 'alive' || (liveness === 'unsure' && clock.now() - lease.touchedAt < staleMs)
  }

  /** Heartbeat: only where this process's start time is unknown (its records say so). */
  async function touch(id: string, n: number): Promise<void> {
    const seconds = clock.now() / 1000
    await utimes(fileOf(id, n), seconds, seconds).catch(() => undefined)
  }
  function startBeating(): void {
    beat ??= clock.setTimeout(function again() {
      void Promise.all([...held].map(([id, n]) => touch(id, n))).finally(() => {
        if (beat !== undefined) beat = clock.setTimeout(again, beatMs)
      })
    }, beatMs)
  }

  async function take(id: string, n: number, me: Holder): Promise<true> {
    held.set(id, n)
    if (me.start === undefined) {
      await touch(id, n)
      startBeating()
    }
    return true
  }

  async function acquire(id: string): Promise<boolean> {
    const me = await self
    for (let round = 0; round < ROUNDS; round++) {
      const lease = await latest(id)
      if (lease === 'moved') continue
      if (lease?.record && !('free' in lease.record) && sameHolder(lease.record, me)) return take(id, lease.n, me)
      if (lease && (await isHeld(lease, me))) return false
      const n = (lease?.n ?? 0) + 1
      // Another engine made this number first: look again at what it made.
      if (!(await create(id, n, me))) continue
      if (Math.max(...(await numbers(id))) !== n) {
        // Made under a number already tidied away: a newer lease exists and this one is void.
        await rm(fileOf(id, n), { force: true })
        continue
      }
      await tidy(id, n)
      return take(id, n, me)
    }
    return false
  }

  async function release(id: string): Promise<void> {
    const n = held.get(id)
    held.delete(id)
    if (n === undefined) return
    const lease = await latest(id)
    // Not ours any more (another engine judged this one gone): nothing to give back.
    if (lease === undefined || lease === 'moved' || lease.n !== n) return
    if (await create(id, n + 1, { free: true })) await tidy(id, n + 1)
  }

  return {
    acquire: (id) => serial(id, () => acquire(id)),
    release: (id) => serial(id, () => release(id)),

    async holder(id) {
      const [lease, me] = await Promise.all([latest(id), self])
      if (lease === undefined || lease === 'moved' || !lease.record || 'free' in lease.record) return undefined
      return !sameHolder(lease.record, me) && (await isHeld(lease, me)) ? lease.record.pid : undefined
    },

    async holds(id) {
      const n = held.get(id)
      if (n === undefined) return false
      const me = await self
      // Exact process checks never judge a live holder dead: nobody else can have taken it.
      if (me.start !== undefined) return true
      const lease = await latest(id)
      const ours = lease !== undefined && lease !== 'moved' && lease.n === n
      if (!ours) held.delete(id)
      return ours
    },

    forget: (id) =>
      serial(id, async () => {
        held.delete(id)
        await rm(folderOf(id), { recursive: true, force: true })
      }),

    dispose() {
      clock.clearTimeout(beat)
      beat = undefined
    },
  }
}

function parseRecord(text: string): LeaseRecord | undefined {
  try {
    const value = JSON.parse(text) as Record<string, unknown>
    if (value['free'] === true) return { free: true }
    if (!Number.isInteger(value['pid'])) return undefined
    const optional = (key: string): string | undefined => (typeof value[key] === 'string' ? (value[key] as string) : undefined)
    return { pid: value['pid'] as number, start: optional('start'), boot: optional('boot') }
  } catch {
    return undefined
  }
}
