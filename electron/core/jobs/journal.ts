import { readdir, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Job } from '../../../shared/job'
import { isCode, writeFileAtomic } from '../files/atomic'
import type { Logger } from '../logger'
import { pidExists } from './holders'
import { readEntry } from './journal-format'

/**
 * The job journal: one small JSON file per job under `<data>/jobs/`, rewritten atomically
 * (temp → fsync → rename → fsync dir) on every transition, so a crash at any instant leaves
 * either the old state or the new one, never half of either. A job is written before its submit
 * is sent, so no accepted job can be forgotten.
 *
 * An entry that cannot be read (a disk that lost its tail) is never dropped in silence: it is
 * listed as unreadable, and only an engine that works jobs sets it aside as `<id>.json.corrupt`
 * (keeping its bytes) after recovering what it can (see journal-format.ts).
 */
export interface Unreadable {
  /** The file's name in the journal folder (`<id>.json`, or `<id>.json.corrupt` once set aside). */
  file: string
  jobId: string
  text: string
}

export interface Journal {
  /** Every job on disk, and the entries that cannot be read; `tidy` also clears what crashed writers left. */
  load(options?: { tidy?: boolean }): Promise<{ jobs: Job[]; unreadable: Unreadable[] }>
  /** The ids of every job on disk (other processes add jobs too). */
  ids(): Promise<string[]>
  /** One job as it is on disk now (another process may be writing it). */
  read(id: string): Promise<Job | undefined>
  save(job: Job): Promise<void>
  remove(id: string): Promise<void>
  /** Moves an unreadable `<id>.json` aside (its bytes kept), so the job's id can be written again. */
  setAside(id: string): Promise<string>
  /** Deletes the entries set aside, once the designer has seen them. */
  dismissSetAside(): Promise<number>
}

const ID = /^[A-Za-z0-9_-]{1,80}$/
const CORRUPT = '.json.corrupt'

export function createJournal(dir: string, log: Logger): Journal {
  // Writes of one job are chained so a later state can never be overtaken by an earlier one.
  const chains = new Map<string, Promise<void>>()
  const fileOf = (id: string): string => {
    if (!ID.test(id)) throw new Error(`Invalid job id "${id}".`)
    return path.join(dir, `${id}.json`)
  }
  const names = (): Promise<string[]> =>
    readdir(dir).catch((error: unknown) => {
      if (isCode(error, 'ENOENT')) return [] as string[]
      throw error
    })

  /**
   * Temp files of a write a crash interrupted (the .json beside them is the truth; a live
   * process's temp file is its write in progress, and stays), and the one-file `<id>.lease`
   * of earlier versions (leases now live in `leases/`, see leases.ts).
   */
  async function tidy(name: string, full: string): Promise<void> {
    const writer = /\.(\d+)\.[0-9a-f]+\.tmp$/.exec(name)
    if ((writer && !pidExists(Number(writer[1]))) || name.endsWith('.lease')) await rm(full, { force: true })
  }

  function enqueue(id: string, work: () => Promise<void>): Promise<void> {
    const next = (chains.get(id) ?? Promise.resolve()).then(work, work)
    chains.set(id, next)
    // The caller gets `next` and its failure; this bookkeeping must not leave a second, unhandled one.
    void next.finally(() => chains.get(id) === next && chains.delete(id)).catch(() => undefined)
    return next
  }

  return {
    async load(options = {}) {
      const jobs: Job[] = []
      const unreadable: Unreadable[] = []
      for (const name of await names()) {
        const full = path.join(dir, name)
        if (name.endsWith(CORRUPT)) {
          unreadable.push({ file: name, jobId: name.slice(0, -CORRUPT.length), text: await readFile(full, 'utf8').catch(() => '') })
          continue
        }
        if (!name.endsWith('.json')) {
          if (options.tidy) await tidy(name, full)
          continue
        }
        // Gone since the listing: another process removed that job.
        const text = await readFile(full, 'utf8').catch((error: unknown) => (isCode(error, 'ENOENT') ? undefined : Promise.reject(error)))
        if (text === undefined) continue
        try {
          jobs.push(readEntry(JSON.parse(text)))
        } catch (error) {
          log.error('jobs.entryUnreadable', { name, reason: (error as Error).message })
          unreadable.push({ file: name, jobId: name.slice(0, -'.json'.length), text })
        }
      }
      return { jobs: jobs.sort((a, b) => a.createdAt - b.createdAt), unreadable }
    },
    async ids() {
      return (await names().catch(() => [] as string[])).filter((name) => name.endsWith('.json') && ID.test(name.slice(0, -5))).map((name) => name.slice(0, -5))
    },
    async read(id) {
      try {
        return readEntry(JSON.parse(await readFile(fileOf(id), 'utf8')))
      } catch {
        return undefined
      }
    },
    save: (job) => enqueue(job.id, () => writeFileAtomic(fileOf(job.id), JSON.stringify(job))),
    remove: (id) => enqueue(id, () => rm(fileOf(id), { force: true })),
    setAside: (id) =>
      enqueue(id, async () => {
        await rename(fileOf(id), `${fileOf(id)}.corrupt`)
      }).then(() => `${id}${CORRUPT}`),
    async dismissSetAside() {
      const aside = (await names()).filter((name) => name.endsWith(CORRUPT))
      for (const name of aside) await rm(path.join(dir, name), { force: true })
      return aside.length
    },
  }
}
