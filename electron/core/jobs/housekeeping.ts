import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { SetAsideEntry } from '../../../shared/contract/jobs'
import { activePhases, decisionPhases, type Job } from '../../../shared/job'
import type { Logger } from '../logger'
import { pidExists } from './holders'
import type { Journal, Unreadable } from './journal'
import { recoverJob, salvage } from './journal-format'

/**
 * What an engine that works jobs tidies when it starts (issue 10 items 1 and 8): journal entries
 * it cannot read are set aside and their tasks brought back when they can be read, and download
 * parts nobody will finish are swept from the library's staging folder.
 */

/**
 * Sets aside each unreadable `<id>.json` (its bytes kept as `.corrupt`) and, when what remains
 * names its task, writes it again as a job that asks the service for its result. Returns the
 * jobs brought back.
 */
export async function recoverUnreadable(journal: Journal, unreadable: Unreadable[], clock: { now(): number }, maxWaitMs: number, log: Logger): Promise<Job[]> {
  const recovered: Job[] = []
  for (const entry of unreadable) {
    if (!entry.file.endsWith('.json')) continue
    const job = recoverJob(entry.jobId, await salvage(entry.text), clock.now(), clock.now() + maxWaitMs)
    entry.file = await journal.setAside(entry.jobId)
    if (!job) {
      log.error('jobs.entrySetAside', { id: entry.jobId, file: entry.file })
      continue
    }
    await journal.save(job)
    recovered.push(job)
    log.warn('jobs.entryRecovered', { id: entry.jobId, task: job.phase === 'running' ? job.taskId : '', file: entry.file })
  }
  return recovered
}

/** What the designer is told of the entries that could not be read (CLI and Queue). */
export async function setAsideEntries(unreadable: Unreadable[], known: (id: string) => boolean): Promise<SetAsideEntry[]> {
  const entries: SetAsideEntry[] = []
  for (const entry of unreadable) {
    const taskId = (await salvage(entry.text))['taskId']
    entries.push({ file: entry.file, jobId: entry.jobId, taskId: typeof taskId === 'string' ? taskId : undefined, recovered: known(entry.jobId) })
  }
  return entries
}

/** `<job id>-<n>.part` and its `.part.json`: whose download it is. */
const PART = /^(.+)-\d+\.part(\.json)?$/
/** A temp file of an atomic write (`.<name>.<pid>.<hex>.tmp`): whose process wrote it. */
const TEMP = /\.(\d+)\.[0-9a-f]+\.tmp$/

/**
 * Removes staging files of jobs that will never download again: finished, failed, cancelled, or
 * gone from the journal, and temp files whose writer has died. Parts of jobs still worked on,
 * paused or stopped (checking again may resume them) stay.
 */
export async function sweepStaging(staging: string, journal: Pick<Journal, 'read'>, known: Map<string, Job>, log: Logger): Promise<number> {
  let removed = 0
  for (const name of await readdir(staging).catch(() => [] as string[])) {
    const temp = TEMP.exec(name)
    const part = PART.exec(name)
    let sweep = temp ? !pidExists(Number(temp[1])) : false
    if (!temp && part) {
      const id = part[1]!
      // Another process may have added the job since this one read the journal.
      const job = known.get(id) ?? (await journal.read(id))
      sweep = !job || !(activePhases.has(job.phase) || decisionPhases.has(job.phase))
    }
    if (!sweep) continue
    await rm(path.join(staging, name), { force: true })
    removed++
  }
  if (removed > 0) log.info('jobs.swept', { count: removed, folder: staging })
  return removed
}
