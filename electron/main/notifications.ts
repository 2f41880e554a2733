/**
 * Native notifications and Dock / taskbar progress in the desktop app, driven by the engine's
 * `job.updated` events in the main process (the page may be closed or hidden). The rules are in
 * notify-rules.ts; Electron reaches this file only through the small `NotifierUi` port.
 */
import type { BrowserWindow, Notification, NotificationConstructorOptions } from 'electron'
import type { EventSource } from '../../shared/contract'
import type { JobProgress } from '../../shared/contract/jobs'
import type { Job, Phase } from '../../shared/job'
import type { Settings } from '../../shared/settings'
import { noticeFor, noticeLocale, taskbarProgress, type JobNotice } from './notify-rules'

export interface NotifierUi {
  /** Shows one notification; `reveal`/`open` run when its buttons are pressed, `focus` on a click. */
  notify(notice: JobNotice, on: { reveal(): void; open(): void; focus(): void }): void
  setProgress(value: number): void
}

export interface NotifierDeps {
  events: EventSource
  jobs(): readonly Job[]
  settings(): Settings
  systemLocale(): string
  library: { reveal(id: string): Promise<unknown>; open(id: string): Promise<unknown> }
  ui: NotifierUi
  focus(): void
  onError(action: 'reveal' | 'open', id: string, reason: string): void
}

export function startNotifications(deps: NotifierDeps): () => void {
  const jobs = new Map<string, Job>(deps.jobs().map((job) => [job.id, job]))
  /** Bytes so far of each result being downloaded (`job.progress`: the job itself is not resent per tick). */
  const downloads = new Map<string, Omit<JobProgress, 'id'>>()
  let lastProgress: number | undefined

  function updateProgress(): void {
    const value = taskbarProgress(jobs.values(), downloads)
    // Downloads report many times a second; the bar only needs to move by a visible step.
    if (lastProgress !== undefined && Math.abs(value - lastProgress) < 0.01 && (value < 0) === (lastProgress < 0)) return
    lastProgress = value
    deps.ui.setProgress(value)
  }

  const act = (what: 'reveal' | 'open', id: string | undefined) => () => {
    if (!id) return deps.focus()
    deps.library[what](id).catch((error: unknown) => deps.onError(what, id, (error as Error).message))
  }

  const stops = [
    deps.events.on('job.updated', (job) => {
      const before: Phase | undefined = jobs.get(job.id)?.phase
      jobs.set(job.id, job)
      if (job.phase !== 'downloading') downloads.delete(job.id)
      updateProgress()
      const settings = deps.settings()
      const notice = noticeFor(before, job, settings.notifications, noticeLocale(settings.language, deps.systemLocale()))
      if (notice) deps.ui.notify(notice, { reveal: act('reveal', notice.itemId), open: act('open', notice.itemId), focus: deps.focus })
    }),
    deps.events.on('job.progress', ({ id, received, total }) => {
      downloads.set(id, { received, total })
      updateProgress()
    }),
    deps.events.on('job.removed', ({ id }) => {
      jobs.delete(id)
      downloads.delete(id)
      updateProgress()
    }),
  ]
  updateProgress()
  return () => stops.forEach((stop) => stop())
}

/** The Electron side of the port: `Notification` with Reveal / Open buttons, and the window's progress bar. */
export function electronNotifierUi(deps: {
  Notification: (new (options: NotificationConstructorOptions) => Notification) & { isSupported(): boolean }
  window: () => BrowserWindow | undefined
}): NotifierUi {
  const shown = new Set<Notification>() // kept referenced, or a click on an old one goes nowhere
  return {
    notify(notice, on) {
      if (!deps.Notification.isSupported()) return
      const finished = notice.kind === 'finished' && notice.itemId !== undefined
      const notification = new deps.Notification({
        title: notice.title,
        body: notice.body,
        silent: notice.kind === 'finished',
        actions: finished ? [{ type: 'button', text: notice.actions.reveal }, { type: 'button', text: notice.actions.open }] : [],
      })
      notification.on('action', (_event, index) => (index === 0 ? on.reveal() : on.open()))
      notification.on('click', on.focus)
      notification.on('close', () => shown.delete(notification))
      shown.add(notification)
      notification.show()
    },
    setProgress(value) {
      const window = deps.window()
      if (window && !window.isDestroyed()) window.setProgressBar(value)
    },
  }
}
