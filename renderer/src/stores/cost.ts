import { defineStore } from 'pinia'
import { computed, shallowRef } from 'vue'
import { useDebounceFn } from '@vueuse/core'
import type { CostSummary } from '@shared/contract/cost'
import type { Draft } from '@shared/draft'
import { judgeBudget, type BudgetVerdict } from '@shared/rules/budget'
import { estimate, submissionLines, type Estimate } from '@shared/rules/price'
import { useEngineApi } from '@/api/provide'
import { useCatalogStore } from './catalog'
import { useSettingsStore } from './settings'

/**
 * What things cost (issue 26): estimates by the one price rule (shared/rules/price.ts) over the
 * catalogue the page has, and the ledger and budgets as the engine keeps them (`cost.ledger`),
 * refreshed as jobs change. The engine refuses a submission past a budget; the page only warns.
 */
export const useCostStore = defineStore('cost', () => {
  const catalog = useCatalogStore()
  const settings = useSettingsStore()
  const summary = shallowRef<CostSummary>()

  async function refresh(): Promise<void> {
    summary.value = await useEngineApi()
      .cost.ledger({})
      .catch(() => summary.value)
  }
  // A batch of 16 jobs changes many times a second: the ledger is read again once they settle.
  const soon = useDebounceFn(refresh, 400)

  /** What a submission on the active connection would cost: one model or several, `variations` each. */
  function estimateOf(draft: Draft, modelIds: readonly string[], variations: number): Estimate {
    return estimate(submissionLines(catalog.model, draft, modelIds, variations), { free: settings.usingSandbox })
  }

  /** The active connection's budget and where it stands. */
  const budget = computed(() => {
    const id = settings.active?.id
    return id ? settings.settings?.budgets?.[id] : undefined
  })
  const standing = computed(() => summary.value?.budgets.find((b) => b.profileId === settings.active?.id))

  /** The warning (80%) or refusal the engine would give this estimate, said before Generate is pressed. */
  function verdictFor(cost: Estimate): BudgetVerdict {
    const limits = budget.value
    const at = standing.value
    if (!limits || !at) return { kind: 'ok' }
    const sum = (minor: number) => ({ kind: 'sum' as const, money: { minor, currency: at.currency } })
    return judgeBudget(settings.active?.name ?? '', limits, { day: sum(at.day.committed), month: sum(at.month.committed) }, cost)
  }

  function start(): () => void {
    const api = useEngineApi()
    void refresh()
    const stops = [api.on('job.updated', () => void soon()), api.on('job.removed', () => void soon()), api.on('settings.changed', () => void soon())]
    return () => stops.forEach((stop) => stop())
  }

  return { summary, budget, standing, estimateOf, verdictFor, refresh, start }
})
