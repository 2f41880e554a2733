import type { CostSummary } from '../../../shared/contract/cost'
import { committedSince, periodStarts } from '../../../shared/rules/budget'
import { toMoney, type Money } from '../../../shared/rules/price'
import type { Budget } from '../../../shared/settings'
import type { LedgerEntry } from './ledger'

/** Adds `money` into the per-currency map `into`. */
function add(into: Map<string, number>, money: Money): void {
  into.set(money.currency, (into.get(money.currency) ?? 0) + money.minor)
}

/** One row (a model, a connection): its jobs, those without a price, and its sum when it is in one currency. */
function row(entries: readonly LedgerEntry[]): { jobs: number; unpriced: number; money: Money | null } {
  const sums = new Map<string, number>()
  let unpriced = 0
  for (const entry of entries) {
    if (!entry.cost) unpriced++
    else if (!entry.cost.free) add(sums, entry.cost)
  }
  const [only] = sums.entries()
  return { jobs: entries.length, unpriced, money: sums.size === 1 && only ? { currency: only[0], minor: only[1] } : null }
}

function groupBy<K>(entries: readonly LedgerEntry[], key: (entry: LedgerEntry) => K): Map<K, LedgerEntry[]> {
  const groups = new Map<K, LedgerEntry[]>()
  for (const entry of entries) groups.set(key(entry), [...(groups.get(key(entry)) ?? []), entry])
  return groups
}

/** What a connection has spent or has waiting to be sent, for its budget (doubtful jobs are not counted). */
export function committedFor(entries: readonly LedgerEntry[], profileId: string, now: number, currency: string) {
  return committedSince(
    entries.filter((entry) => entry.profileId === profileId && entry.state !== 'doubtful'),
    now,
    currency,
  )
}

/**
 * The ledger as the designer reads it (Settings → Cost, `reelbox spend`): what the service took,
 * today, this month and since `since`, per currency, by model and by connection; doubtful jobs apart.
 */
export function summarize(entries: readonly LedgerEntry[], options: { now: number; since?: number; budgets: Record<string, Budget> }): CostSummary {
  const starts = periodStarts(options.now)
  const billed = entries.filter((entry) => entry.state === 'billed')
  const totals = new Map<string, { total: number; today: number; month: number; jobs: number }>()
  for (const entry of billed) {
    if (!entry.cost || entry.cost.free) continue
    const sums = totals.get(entry.cost.currency) ?? { total: 0, today: 0, month: 0, jobs: 0 }
    if (options.since === undefined || entry.at >= options.since) {
      sums.total += entry.cost.minor
      sums.jobs++
    }
    if (entry.at >= starts.day) sums.today += entry.cost.minor
    if (entry.at >= starts.month) sums.month += entry.cost.minor
    totals.set(entry.cost.currency, sums)
  }
  const doubtful = entries.filter((entry) => entry.state === 'doubtful')
  const doubtfulSums = new Map<string, number>()
  for (const entry of doubtful) if (entry.cost && !entry.cost.free) add(doubtfulSums, entry.cost)
  return {
    ...(options.since === undefined ? {} : { since: options.since }),
    totals: [...totals].map(([currency, sums]) => ({ currency, ...sums })),
    unpriced: billed.filter((entry) => !entry.cost).length,
    free: billed.filter((entry) => entry.cost?.free).length,
    byModel: [...groupBy(billed, (entry) => entry.modelId)].map(([modelId, group]) => ({ modelId, modelName: group[0]!.modelName, ...row(group) })),
    byConnection: [...groupBy(billed, (entry) => entry.profileId)].map(([profileId, group]) => ({ profileId, sandbox: group.every((entry) => entry.sandbox), ...row(group) })),
    doubtful: { jobs: doubtful.length, money: [...doubtfulSums].map(([currency, minor]) => ({ currency, minor })) },
    budgets: Object.entries(options.budgets)
      .filter(([, budget]) => budget.daily !== null || budget.monthly !== null)
      .map(([profileId, budget]) => {
        const committed = committedFor(entries, profileId, options.now, budget.currency)
        const standing = (period: 'day' | 'month', limit: number | null) => {
          const sum = committed[period]
          return { committed: sum.kind === 'sum' ? sum.money.minor : 0, budget: limit === null ? null : toMoney(limit, budget.currency).minor }
        }
        const mixed = [committed.day, committed.month].flatMap((sum) => (sum.kind === 'mixed' ? sum.currencies.filter((c) => c !== budget.currency) : []))
        return { profileId, currency: budget.currency, day: standing('day', budget.daily), month: standing('month', budget.monthly), allowUnknownPrices: budget.allowUnknownPrices, mixed: [...new Set(mixed)] }
      }),
  }
}
