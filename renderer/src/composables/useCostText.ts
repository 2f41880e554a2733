import { useI18n } from 'vue-i18n'
import type { Job } from '@shared/job'
import { formatMoney, type JobCost } from '@shared/rules/price'
import { useCostStore } from '@/stores/cost'

/**
 * A job's cost in the designer's words (issue 26): what it cost at the price it was sent at (the
 * Queue, the library's detail), and what sending it again would cost now (Retry).
 */
export function useCostText() {
  const { t, locale } = useI18n()
  const cost = useCostStore()

  /** What it cost when it was sent: an amount, free on the Sandbox, or unknown (never 0). */
  function costText(value: JobCost | undefined): string {
    if (!value) return t('cost.job.unknown')
    if (value.free) return t('cost.job.free')
    const amount = formatMoney(value, locale.value)
    return value.example ? t('cost.job.example', { amount }) : t('cost.job.amount', { amount })
  }

  /** What Retry would cost now: "≈ $0.40 · 1 video". */
  function retryText(job: Job): string {
    const e = cost.estimateOf(job.draft, [job.draft.modelId], 1)
    if (e.kind === 'known') return t('cost.estimate', { amount: formatMoney(e.money, locale.value), n: 1 }, 1)
    return e.kind === 'free' ? t('cost.free', { n: 1 }, 1) : t('cost.unknown', { n: 1 }, 1)
  }

  return { costText, retryText }
}
