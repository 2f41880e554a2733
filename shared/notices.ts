/**
 * Which job changes deserve a notice, without zod or Electron: the desktop app's native
 * notifications (electron/main/notify-rules.ts) and web mode's toasts (the renderer's
 * useJobToasts) follow the same rule.
 */
import type { Job } from './job'
import { activePhases, type Phase } from './phases'

export type NoticeKind = 'finished' | 'failed'

/**
 * A notice for a job that was being worked on and has just finished or failed; none for jobs
 * first seen already finished (a restart, a page opened late) or for kinds the designer turned off.
 */
export function noticeKind(before: Phase | undefined, after: Pick<Job, 'phase'>, prefs: { finished: boolean; failed: boolean }): NoticeKind | undefined {
  if (before === undefined || before === after.phase || !activePhases.has(before)) return undefined
  if (after.phase === 'done' && prefs.finished) return 'finished'
  if (after.phase === 'failed' && prefs.failed) return 'failed'
  return undefined
}

/** One line of at most `max` characters (a prompt or a message for a title or a notice). */
export function excerpt(text: string | undefined, max: number): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}
