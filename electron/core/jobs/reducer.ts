import type { WireError } from '../../../shared/errors'
import type { Job, JobIn, PauseReason, Phase } from '../../../shared/job'
import type { ResumablePhase } from '../../../shared/phases'
import type { TaskState } from '../service/client'

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

const working: JobEventType[] = ['paused', 'stop', 'failed']
const polling: JobEventType[] = ['polled', 'poll-error', 'timed-out', ...working]

/**
 * Which events each phase takes; any other is ignored (and logged by the runner). A late poll
 * answer for a job the designer stopped, or a progress tick after it failed, changes nothing.
 */
export const transitions: Record<Phase, ReadonlySet<JobEventType>> = {
  queued: new Set(['submitting', ...working]),
  submitting: new Set(['accepted', 'requeued', 'uncertain', ...working]),
  pending: new Set(polling),
  running: new Set(polling),
  downloading: new Set(['urls', 'progress', 'downloaded', ...working]),
  paused: new Set(['resumed', ...working]),
  stopped: new Set(['check-again']),
  unknown: new Set(['resubmit', 'forget']),
  done: new Set(),
  failed: new Set(),
  cancelled: new Set(),
}

export const accepts = (job: Pick<Job, 'phase'>, type: JobEventType): boolean => transitions[job.phase].has(type)

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

function afterAnswer(job: Job, at: number, state: TaskState, submittedAt: number, polls: { deadlineAt: number; nextPollAt?: number; attempts: number }): Job {
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

function resume(job: JobIn<'paused'>, at: number, deadlineAt: number): Job {
  const base = { ...common(job, at), attempts: 0 }
  const { taskId, resultUrls, submittedAt } = job
  if (job.resumeTo === 'downloading' && resultUrls && submittedAt !== undefined) return { ...base, ...answered(job), submittedAt, resultUrls, resultPosters: job.resultPosters, skippedResults: job.skippedResults, phase: 'downloading' }
  // A poll, or a download whose URLs must be asked for again: the task answers with fresh ones.
  if (job.resumeTo !== 'queued' && taskId && submittedAt !== undefined) return { ...base, ...answered(job), taskId, submittedAt, phase: job.resumeTo === 'pending' ? 'pending' : 'running', deadlineAt }
  return { ...base, phase: 'queued' }
}

/** The new state after `event`; the same object when this phase does not take it (see `transitions`). */
export function reduce(job: Job, event: JobEvent): Job {
  if (!accepts(job, event.type)) return job
  const at = event.at
  switch (event.type) {
    case 'submitting':
      return { ...common(job, at), phase: 'submitting' }
    case 'accepted':
      return afterAnswer(job, at, event.state, at, { deadlineAt: event.deadlineAt, attempts: 0 })
    case 'polled': {
      const submittedAt = 'submittedAt' in job && job.submittedAt !== undefined ? job.submittedAt : at
      const deadlineAt = 'deadlineAt' in job && job.deadlineAt !== undefined ? job.deadlineAt : at
      return afterAnswer(job, at, event.state, submittedAt, { deadlineAt, nextPollAt: event.nextPollAt, attempts: job.attempts + 1 })
    }
    case 'poll-error':
      return job.phase === 'pending' || job.phase === 'running' ? { ...job, updatedAt: at, attempts: job.attempts + 1, nextPollAt: event.nextPollAt, error: event.error } : job
    case 'requeued':
      return { ...common(job, at), attempts: job.attempts + 1, phase: 'queued', nextPollAt: event.nextPollAt, error: event.error }
    case 'uncertain':
      return { ...common(job, at), phase: 'unknown', error: event.error }
    case 'urls':
      return job.phase === 'downloading' ? { ...job, updatedAt: at, resultUrls: event.urls, linksRenewed: (job.linksRenewed ?? 0) + 1 } : job
    case 'progress':
      return job.phase === 'downloading' ? { ...job, updatedAt: at, download: { received: event.received, total: event.total } } : job
    case 'downloaded':
      return job.phase === 'downloading'
        ? { ...common(job, at), ...answered(job), submittedAt: job.submittedAt, resultUrls: job.resultUrls, resultPosters: job.resultPosters, skippedResults: job.skippedResults, phase: 'done', finishedAt: at, libraryItemIds: event.itemIds }
        : job
    case 'failed': {
      const { deadlineAt: _polling, ...rest } = kept(job)
      return { ...common(job, at), ...rest, phase: 'failed', finishedAt: at, error: event.error }
    }
    case 'timed-out':
    case 'stop': {
      const { taskId, ...rest } = kept(job)
      const stoppedBy = event.type === 'timed-out' ? 'timeout' : 'designer'
      // Without a task there is nothing the service could still finish: the job simply ends.
      if (!taskId || rest.submittedAt === undefined) return { ...common(job, at), phase: 'cancelled', finishedAt: at }
      return { ...common(job, at), ...rest, submittedAt: rest.submittedAt, taskId, phase: 'stopped', stoppedBy }
    }
    case 'check-again':
      return job.phase === 'stopped' ? { ...common(job, at), ...answered(job), taskId: job.taskId, submittedAt: job.submittedAt, attempts: 0, phase: 'running', deadlineAt: event.deadlineAt } : job
    case 'resubmit':
      return { ...common(job, at), attempts: 0, idempotencyKey: event.idempotencyKey, phase: 'queued' }
    case 'forget':
      return { ...common(job, at), phase: 'cancelled', finishedAt: at }
    case 'paused':
      return pause(job, at, event.reason)
    case 'resumed':
      return job.phase === 'paused' ? resume(job, at, event.deadlineAt) : job
  }
}
