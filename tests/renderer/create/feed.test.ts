import { describe, expect, it } from 'vitest'
import { feedEntries, RECENT_MS, recentJobs } from '@/stores/feed'
import { makeJob } from '../../support/jobs'

/** The Create feed: the journal's recent jobs, jobs submitted together as one entry. */
const NOW = Date.UTC(2025, 2, 15, 9)
const at = (hoursAgo: number): number => NOW - hoursAgo * 3_600_000

describe('the Create feed', () => {
  it('is the recent jobs, plus any still being made or waiting for the designer', () => {
    const jobs = [
      makeJob('today', { phase: 'done', createdAt: at(1) }),
      makeJob('old-running', { phase: 'running', createdAt: at(30) }),
      makeJob('old-stopped', { phase: 'stopped', createdAt: at(40) }),
      makeJob('old-done', { phase: 'done', createdAt: NOW - RECENT_MS - 1 }),
      makeJob('old-failed', { phase: 'failed', createdAt: at(50) }),
    ]
    expect(recentJobs(jobs, NOW).map((job) => job.id)).toEqual(['today', 'old-running', 'old-stopped'])
  })

  it('groups a batch into one entry where its newest job is, its jobs in the order sent', () => {
    const jobs = [
      makeJob('c', { createdAt: at(1), batchId: 'b1' }),
      makeJob('alone', { createdAt: at(1.5) }),
      makeJob('b', { createdAt: at(2), batchId: 'b1' }),
      makeJob('a', { createdAt: at(2), batchId: 'b1' }),
      makeJob('other', { createdAt: at(3), batchId: 'b2' }),
    ]
    expect(feedEntries(jobs).map((entry) => [entry.key, entry.batch, entry.jobs.map((job) => job.id)])).toEqual([
      ['b1', true, ['a', 'b', 'c']],
      ['alone', false, ['alone']],
      // A batch whose other jobs have not arrived yet is a batch all the same (no flip of cards).
      ['b2', true, ['other']],
    ])
  })
})
