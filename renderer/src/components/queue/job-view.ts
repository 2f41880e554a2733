import type { WireError } from '@shared/errors'
import { errorOf, finishedAtOf } from '@shared/job-fields'
import type { Job, PauseReason } from '@shared/job'
import { activePhases } from '@shared/phases'
import { readFieldProblems, type Problem as FieldProblem } from '@shared/rules/problems'
import { clock } from '@/format'

/**
 * What the queue shows of a job, decided without Vue so the rules read (and test) in one place:
 * which problem it has in the designer's words, what fixes it, how far along it is.
 */
export type Fix = 'checkKey' | 'editRetry' | 'retry' | 'checkAgain' | 'resume' | 'sendAgain' | 'forget'

export type ProblemKind = 'key' | 'params' | 'busy' | 'network' | 'remote' | 'paused' | 'stopped' | 'unknown' | 'gone' | 'other'

export interface Problem {
  kind: ProblemKind
  /** The engine is still working on it and will try again by itself (a poll error, a requeue). */
  transient: boolean
  /** The service's own words (its reason or message), shown as is, when it gave any. */
  said?: string
  /** The engine's error, for its account of what happened when the service said nothing itself. */
  detail?: WireError
  /** What was refused, by field (the service's refusals, or the engine's check of the draft). */
  fields: Array<{ field: string; problem: FieldProblem }>
  /** When the engine tries again (transient problems). */
  retryAt?: number
  /** What a paused job waits for. */
  pause?: PauseReason
  fixes: Fix[]
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined)

function fieldsOf(details: Record<string, unknown> | undefined): Problem['fields'] {
  return Object.entries(readFieldProblems(details?.['fields']) ?? {}).flatMap(([field, found]) => (found[0] ? [{ field, problem: found[0] }] : []))
}

/** The failure (or the trouble an active job is having), in a form the row can put in words. */
export function problemOf(job: Job): Problem | undefined {
  const active = activePhases.has(job.phase)
  // The headline and hint say it all; the engine's message would repeat them.
  if (job.phase === 'unknown') return { kind: 'unknown', transient: false, fields: [], fixes: ['sendAgain', 'forget'] }
  // The task is kept: the service may still finish it, and checking again brings it in.
  if (job.phase === 'stopped') return { kind: 'stopped', transient: false, fields: [], fixes: ['checkAgain', 'retry'] }
  // Waits for the designer; a key it waits for is set in Settings, and the job goes on by itself.
  if (job.phase === 'paused') return { kind: 'paused', transient: false, fields: [], pause: job.reason, fixes: job.reason.code === 'key.missing' ? ['checkKey', 'resume'] : ['resume'] }
  const error = errorOf(job)
  if (!error || job.phase === 'done' || job.phase === 'cancelled') return undefined
  const details = error.details
  const transient = active
  const retryAt = transient && 'nextPollAt' in job ? job.nextPollAt : undefined
  const retry: Fix[] = transient ? [] : ['retry']
  const said = text(details?.['serviceMessage'])
  switch (error.code) {
    case 'UNAUTHORIZED':
      return { kind: 'key', transient, fields: [], fixes: ['checkKey', ...retry], said }
    case 'INVALID_PARAMS':
    case 'INVALID_INPUT':
      return { kind: 'params', transient, fields: fieldsOf(details), fixes: ['editRetry'], said, detail: (said ?? fieldsOf(details)[0]) ? undefined : error }
    case 'RATE_LIMITED':
      return { kind: 'busy', transient, retryAt, fields: [], fixes: retry, said }
    case 'NETWORK':
      return { kind: 'network', transient, retryAt, fields: [], fixes: retry, detail: transient ? undefined : error }
    case 'TIMEOUT':
      return { kind: 'network', transient, retryAt, fields: [], fixes: retry }
    case 'REMOTE_FAILED':
      return { kind: 'remote', transient, retryAt, fields: [], fixes: transient ? [] : ['retry', 'editRetry'], said: text(details?.['reason']) ?? said, detail: (text(details?.['reason']) ?? said) ? undefined : error }
    case 'NOT_FOUND':
      return { kind: 'gone', transient, retryAt, fields: [], fixes: retry, detail: error }
    default:
      return { kind: 'other', transient, retryAt, fields: [], fixes: retry, detail: error }
  }
}

/**
 * 0–1 when known; undefined draws an indeterminate bar (the service gave no progress).
 * `download`: the latest `job.progress` of a downloading job (the jobs store's `downloadOf`).
 */
export function progressOf(job: Job, download?: { received: number; total?: number }): number | undefined {
  if (job.phase === 'done') return 1
  if (job.phase === 'downloading') {
    const bytes = download ?? job.download
    return bytes?.total ? Math.min(1, bytes.received / bytes.total) : undefined
  }
  if (job.phase === 'running' || job.phase === 'pending') return job.progress
  return undefined
}

/**
 * Since it was created; finished jobs stop the clock at `finishedAt`. `now` is read only while
 * the job is active, so a finished job's clock does not depend on (or re-render with) the time.
 */
export function elapsedOf(job: Job, now: () => number): number {
  const end = activePhases.has(job.phase) ? now() : (finishedAtOf(job) ?? job.updatedAt)
  return Math.max(0, end - job.createdAt)
}

export function formatElapsed(ms: number): string {
  return clock(ms / 1000)
}

export const isActive = (job: Job): boolean => activePhases.has(job.phase)

/** The picture a job starts from (its first frame, or first reference), to show while it runs. */
export function inputFrameOf(job: Job): string | undefined {
  const { image, first, references } = job.draft
  const ref = [image, first, ...(references ?? [])].find((each) => each?.kind === 'file')
  return ref?.kind === 'file' ? ref.hash : undefined
}
