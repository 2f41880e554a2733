import { useI18n } from 'vue-i18n'
import { AppError } from '@shared/errors'
import { submittedAtOf } from '@shared/job-fields'
import type { Job } from '@shared/job'
import { useProblemText } from '@/composables/useProblemText'
import type { Problem } from './job-view'

/** A job's problem in words: its headline (the queue row, the card, notifications), what was refused, the engine's account. */
export function useProblemWords() {
  const { t, d } = useI18n()
  const text = useProblemText()

  /** How long a stopped job was waited for (the max wait, or until the designer stopped it). */
  function waitedMinutes(job: Job): number {
    const end = job.phase === 'stopped' && job.stoppedBy === 'timeout' && job.deadlineAt ? job.deadlineAt : job.updatedAt
    return Math.max(1, Math.round((end - (submittedAtOf(job) ?? job.createdAt)) / 60_000))
  }

  function headline(job: Job, problem: Problem): string {
    const time = problem.retryAt ? d(problem.retryAt, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }) : undefined
    switch (problem.kind) {
      case 'key':
        return t('queue.problem.key')
      case 'params':
        return t('queue.problem.params')
      case 'busy':
        return time ? t('queue.problem.busyRetrying', { time }) : t('queue.problem.busy')
      case 'network':
        return time ? t('queue.problem.networkRetrying', { time }) : t('queue.problem.network')
      case 'remote':
        return time ? t('queue.problem.remoteRetrying', { time }) : t('queue.problem.remote')
      case 'stopped':
        // "After 1 min" would be wrong for a designer who stopped it seconds after sending it.
        return job.phase === 'stopped' && job.stoppedBy === 'designer' ? t('queue.problem.stoppedByYou') : t('queue.problem.stopped', { minutes: waitedMinutes(job) })
      case 'paused':
        return problem.pause ? text.problem(problem.pause) : t('queue.problem.other')
      case 'unknown':
        return t('queue.problem.unknown')
      case 'gone':
        return t('queue.problem.gone')
      default:
        return time ? t('queue.problem.otherRetrying', { time }) : t('queue.problem.other')
    }
  }

  function hint(problem: Problem): string | undefined {
    switch (problem.kind) {
      case 'key':
        return t('queue.problem.keyHint')
      case 'params':
        return t('queue.problem.paramsHint')
      case 'stopped':
        return t('queue.problem.stoppedHint')
      case 'paused':
        return t(`queue.problem.pausedHint.${problem.pause?.code === 'key.missing' ? 'key' : 'disk'}`)
      case 'unknown':
        return t('queue.problem.unknownHint')
      default:
        return undefined
    }
  }

  /** What was refused, one line per field. */
  function fields(problem: Problem): string[] {
    return problem.fields.map(({ problem: found }) => text.problem(found))
  }

  /** The engine's account, when the service said nothing itself. */
  function detail(problem: Problem): string | undefined {
    return problem.detail && text.detail(AppError.fromWire(problem.detail))
  }

  return { headline, hint, fields, detail }
}
