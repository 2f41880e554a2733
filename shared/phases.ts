/**
 * A job's phases as plain constants (no zod), for the renderer as much as the engine. The Job
 * schema in shared/job.ts is built from these.
 */
export const phases = ['queued', 'submitting', 'pending', 'running', 'downloading', 'done', 'failed', 'unknown', 'cancelled'] as const
export type Phase = (typeof phases)[number]

export const terminalPhases: ReadonlySet<Phase> = new Set(['done', 'failed', 'cancelled'])
/** Phases in which the engine is still working on the job. */
export const activePhases: ReadonlySet<Phase> = new Set(['queued', 'submitting', 'pending', 'running', 'downloading'])
