import type { WireError } from '@shared/errors'
import type { Job } from '@shared/job'
import { activePhases } from '@shared/phases'
import { readFieldProblems, type Problem as FieldProblem } from '@shared/rules/problems'
import { clock } from '@/format'

/**
 * What the queue shows of a job, decided without Vue so the rules read (and test) in one place:
 * which problem it has in the designer's words, what fixes it, how far along it is.
 */
export type Fix = 'checkKey' | 'editRetry' | 'retry' | 'keepWaiting' | 'sendAgain' | 'forget'

export type ProblemKind = 'key' | 'params' | 'busy' | 'network' | 'remote' | 'timedOut' | 'unknown' | 'gone' | 'other'

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
  const error = job.error
  if (!error || job.phase === 'done' || job.phase === 'cancelled') return undefined
  const details = error.details
  const transient = active
  const retryAt = transient ? job.nextPollAt : undefined
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
      if (job.timedOut) return { kind: 'timedOut', transient: false, fields: [], fixes: ['keepWaiting', 'retry'] }
      return { kind: 'network', transient, retryAt, fields: [], fixes: retry }
    case 'REMOTE_FAILED':
      return { kind: 'remote', transient, retryAt, fields: [], fixes: transient ? [] : ['retry', 'editRetry'], said: text(details?.['reason']) ?? said, detail: (text(details?.['reason']) ?? said) ? undefined : error }
    case 'NOT_FOUND':
      return { kind: 'gone', transient, retryAt, fields: [], fixes: retry, detail: error }
    default:
      return { kind: 'other', transient, retryAt, fields: [], fixes: retry, detail: error }
  }
}

/** 0–1 when known; undefined draws an indeterminate bar (the service gave no progress). */
export function progressOf(job: Job): number | undefined {
  if (job.phase === 'done') return 1
  if (job.phase === 'downloading') {
    const total = job.download?.total
    return total ? Math.min(1, (job.download?.received ?? 0) / total) : undefined
  }
  if (job.phase === 'running' || job.phase === 'pending') return job.progress
  return undefined
}

/**
 * Since it was created; finished jobs stop the clock at `finishedAt`. `now` is read only while
 * the job is active, so a finished job's clock does not depend on (or re-render with) the time.
 */
export function elapsedOf(job: Job, now: () => number): number {
  const end = activePhases.has(job.phase) ? now() : (job.finishedAt ?? job.updatedAt)
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
