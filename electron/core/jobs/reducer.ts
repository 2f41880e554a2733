import type { WireError } from '../../../shared/errors'
import type { Job, JobIn, PauseReason } from '../../../shared/job'
import type { ResumablePhase } from '../../../shared/phases'
import type { TaskState } from '../service/client'
import { type From, type Into, landings } from './transitions'

/**
 * Everything that can happen to a job. The reducer below is the only code that changes a Job;
 * the runner, scheduler and downloader emit these events and react to the new state.
 */
export type JobEvent =
  | { type: 'submitting'; at: number }
  /** The submit was answered (§4.1): a task to poll, or urls at once (rule 1). */
  | { type: 'accepted'; at: number; state: TaskState; deadlineAt: number }
  | { type: 'polled'; at: number; state: TaskState; nextPollAt: number }
  | { type: 'poll-error'; at: number; error: WireError; nextPollAt: number }
  /** A submit the service certainly did not take (refused with 429/503…): try again later. */
  | { type: 'requeued'; at: number; error: WireError; nextPollAt: number }
  /** The submit may or may not have reached the service, and it cannot be asked. */
  | { type: 'uncertain'; at: number; error: WireError }
  | { type: 'urls'; at: number; urls: string[] }
  /** Bytes of the result so far: announced as `job.progress`, never journaled. */
  | { type: 'progress'; at: number; received: number; total?: number }
  | { type: 'downloaded'; at: number; itemIds: string[] }
  | { type: 'failed'; at: number; error: WireError }
  /** The max wait has passed: polling stops, the task is kept. */
  | { type: 'timed-out'; at: number }
  /** "Stop waiting": the task is kept (stopped); a job with no task yet is cancelled. */
  | { type: 'stop'; at: number }
  | { type: 'check-again'; at: number; deadlineAt: number }
  /** The designer chose to submit an unknown job again, accepting a possible duplicate. */
  | { type: 'resubmit'; at: number; idempotencyKey: string }
  /** The designer chose to forget an unknown job. */
  | { type: 'forget'; at: number }
  /** It cannot go on until the designer frees space, brings a folder back or sets a key (again: still so). */
  | { type: 'paused'; at: number; reason: PauseReason }
  | { type: 'resumed'; at: number; deadlineAt: number }

export type JobEventType = JobEvent['type']

/** An event of one type. */
type EventOf<E extends JobEventType> = Extract<JobEvent, { type: E }>

type Common = Omit<JobIn<'queued'>, 'phase' | 'error' | 'nextPollAt'>

/** The fields every phase has, and nothing a previous phase left. */
function common(job: Job, at: number): Common {
  const { id, createdAt, draft, profileId, baseUrl, sandbox, idempotencyKey, retryOf, batchId, setAside, params, inputs, model, cost, attempts } = job
  return { id, createdAt, updatedAt: at, draft, profileId, baseUrl, sandbox, idempotencyKey, retryOf, batchId, setAside, params, inputs, model, cost, attempts }
}

/** What the service said of the task so far (only phases after the submit have any). */
function answered(job: Job) {
  if (job.phase === 'queued' || job.phase === 'submitting' || job.phase === 'unknown' || job.phase === 'cancelled') return {}
  const { taskId, requestId, serviceStatus, progress } = job
  return { taskId, requestId, serviceStatus, progress }
}

/** §3: `pending` is the one status the spec names; any other non-terminal word means running. */
const waitingPhase = (status: string | undefined): 'pending' | 'running' => (status?.trim().toLowerCase() === 'pending' ? 'pending' : 'running')

function afterAnswer(job: Job, at: number, state: TaskState, submittedAt: number, polls: { deadlineAt: number; nextPollAt?: number; attempts: number }): JobIn<Into<'polled'>> {
  const before = answered(job)
  const base = {
    ...common(job, at),
    attempts: polls.attempts,
    taskId: state.taskId ?? before.taskId,
    requestId: before.requestId ?? state.requestId,
    serviceStatus: state.status ?? before.serviceStatus,
    progress: state.progress ?? before.progress,
    submittedAt,
  }
  if (state.outcome === 'success') return { ...base, phase: 'downloading', resultUrls: state.urls, resultPosters: state.posters, skippedResults: state.skipped, progress: 1 }
  if (state.outcome === 'failure') {
    // The reason and the status stay data in `details` for the page to word; this is the fallback text.
    const message = state.reason ? `The service could not make this video: ${state.reason}` : `The service could not make this video; it reported “${state.status ?? 'failed'}” without saying why.`
    return { ...base, phase: 'failed', finishedAt: at, error: { code: 'REMOTE_FAILED', message, retryable: false, details: { serviceStatus: state.status, reason: state.reason } } }
  }
  // A task to poll. The client refuses an answer with neither urls nor a task id; should one get here, it ends.
  const { taskId } = base
  if (!taskId) return { ...base, phase: 'failed', finishedAt: at, error: { code: 'PROTOCOL', message: 'The service gave no task id to poll.', retryable: false } }
  return { ...base, taskId, phase: waitingPhase(base.serviceStatus), deadlineAt: polls.deadlineAt, nextPollAt: polls.nextPollAt }
}

/** Where a job leaves for `paused`, `stopped` or `failed` mid-way, what it had is kept. */
function kept(job: Job) {
  return {
    ...answered(job),
    submittedAt: 'submittedAt' in job ? job.submittedAt : undefined,
    resultUrls: 'resultUrls' in job ? job.resultUrls : undefined,
    resultPosters: 'resultPosters' in job ? job.resultPosters : undefined,
    skippedResults: 'skippedResults' in job ? job.skippedResults : undefined,
    deadlineAt: 'deadlineAt' in job ? job.deadlineAt : undefined,
  }
}

