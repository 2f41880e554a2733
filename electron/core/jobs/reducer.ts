import type { WireError } from '../../../shared/errors'
import type { Job, Phase } from '../../../shared/job'
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
  | { type: 'progress'; at: number; received: number; total?: number }
  | { type: 'downloaded'; at: number; itemIds: string[] }
  | { type: 'failed'; at: number; error: WireError }
  | { type: 'timed-out'; at: number }
  | { type: 'keep-waiting'; at: number; deadlineAt: number }
  | { type: 'cancelled'; at: number }
  /** The designer chose to submit an unknown job again, accepting a possible duplicate. */
  | { type: 'resubmit'; at: number; idempotencyKey: string }

/** §3: `pending` is the one status the spec names; any other non-terminal word means running. */
function waitingPhase(state: TaskState): Phase {
  return state.status?.trim().toLowerCase() === 'pending' ? 'pending' : 'running'
}

function afterAnswer(job: Job, at: number, state: TaskState): Job {
  const base = {
    ...job,
    updatedAt: at,
    taskId: state.taskId ?? job.taskId,
    requestId: job.requestId ?? state.requestId,
    serviceStatus: state.status ?? job.serviceStatus,
    progress: state.progress ?? job.progress,
  }
  if (state.outcome === 'success') return { ...base, phase: 'downloading', resultUrls: state.urls, resultPosters: state.posters, skippedResults: state.skipped, progress: 1, nextPollAt: undefined }
  if (state.outcome === 'failure') {
    // The reason and the status stay data in `details` for the page to word; this is the fallback text.
    const message = state.reason ? `The service could not make this video: ${state.reason}` : `The service could not make this video; it reported “${state.status ?? 'failed'}” without saying why.`
    return { ...base, phase: 'failed', finishedAt: at, nextPollAt: undefined, error: { code: 'REMOTE_FAILED', message, retryable: false, details: { serviceStatus: state.status, reason: state.reason } } }
  }
  return { ...base, phase: waitingPhase(state) }
}

export function reduce(job: Job, event: JobEvent): Job {
  const at = event.at
  switch (event.type) {
    case 'submitting':
      return { ...job, phase: 'submitting', updatedAt: at, error: undefined, nextPollAt: undefined }
    case 'accepted':
      return { ...afterAnswer(job, at, event.state), submittedAt: at, deadlineAt: event.deadlineAt, attempts: 0 }
    case 'polled': {
      const next = afterAnswer({ ...job, error: undefined }, at, event.state)
      return { ...next, attempts: job.attempts + 1, nextPollAt: next.phase === 'pending' || next.phase === 'running' ? event.nextPollAt : undefined }
    }
    case 'poll-error':
      return { ...job, updatedAt: at, attempts: job.attempts + 1, nextPollAt: event.nextPollAt, error: event.error }
    case 'requeued':
      return { ...job, phase: 'queued', updatedAt: at, attempts: job.attempts + 1, nextPollAt: event.nextPollAt, error: event.error }
    case 'uncertain':
      return { ...job, phase: 'unknown', updatedAt: at, nextPollAt: undefined, error: event.error }
    case 'urls':
      return { ...job, updatedAt: at, resultUrls: event.urls }
    case 'progress':
      return { ...job, updatedAt: at, download: { received: event.received, total: event.total } }
    case 'downloaded':
      return { ...job, phase: 'done', updatedAt: at, finishedAt: at, libraryItemIds: event.itemIds, error: undefined, download: undefined, nextPollAt: undefined }
    case 'failed':
      return { ...job, phase: 'failed', updatedAt: at, finishedAt: at, error: event.error, nextPollAt: undefined }
    case 'timed-out':
      return {
        ...job,
        phase: 'failed',
        updatedAt: at,
        timedOut: true,
        nextPollAt: undefined,
        error: { code: 'TIMEOUT', message: 'Stopped waiting: the service took longer than the maximum wait.', retryable: true },
      }
    case 'keep-waiting':
      return { ...job, phase: job.taskId ? 'running' : 'queued', updatedAt: at, timedOut: false, finishedAt: undefined, error: undefined, deadlineAt: event.deadlineAt, attempts: 0 }
    case 'cancelled':
      return { ...job, phase: 'cancelled', updatedAt: at, finishedAt: at, nextPollAt: undefined }
    case 'resubmit':
      return { ...job, phase: 'queued', updatedAt: at, idempotencyKey: event.idempotencyKey, error: undefined, attempts: 0 }
  }
}
