import type { Phase } from '../../../shared/job'
import type { JobEventType } from './reducer'

/** What a task's answer (a submit's or a poll's) makes of a job: results, a refusal, or a task to poll. */
const answer = ['downloading', 'failed', 'pending', 'running'] as const
/** Every job under way can be paused (a full disk, a missing key) or fail. */
const underWay = { paused: ['paused'], failed: ['failed'] } as const
/** "Stop waiting": a job with a task is stopped (the service may still finish it); one without ends. */
const stopped = ['stopped', 'cancelled'] as const

/**
 * The transition table: for each phase, the events it takes and the phases each can land in; any
 * other event is ignored (and logged by the runner): a late poll answer for a job the designer
 * stopped, or a progress tick after it failed, changes nothing. The reducer follows it: its
 * handler for an event sees only the phases that take it, may return only where the table says
 * (typed, and checked as it runs), and is never called for a pair the table lacks.
 */
export const transitions = {
  queued: { submitting: ['submitting'], stop: ['cancelled'], ...underWay },
  submitting: { accepted: answer, requeued: ['queued'], uncertain: ['unknown'], stop: ['cancelled'], ...underWay },
  pending: { polled: answer, 'poll-error': ['pending'], 'timed-out': ['stopped'], stop: ['stopped'], ...underWay },
  running: { polled: answer, 'poll-error': ['running'], 'timed-out': ['stopped'], stop: ['stopped'], ...underWay },
  downloading: { urls: ['downloading'], progress: ['downloading'], downloaded: ['done'], stop: stopped, ...underWay },
  // Paused again: still waiting, for the same thing or another.
  paused: { resumed: ['downloading', 'pending', 'running', 'queued'], stop: stopped, ...underWay },
  stopped: { 'check-again': ['running'] },
  unknown: { resubmit: ['queued'], forget: ['cancelled'] },
  done: {},
  failed: {},
  cancelled: {},
} as const satisfies { readonly [P in Phase]: { readonly [E in JobEventType]?: readonly Phase[] } }

type Table = typeof transitions

/** The phases that take event `E`. */
export type From<E extends JobEventType> = { [P in Phase]: E extends keyof Table[P] ? P : never }[Phase]

/** Where event `E` can land a job, from any phase that takes it. */
export type Into<E extends JobEventType> = Extract<{ [P in Phase]: Table[P] extends { readonly [K in E]: ReadonlyArray<infer T> } ? T : never }[Phase], Phase>

/** Where `type` can land a job in `phase`; undefined when that phase does not take it. */
export function landings(phase: Phase, type: JobEventType): readonly Phase[] | undefined {
  const row: { readonly [E in JobEventType]?: readonly Phase[] } = transitions[phase]
  return row[type]
}
