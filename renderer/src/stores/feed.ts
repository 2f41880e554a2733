import type { Job } from '@shared/job'
import { activePhases, decisionPhases } from '@shared/phases'

/**
 * The Create screen's feed, decided without Vue: the recent jobs from the engine's journal (so it
 * is the same after a reload or a restart), with the jobs submitted together (variations, several
 * models at once: one `batchId`) as one entry.
 */

/** How far back "recent" reaches; a job still being made or waiting for the designer always shows. */
export const RECENT_MS = 24 * 60 * 60 * 1000

/** Newest first, as the engine's list is. */
export function recentJobs(jobs: readonly Job[], now: number): Job[] {
  return jobs.filter((job) => job.createdAt >= now - RECENT_MS || activePhases.has(job.phase) || decisionPhases.has(job.phase))
}

/**
 * One card: a job alone, or a batch (its jobs in the order they were submitted). A batch is one
 * from its first job on: its jobs arrive one event at a time, and the card must not flip from a
 * single card to a batch card as they do.
 */
export interface FeedEntry {
  key: string
  batch: boolean
  jobs: Job[]
}

/** Groups a newest-first list by batch; a batch sits where its newest job would. */
export function feedEntries(jobs: readonly Job[]): FeedEntry[] {
  const entries: FeedEntry[] = []
  const batches = new Map<string, FeedEntry>()
  for (const job of jobs) {
    if (!job.batchId) {
      entries.push({ key: job.id, batch: false, jobs: [job] })
      continue
    }
    const known = batches.get(job.batchId)
    if (known) known.jobs.unshift(job)
    else {
      const entry = { key: job.batchId, batch: true, jobs: [job] }
      batches.set(job.batchId, entry)
      entries.push(entry)
    }
  }
  return entries
}
