/**
 * What the desktop app tells the designer about jobs, decided without Electron so it can be
 * tested: which transition deserves a notification (as the settings allow), in which language,
 * and how full the Dock / taskbar progress bar is.
 */
import type { JobProgress } from '../../shared/contract/jobs'
import { errorOf, type Job, type Phase } from '../../shared/job'
import { excerpt, noticeKind } from '../../shared/notices'
import { activePhases } from '../../shared/phases'
import { localeOf, sayer, type Locale } from '../../shared/locales'
import type { Settings } from '../../shared/settings'

export type NoticeLocale = Locale

export interface JobNotice {
  kind: 'finished' | 'failed'
  jobId: string
  /** The first library item of a finished job: what Reveal and Open act on. */
  itemId?: string
  title: string
  body: string
  /** Button labels (macOS shows them; elsewhere a click focuses the window). */
  actions: { reveal: string; open: string }
}

/** The designer's language setting, else the system's (Electron `app.getLocale()`). */
export function noticeLocale(language: Settings['language'], systemLocale: string): NoticeLocale {
  return localeOf(language, [systemLocale])
}

/**
 * A notification for a job that was being worked on and has just finished or failed; none for
 * jobs first seen already finished (a restart) or for kinds the designer turned off.
 */
export function noticeFor(before: Phase | undefined, after: Job, prefs: Settings['notifications'], locale: NoticeLocale): JobNotice | undefined {
  const kind = noticeKind(before, after, prefs)
  if (!kind) return undefined
  const say = sayer(locale)
  const w = { finished: say('notices.finished'), failed: say('notices.failed'), untitled: say('notices.untitled') }
  const actions = { reveal: say('notices.reveal'), open: say('notices.open') }
  if (kind === 'finished') {
    const itemId = after.phase === 'done' ? after.libraryItemIds[0] : undefined
    return { kind, jobId: after.id, itemId, title: w.finished, body: excerpt(after.draft.prompt, 90) || after.model.displayName || w.untitled, actions }
  }
  const what = excerpt(after.draft.prompt, 60) || after.model.displayName || w.untitled
  return { kind, jobId: after.id, title: w.failed, body: say('notices.failedBody', { what, why: excerpt(errorOf(after)?.message, 140) }), actions }
}

/** How far one active job is, 0–1: the service's own progress while running, the download after. */
function shareOf(job: Job, download: Omit<JobProgress, 'id'> | undefined): number {
  if (job.phase === 'downloading') {
    const total = download?.total
    return 0.9 + (total ? 0.1 * Math.min(1, download.received / total) : 0)
  }
  if (job.phase === 'running' || job.phase === 'pending') return 0.9 * (job.progress ?? 0)
  return 0
}

/**
 * The Dock / taskbar bar (`BrowserWindow.setProgressBar`): the mean progress of the active
 * jobs, or -1 (no bar) when none is active. `downloads`: the latest `job.progress` of each.
 */
export function taskbarProgress(jobs: Iterable<Job>, downloads: ReadonlyMap<string, Omit<JobProgress, 'id'>> = new Map()): number {
  let sum = 0
  let count = 0
  for (const job of jobs) {
    if (!activePhases.has(job.phase)) continue
    sum += shareOf(job, downloads.get(job.id) ?? (job.phase === 'downloading' ? job.download : undefined))
    count++
  }
  return count === 0 ? -1 : sum / count
}
