import { problem, type Problem } from './problems'
import { localMidnight } from '../format'
import { sumMoney, toMoney, type Estimate, type Money, type Sum } from './price'

/**
 * A connection's budget against a submission (issue 26 item 4), once for the engine (which
 * refuses before anything is sent) and the Create form (which warns at 80%). Zod-free.
 */
export interface BudgetLimits {
  currency: string
  /** Decimals of `currency`; null: no limit. */
  daily: number | null
  monthly: number | null
  allowUnknownPrices: boolean
}

export type Period = 'day' | 'month'

/** A warning from this share of a budget on: 4/5, compared in whole numbers. */
export const WARN_OF = [4, 5] as const

/** What a connection has spent (or has waiting to be sent) in each period, in the budget's currency. */
export interface Committed {
  day: Sum
  month: Sum
}

export type BudgetVerdict =
  | { kind: 'ok' }
  | { kind: 'warn'; period: Period; spent: Money; estimate: Money; budget: Money }
  | { kind: 'refuse'; problem: Problem }

/** Local midnight today and the first of this month, where "today" and "this month" begin. */
export function periodStarts(now: number): Record<Period, number> {
  const date = new Date(now)
  return { day: localMidnight(now), month: new Date(date.getFullYear(), date.getMonth(), 1).getTime() }
}

/** The amounts dated from each period's start, in `currency` (mixed when another currency is among them). */
export function committedSince(entries: ReadonlyArray<{ at: number; cost?: Money & { free?: boolean } }>, now: number, currency: string): Committed {
  const starts = periodStarts(now)
  const since = (from: number): Sum =>
    sumMoney(
      entries.filter((entry) => entry.at >= from && entry.cost && !entry.cost.free).map((entry) => ({ minor: entry.cost!.minor, currency: entry.cost!.currency })),
      currency,
    )
  return { day: since(starts.day), month: since(starts.month) }
}

export function hasLimit(limits: BudgetLimits | undefined): limits is BudgetLimits {
  return !!limits && (limits.daily !== null || limits.monthly !== null)
}

/**
 * Refused when what is spent plus the estimate passes a limit (exactly at it passes), when a
 * price is unknown (unless the designer allows unknown prices), or when currencies differ; a
 * warning from 80% of a limit on.
 */
export function judgeBudget(connection: string, limits: BudgetLimits | undefined, committed: Committed, estimate: Estimate): BudgetVerdict {
  if (!hasLimit(limits) || estimate.kind === 'free') return { kind: 'ok' }
  if (estimate.kind === 'unknown') return limits.allowUnknownPrices ? { kind: 'ok' } : { kind: 'refuse', problem: problem('budget.unknownPrice', { connection, models: estimate.models }) }
  if (estimate.kind === 'mixed') return { kind: 'refuse', problem: problem('price.mixed', { currencies: estimate.currencies }) }
  if (estimate.money.currency !== limits.currency) return { kind: 'refuse', problem: problem('price.mixed', { currencies: [estimate.money.currency, limits.currency] }) }
  let warning: BudgetVerdict = { kind: 'ok' }
  for (const period of ['day', 'month'] as const) {
    const limit = period === 'day' ? limits.daily : limits.monthly
    if (limit === null) continue
    const spent = committed[period]
    if (spent.kind === 'mixed') return { kind: 'refuse', problem: problem('price.mixed', { currencies: spent.currencies }) }
    const budget = toMoney(limit, limits.currency)
    const after = spent.money.minor + estimate.money.minor
    if (after > budget.minor) {
      return { kind: 'refuse', problem: problem('budget.over', { connection, period, spent: spent.money.minor, estimate: estimate.money.minor, budget: budget.minor, currency: limits.currency }) }
    }
    if (warning.kind === 'ok' && after * WARN_OF[1] >= budget.minor * WARN_OF[0]) warning = { kind: 'warn', period, spent: spent.money, estimate: estimate.money, budget }
  }
  return warning
}
