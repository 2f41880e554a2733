import { watch } from 'vue'
import { useI18n } from 'vue-i18n'
import type { Job, Phase } from '@shared/job'
import { activePhases } from '@shared/phases'
import { useEngineStore } from '@/stores/engine'
import { useJobsStore } from '@/stores/jobs'
import { useLibraryStore } from '@/stores/library'
import { useNavStore } from '@/stores/nav'
import { useSettingsStore } from '@/stores/settings'
import { useToastsStore } from '@/stores/toasts'
import { excerpt, problemOf } from './job-view'
import { useProblemWords } from './useProblemWords'

/**
 * Web mode's notifications: a toast when a job the page saw working finishes or fails, as the
 * designer's settings allow, unless the screen in view already shows it (Create, Queue). The desktop app shows native ones instead (electron/main/notifications.ts).
 */
export function useJobToasts(): void {
  const { t } = useI18n()
  const jobs = useJobsStore()
  const engine = useEngineStore()
  const settings = useSettingsStore()
  const toasts = useToastsStore()
  const nav = useNavStore()
  const words = useProblemWords()
  const seen = new Map<string, Phase>()
  let primed = false

  const showInQueue = { label: t('queue.action.showInQueue'), run: () => nav.go('queue') }

  function announce(job: Job): void {
    const wanted = settings.settings?.notifications
    if (job.phase === 'done' && wanted?.finished !== false) {
      const itemId = job.libraryItemIds[0]
      const open = {
        label: t('queue.action.openLibrary'),
        run: () => {
          nav.go('library')
          if (itemId) useLibraryStore().openItem(itemId)
        },
      }
      toasts.push({ tone: 'success', title: t('queue.toast.doneTitle'), body: excerpt(job.draft.prompt, 80) || job.model?.displayName, actions: [open, showInQueue] })
    }
    if (job.phase === 'failed' && wanted?.failed !== false) {
      const problem = problemOf(job)
      const what = problem ? words.headline(job, problem) : (job.error?.message ?? '')
      const prompt = excerpt(job.draft.prompt, 60)
      const body = prompt ? t('queue.toast.failedBody', { prompt, problem: what }) : what
      toasts.push({ tone: 'danger', title: t('queue.toast.failedTitle'), body, actions: [showInQueue] }, 10_000)
    }
  }

  watch(
    () => [jobs.loaded, jobs.list] as const,
    ([loaded, list]) => {
      if (!loaded) return
      for (const job of list) {
        const before = seen.get(job.id)
        seen.set(job.id, job.phase)
        // Only a change this page watched happen: not jobs that were already finished when it opened.
        if (!primed || before === job.phase || before === undefined || !activePhases.has(before)) continue
        // Create and the Queue show the job changing in place; a toast there would say it twice.
        if (engine.info?.shell !== 'electron' && nav.screen !== 'create' && nav.screen !== 'queue') announce(job)
      }
      primed = true
    },
    { immediate: true },
  )
}
