import { readdir, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { Job } from '../../../shared/job'
import { isCode, writeFileAtomic } from '../files/atomic'
import type { Logger } from '../logger'
import { pidExists } from './holders'

/**
 * The job journal: one small JSON file per job under `<data>/jobs/`, rewritten atomically
 * (temp → fsync → rename → fsync dir) on every transition, so a crash at any instant leaves
 * either the old state or the new one, never half of either. A job is written before its submit
 * is sent, so no accepted job can be forgotten.
 */
export interface Journal {
  /** Every job on disk; `tidy` also clears what crashed writers left (only an engine that works jobs does). */
  load(options?: { tidy?: boolean }): Promise<Job[]>
  /** The ids of every job on disk (other processes add jobs too). */
  ids(): Promise<string[]>
  /** One job as it is on disk now (another process may be writing it). */
  read(id: string): Promise<Job | undefined>
  save(job: Job): Promise<void>
  remove(id: string): Promise<void>
}

const ID = /^[A-Za-z0-9_-]{1,80}$/

export function createJournal(dir: string, log: Logger): Journal {
  // Writes of one job are chained so a later state can never be overtaken by an earlier one.
  const chains = new Map<string, Promise<void>>()
  const fileOf = (id: string): string => {
    if (!ID.test(id)) throw new Error(`Invalid job id "${id}".`)
    return path.join(dir, `${id}.json`)
  }

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
    void next.finally(() => chains.get(id) === next && chains.delete(id))
    return next
  }

  return {
    async load(options = {}) {
      const names = await readdir(dir).catch((error: unknown) => {
        if (isCode(error, 'ENOENT')) return [] as string[]
        throw error
      })
      const jobs: Job[] = []
      for (const name of names) {
        const full = path.join(dir, name)
        if (!name.endsWith('.json')) {
          if (options.tidy) await tidy(name, full)
          continue
        }
        try {
          jobs.push(Job.parse(JSON.parse(await readFile(full, 'utf8'))))
        } catch (error) {
          log.error(`Journal entry ${name} is unreadable (${(error as Error).message})${options.tidy ? `; kept as ${name}.corrupt` : ''}.`)
          if (options.tidy) await rename(full, `${full}.corrupt`).catch(() => undefined)
        }
      }
      return jobs.sort((a, b) => a.createdAt - b.createdAt)
    },
    async ids() {
      const names = await readdir(dir).catch(() => [] as string[])
      return names.filter((name) => name.endsWith('.json') && ID.test(name.slice(0, -5))).map((name) => name.slice(0, -5))
    },
    async read(id) {
      try {
        return Job.parse(JSON.parse(await readFile(fileOf(id), 'utf8')))
      } catch {
        return undefined
      }
    },
    save: (job) => enqueue(job.id, () => writeFileAtomic(fileOf(job.id), JSON.stringify(job))),
    remove: (id) => enqueue(id, () => rm(fileOf(id), { force: true })),
  }
}
