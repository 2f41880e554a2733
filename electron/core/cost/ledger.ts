import { open, readFile } from 'node:fs/promises'
import path from 'node:path'
import { submittedAtOf, taskIdOf, type Job } from '../../../shared/job'
import type { JobCost } from '../../../shared/rules/price'
import { isCode } from '../files/atomic'
import type { Logger } from '../logger'

/**
 * The ledger (issue 26 item 3): what each job cost at the price when it was sent, read from the
 * journal, so it is there offline and after a crash. A job the designer removes from the journal
 * (Remove, Clear finished) is first appended to `<data>/ledger.jsonl`, then removed: a crash
 * between the two leaves it in both, and the ledger reads each job id once (the journal's, if it
 * has it), so nothing is counted twice or lost.
 */
export interface LedgerEntry {
  jobId: string
  profileId: string
  sandbox: boolean
  modelId: string
  modelName: string
  /** Absent: the price was unknown when it was sent. */
  cost?: JobCost
  /** When the service took it (when it was queued, for a job not sent yet). */
  at: number
  /**
   * `billed`: the service took it (a task id or results); `doubtful`: it failed after it was sent,
   * or its submit may or may not have arrived (the service may or may not bill it); `waiting`:
   * not taken yet (counted against a budget, not as spent).
   */
  state: 'billed' | 'doubtful' | 'waiting'
}

/** A job as the ledger sees it; undefined when it never reached (and never will reach) the service. */
export function entryOf(job: Job): LedgerEntry | undefined {
  const taken = taskIdOf(job) !== undefined || ('resultUrls' in job && job.resultUrls !== undefined)
  let state: LedgerEntry['state']
  if (job.phase === 'cancelled') return undefined
  if (job.phase === 'unknown' || (job.phase === 'failed' && (taken || submittedAtOf(job) !== undefined))) state = 'doubtful'
  else if (job.phase === 'failed') return undefined // refused before the service took it
  else state = taken ? 'billed' : 'waiting'
  return {
    jobId: job.id,
    profileId: job.profileId,
    sandbox: job.sandbox,
    modelId: job.model.id,
    modelName: job.model.displayName,
    ...(job.cost ? { cost: job.cost } : {}),
    at: submittedAtOf(job) ?? job.createdAt,
    state,
  }
}

export interface LedgerArchive {
  /** Keeps a job's entry before the job leaves the journal (durable when this returns). */
  keep(job: Job): Promise<void>
  /** Every kept entry, the last line of each job winning; a torn last line (a crash) is skipped. */
  read(): Promise<LedgerEntry[]>
}

export function createLedgerArchive(dataDir: string, log: Logger): LedgerArchive {
  const file = path.join(dataDir, 'ledger.jsonl')
  let chain: Promise<void> = Promise.resolve()
  return {
    keep(job) {
      const entry = entryOf(job)
      if (!entry || entry.state === 'waiting') return Promise.resolve()
      // One append per line, synced; appends from other processes interleave whole lines (O_APPEND).
      const write = async (): Promise<void> => {
        const handle = await open(file, 'a', 0o600)
        try {
          await handle.write(`${JSON.stringify(entry)}\n`)
          await handle.sync()
        } finally {
          await handle.close()
        }
      }
      chain = chain.then(write, write)
      return chain
    },
    async read() {
      const text = await readFile(file, 'utf8').catch((error: unknown) => {
        if (isCode(error, 'ENOENT')) return ''
        throw error
      })
      const byJob = new Map<string, LedgerEntry>()
      for (const line of text.split('\n')) {
        if (!line.trim()) continue
        try {
          const entry = JSON.parse(line) as LedgerEntry
          if (typeof entry.jobId === 'string') byJob.set(entry.jobId, entry)
        } catch {
          log.warn('cost.lineSkipped')
        }
      }
      return [...byJob.values()]
    },
  }
}

/** The journal's jobs and the kept entries, each job once (the journal's when it still has it). */
export function mergeLedger(jobs: readonly Job[], kept: readonly LedgerEntry[]): LedgerEntry[] {
  const inJournal = new Set(jobs.map((job) => job.id))
  const live = jobs.map(entryOf).filter((entry): entry is LedgerEntry => entry !== undefined)
  return [...live, ...kept.filter((entry) => !inJournal.has(entry.jobId))]
}