function pause(job: Job, at: number, reason: PauseReason): JobIn<'paused'> {
  if (job.phase === 'paused') return { ...job, updatedAt: at, reason, checkedAt: at }
  // A submit that never left (the key was missing) is queued again, not half-sent.
  const resumeTo: ResumablePhase = job.phase === 'submitting' ? 'queued' : (job.phase as ResumablePhase)
  return { ...common(job, at), ...kept(job), phase: 'paused', reason, resumeTo, checkedAt: at }
}

function resume(job: JobIn<'paused'>, at: number, deadlineAt: number): JobIn<Into<'resumed'>> {
  const base = { ...common(job, at), attempts: 0 }
  const { taskId, resultUrls, submittedAt } = job
  if (job.resumeTo === 'downloading' && resultUrls && submittedAt !== undefined) return { ...base, ...answered(job), submittedAt, resultUrls, resultPosters: job.resultPosters, skippedResults: job.skippedResults, phase: 'downloading' }
  // A poll, or a download whose URLs must be asked for again: the task answers with fresh ones.
  if (job.resumeTo !== 'queued' && taskId && submittedAt !== undefined) return { ...base, ...answered(job), taskId, submittedAt, phase: job.resumeTo === 'pending' ? 'pending' : 'running', deadlineAt }
  return { ...base, phase: 'queued' }
}

/**
 * What each event makes of a job, for the phases that take it (transitions.ts): a handler sees
 * only those, and may return only a phase the table lets that event land in.
 */
const on: { [E in JobEventType]: (job: JobIn<From<E>>, event: EventOf<E>, at: number) => JobIn<Into<E>> } = {
  submitting: (job, _event, at) => ({ ...common(job, at), phase: 'submitting' }),
  accepted: (job, event, at) => afterAnswer(job, at, event.state, at, { deadlineAt: event.deadlineAt, attempts: 0 }),
  polled: (job, event, at) => afterAnswer(job, at, event.state, job.submittedAt, { deadlineAt: job.deadlineAt, nextPollAt: event.nextPollAt, attempts: job.attempts + 1 }),
  'poll-error': (job, event, at) => ({ ...job, updatedAt: at, attempts: job.attempts + 1, nextPollAt: event.nextPollAt, error: event.error }),
  requeued: (job, event, at) => ({ ...common(job, at), attempts: job.attempts + 1, phase: 'queued', nextPollAt: event.nextPollAt, error: event.error }),
  uncertain: (job, event, at) => ({ ...common(job, at), phase: 'unknown', error: event.error }),
  urls: (job, event, at) => ({ ...job, updatedAt: at, resultUrls: event.urls, linksRenewed: (job.linksRenewed ?? 0) + 1 }),
  progress: (job, event, at) => ({ ...job, updatedAt: at, download: { received: event.received, total: event.total } }),
  downloaded: (job, event, at) => ({
    ...common(job, at),
    ...answered(job),
    submittedAt: job.submittedAt,
    resultUrls: job.resultUrls,
    resultPosters: job.resultPosters,
    skippedResults: job.skippedResults,
    phase: 'done',
    finishedAt: at,
    libraryItemIds: event.itemIds,
  }),
  failed: (job, event, at) => {
    const { deadlineAt: _polling, ...rest } = kept(job)
    return { ...common(job, at), ...rest, phase: 'failed', finishedAt: at, error: event.error }
  },
  'timed-out': (job, _event, at) => ({ ...common(job, at), ...kept(job), taskId: job.taskId, submittedAt: job.submittedAt, phase: 'stopped', stoppedBy: 'timeout' }),
  stop: (job, _event, at) => {
    const { taskId, ...rest } = kept(job)
    // Without a task there is nothing the service could still finish: the job simply ends.
    if (!taskId || rest.submittedAt === undefined) return { ...common(job, at), phase: 'cancelled', finishedAt: at }
    return { ...common(job, at), ...rest, submittedAt: rest.submittedAt, taskId, phase: 'stopped', stoppedBy: 'designer' }
  },
  'check-again': (job, event, at) => ({ ...common(job, at), ...answered(job), taskId: job.taskId, submittedAt: job.submittedAt, attempts: 0, phase: 'running', deadlineAt: event.deadlineAt }),
  resubmit: (job, event, at) => ({ ...common(job, at), attempts: 0, idempotencyKey: event.idempotencyKey, phase: 'queued' }),
  forget: (job, _event, at) => ({ ...common(job, at), phase: 'cancelled', finishedAt: at }),
  paused: (job, event, at) => pause(job, at, event.reason),
  resumed: (job, event, at) => resume(job, at, event.deadlineAt),
}

/** The new state after `event`; the same object when this phase does not take it (see transitions.ts). */
export function reduce(job: Job, event: JobEvent): Job {
  const allowed = landings(job.phase, event.type)
  if (!allowed) return job
  // The table said this phase takes this event, so the job is one the handler is typed for.
  const handle = on[event.type] as (job: Job, event: JobEvent, at: number) => Job
  const next = handle(job, event, event.at)
  if (!allowed.includes(next.phase)) throw new Error(`A ${job.phase} job became ${next.phase} on "${event.type}", which the transition table does not allow.`)
  return next
}
