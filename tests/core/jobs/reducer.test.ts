import { describe, expect, it } from 'vitest'
import { Job, type PauseReason } from '../../../shared/job'
import { phases, type Phase } from '../../../shared/phases'
import { reduce, type JobEvent, type JobEventType } from '../../../electron/core/jobs/reducer'
import type { TaskState } from '../../../electron/core/service/client'
import { makeJob } from '../../support/jobs'

/**
 * Every (phase, event) pair (issue 11 item 5): what a job in each phase becomes after each event,
 * or that the event is ignored (the very same object back). The table is written out here, not
 * derived from the reducer's own, so a change to either shows up as a difference.
 */
const AT = Date.UTC(2025, 2, 14, 10, 0)
const running: TaskState = { taskId: 'video_1', requestId: 'req_1', status: 'pending', outcome: 'running', urls: [] }
const success: TaskState = { taskId: 'video_1', status: 'succeeded', outcome: 'success', urls: ['https://cdn.example/1.mp4'] }
const error = { code: 'NETWORK', message: 'reset', retryable: true } as const
const full: PauseReason = { code: 'disk.full', params: { folder: '/library/.reelbox/staging', freeBytes: 1024, needBytes: 20_000_000 } }

const events: Record<JobEventType, JobEvent> = {
  submitting: { type: 'submitting', at: AT },
  accepted: { type: 'accepted', at: AT, state: running, deadlineAt: AT + 60_000 },
  polled: { type: 'polled', at: AT, state: success, nextPollAt: AT + 1000 },
  'poll-error': { type: 'poll-error', at: AT, error, nextPollAt: AT + 1000 },
  requeued: { type: 'requeued', at: AT, error, nextPollAt: AT + 1000 },
  uncertain: { type: 'uncertain', at: AT, error },
  urls: { type: 'urls', at: AT, urls: ['https://cdn.example/fresh.mp4'] },
  progress: { type: 'progress', at: AT, received: 10, total: 100 },
  downloaded: { type: 'downloaded', at: AT, itemIds: ['job-0'] },
  failed: { type: 'failed', at: AT, error },
  'timed-out': { type: 'timed-out', at: AT },
  stop: { type: 'stop', at: AT },
  'check-again': { type: 'check-again', at: AT, deadlineAt: AT + 60_000 },
  resubmit: { type: 'resubmit', at: AT, idempotencyKey: 'fresh' },
  forget: { type: 'forget', at: AT },
  paused: { type: 'paused', at: AT, reason: full },
  resumed: { type: 'resumed', at: AT, deadlineAt: AT + 60_000 },
}
const order = Object.keys(events) as JobEventType[]

// Columns in the order of `events`; `.` = ignored, anything else = the phase it becomes.
//            submitting  accepted  polled       poll-error  requeued  uncertain  urls         progress     downloaded  failed  timed-out  stop       check-again  resubmit  forget     paused  resumed
const table = `
queued      submitting  .         .            .           .         .          .            .            .           failed  .          cancelled  .            .         .          paused  .
submitting  .           pending   .            .           queued    unknown    .            .            .           failed  .          cancelled  .            .         .          paused  .
pending     .           .         downloading  pending     .         .          .            .            .           failed  stopped    stopped    .            .         .          paused  .
running     .           .         downloading  running     .         .          .            .            .           failed  stopped    stopped    .            .         .          paused  .
downloading .           .         .            .           .         .          downloading  downloading  done        failed  .          stopped    .            .         .          paused  .
paused      .           .         .            .           .         .          .            .            .           failed  .          stopped    .            .         .          paused  downloading
stopped     .           .         .            .           .         .          .            .            .           .       .          .          running      .         .          .       .
done        .           .         .            .           .         .          .            .            .           .       .          .          .            .         .          .       .
failed      .           .         .            .           .         .          .            .            .           .       .          .          .            .         .          .       .
unknown     .           .         .            .           .         .          .            .            .           .       .          .          .            queued    cancelled  .       .
cancelled   .           .         .            .           .         .          .            .            .           .       .          .          .            .         .          .       .
`
const expected = new Map(
  table
    .trim()
    .split('\n')
    .map((line) => {
      const [phase, ...cells] = line.trim().split(/\s+/)
      return [phase as Phase, new Map(order.map((type, i) => [type, cells[i]!]))] as const
    }),
)

/** A job in each phase, as the engine would have it: a paused one was downloading a task's result. */
const fixtures = Object.fromEntries(
  phases.map((phase) => [phase, makeJob('job', phase === 'paused' ? { phase, taskId: 'video_1', submittedAt: AT - 1000, resultUrls: ['https://cdn.example/1.mp4'], reason: full } : { phase })]),
) as Record<Phase, Job>

describe('a job’s transitions', () => {
  it('covers every phase and every event', () => {
    expect([...expected.keys()].sort()).toEqual([...phases].sort())
    for (const row of expected.values()) expect([...row.keys()]).toEqual(order)
  })

  const pairs = phases.flatMap((phase) => order.map((type) => [phase, type, expected.get(phase)!.get(type)!] as const))
  it.each(pairs)('%s + %s → %s', (phase, type, outcome) => {
    const before = fixtures[phase]
    const after = reduce(before, events[type])
    if (outcome === '.') {
      expect(after).toBe(before)
      return
    }
    expect(after.phase).toBe(outcome)
    expect(after.updatedAt).toBe(AT)
    // Whatever it becomes is a whole member of the union, with no field of the phase it left.
    expect(Job.parse(after)).toEqual(after)
  })

  it('keeps the task and its results wherever the service may still deliver', () => {
    const stopped = reduce(fixtures.downloading, events.stop)
    expect(stopped).toMatchObject({ phase: 'stopped', taskId: 'video_1', resultUrls: ['https://cdn.example/1.mp4'], stoppedBy: 'designer' })
    const paused = reduce(fixtures.running, events.paused)
    expect(paused).toMatchObject({ phase: 'paused', taskId: 'video_1', resumeTo: 'running', reason: full })
    expect(reduce(paused, events.resumed)).toMatchObject({ phase: 'running', taskId: 'video_1', deadlineAt: AT + 60_000 })
    // A submit that waited for its key was never sent: it is queued again, not half-sent.
    expect(reduce(reduce(fixtures.submitting, events.paused), events.resumed).phase).toBe('queued')
  })

  it('keeps the service’s posters beside their result URLs through a pause, to the end', () => {
    const posters = ['https://cdn.example/1.jpg']
    const downloading = reduce(fixtures.running, { type: 'polled', at: AT, state: { ...success, posters }, nextPollAt: AT + 1000 })
    expect(downloading).toMatchObject({ phase: 'downloading', resultPosters: posters })
    const paused = reduce(downloading, events.paused)
    expect(paused).toMatchObject({ phase: 'paused', resumeTo: 'downloading', resultPosters: posters })
    const resumed = reduce(paused, events.resumed)
    expect(resumed).toMatchObject({ phase: 'downloading', resultPosters: posters })
    expect(reduce(resumed, events.downloaded)).toMatchObject({ phase: 'done', resultPosters: posters })
  })
})
