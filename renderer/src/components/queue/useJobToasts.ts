import { onScopeDispose, watch } from 'vue'
import { useI18n } from 'vue-i18n'
import { AppError } from '@shared/errors'
import { errorOf, libraryItemIdsOf } from '@shared/job-fields'
import type { Job, Phase } from '@shared/job'
import { excerpt, noticeKind } from '@shared/notices'
import { useEngineApi } from '@/api/provide'
import { useProblemText } from '@/composables/useProblemText'
import { useEngineStore } from '@/stores/engine'
import { useJobsStore } from '@/stores/jobs'
import { useLibraryStore } from '@/stores/library'
import { useNavStore } from '@/stores/nav'
import { useSettingsStore } from '@/stores/settings'
import { useToastsStore } from '@/stores/toasts'
import { problemOf } from './job-view'
import { useProblemWords } from './useProblemWords'

/**
 * Web mode's notifications: a toast when a job the page saw working finishes or fails, as the
 * designer's settings allow (shared/notices.ts, the desktop app's rule too), unless the screen in
 * view already shows it (Create, Queue). The desktop app shows native ones instead
 * (electron/main/notifications.ts).
 */
export function useJobToasts(): void {
  const { t } = useI18n()
  const jobs = useJobsStore()
  const engine = useEngineStore()
  const settings = useSettingsStore()
  const toasts = useToastsStore()
  const nav = useNavStore()
  const words = useProblemWords()
  const text = useProblemText()
  /** Each job's phase as this page last saw it. */
  const seen = new Map<string, Phase>()

  function announce(job: Job, kind: 'finished' | 'failed'): void {
    // Labels are made now, in the language of the moment.
    const showInQueue = { label: t('queue.action.showInQueue'), run: () => nav.go('queue') }
    if (kind === 'finished') {
      const itemId = libraryItemIdsOf(job)[0]
      const open = { label: t('queue.action.openLibrary'), run: () => useLibraryStore().show(itemId) }
      toasts.push({ tone: 'success', title: t('queue.toast.doneTitle'), body: excerpt(job.draft.prompt, 80) || job.model.displayName, actions: [open, showInQueue] })
      return
    }
    const problem = problemOf(job)
    const error = errorOf(job)
    const what = problem ? words.headline(job, problem) : error ? text.error(AppError.fromWire(error)) : ''
    const prompt = excerpt(job.draft.prompt, 60)
    const body = prompt ? t('queue.toast.failedBody', { prompt, problem: what }) : what
    toasts.push({ tone: 'danger', title: t('queue.toast.failedTitle'), body, actions: [showInQueue] }, 10_000)
  }

  function onUpdated(job: Job): void {
    const before = seen.get(job.id)
    seen.set(job.id, job.phase)
    const prefs = settings.settings?.notifications
    const kind = noticeKind(before, job, { finished: prefs?.finished !== false, failed: prefs?.failed !== false })
    // Create and the Queue show the job changing in place; a toast there would say it twice.
    if (kind && engine.info?.shell !== 'electron' && nav.screen !== 'create' && nav.screen !== 'queue') announce(job, kind)
  }

  const api = useEngineApi()
  const stops = [api.on('job.updated', onUpdated), api.on('job.removed', ({ id }) => seen.delete(id))]
  // Jobs already there when the page opened: a later change of theirs is one the page saw happen.
  stops.push(
    watch(
      () => jobs.loaded,
      (loaded) => {
        if (loaded) for (const job of jobs.list) if (!seen.has(job.id)) seen.set(job.id, job.phase)
      },
      { immediate: true },
    ),
  )
  onScopeDispose(() => stops.forEach((stop) => stop()))
}
