/**
 * A job's phases as plain constants (no zod), for the renderer as much as the engine. The Job
 * union in shared/job.ts is built from these.
 */
export const phases = ['queued', 'submitting', 'pending', 'running', 'downloading', 'paused', 'stopped', 'done', 'failed', 'unknown', 'cancelled'] as const
export type Phase = (typeof phases)[number]

/** Phases that never change again (only removing the job is left). */
export const terminalPhases: ReadonlySet<Phase> = new Set(['done', 'failed', 'cancelled'])

/**
 * Phases in which an engine works the job (it holds its lease) and carries it on by itself. A
 * `paused` job waits for something the designer can fix (space, a folder, a key) and is checked
 * again by itself.
 */
export const activePhases: ReadonlySet<Phase> = new Set(['queued', 'submitting', 'pending', 'running', 'downloading', 'paused'])

/**
 * Phases that take one of the "jobs at once" slots (Settings → Jobs): sent or being sent, and
 * not yet downloading. A queued job waits for one; the Queue counts these when it says so.
 */
export const slotPhases: ReadonlySet<Phase> = new Set(['submitting', 'pending', 'running'])

/**
 * Neither worked on nor over: the designer decides. `unknown`: send again or forget; `stopped`:
 * check again (its task is kept, the service may still finish it).
 */
export const decisionPhases: ReadonlySet<Phase> = new Set(['unknown', 'stopped'])

/** Phases a paused job goes back to once what it waited for is there. */
export const resumablePhases = ['queued', 'pending', 'running', 'downloading'] as const
export type ResumablePhase = (typeof resumablePhases)[number]
