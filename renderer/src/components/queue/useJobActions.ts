import { ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { libraryItemIdsOf } from '@shared/job-fields'
import type { Job } from '@shared/job'
import { AppError } from '@shared/errors'
import { useComposerStore } from '@/stores/composer'
import { useJobsStore } from '@/stores/jobs'
import { useLibraryStore } from '@/stores/library'
import { useSettingsSectionStore } from '@/stores/settings-section'
import type { Fix } from './job-view'
import { useProblemText } from '@/composables/useProblemText'

export type JobAction = Fix | 'cancel' | 'remove' | 'openLibrary'

/** What each button of a job (a queue row, a Create card) does; one at a time, failures said there. */
export function useJobActions(job: () => Job) {
  const { t } = useI18n()
const words = useProblemText()
  const jobs = useJobsStore()
  const busy = ref<JobAction>()
  const problem = ref<string>()

  const labels = {
    cancel: () => t('queue.action.cancel'),
    remove: () => t('queue.action.remove'),
    openLibrary: () => t('queue.action.openLibrary'),
    checkKey: () => t('queue.action.checkKey'),
    editRetry: () => t('queue.action.editRetry'),
    retry: () => t('queue.action.retry'),
    checkAgain: () => t('queue.action.checkAgain'),
    resume: () => t('queue.action.resume'),
    sendAgain: () => t('queue.action.sendAgain'),
    forget: () => t('queue.action.forget'),
  } satisfies Record<JobAction, () => string>

  const runs = {
    cancel: () => jobs.cancel(job().id),
    remove: () => jobs.remove(job().id),
    retry: () => jobs.retry(job().id),
    checkAgain: () => jobs.checkAgain(job().id),
    resume: () => jobs.resume(job().id),
    sendAgain: () => jobs.resolveUnknown(job().id, 'resubmit'),
    forget: () => jobs.resolveUnknown(job().id, 'forget'),
    checkKey: async () => useSettingsSectionStore().open('key'),
    // Refills Create with everything this job asked for, to change the refused field and send again.
    editRetry: async () => useComposerStore().useAll(job().draft),
    openLibrary: async () => useLibraryStore().show(libraryItemIdsOf(job())[0]),
  } satisfies Record<JobAction, () => Promise<unknown>>

  async function run(action: JobAction): Promise<void> {
    if (busy.value) return
    busy.value = action
    problem.value = undefined
    try {
      await runs[action]()
    } catch (error) {
      problem.value = t('queue.failedAction', { action: labels[action]().toLowerCase(), message: words.error(AppError.from(error)) })
    } finally {
      busy.value = undefined
    }
  }

  return { busy, problem, run, label: (action: JobAction) => labels[action]() }
}
