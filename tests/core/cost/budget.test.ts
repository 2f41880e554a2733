import { describe, expect, it } from 'vitest'
import { committedSince, judgeBudget, periodStarts, type BudgetLimits } from '../../../shared/rules/budget'
import type { Estimate } from '../../../shared/rules/price'

/** Budgets at the edge (issue 26): exactly at passes, one cent over is refused with the numbers; 80% warns. */
const limits = (over: Partial<BudgetLimits> = {}): BudgetLimits => ({ currency: 'USD', daily: 5, monthly: null, allowUnknownPrices: false, ...over })
const known = (minor: number): Estimate => ({ kind: 'known', money: { minor, currency: 'USD' }, videos: 4, example: false })
const spent = (day: number, month = day) => ({ day: { kind: 'sum' as const, money: { minor: day, currency: 'USD' } }, month: { kind: 'sum' as const, money: { minor: month, currency: 'USD' } } })

describe('a budget against a submission', () => {
  it('exactly at the budget passes (with the 80% warning); one cent over is refused naming spent, estimate and budget', () => {
    expect(judgeBudget('Studio', limits(), spent(340), known(160))).toMatchObject({ kind: 'warn', period: 'day', budget: { minor: 500 } })
    expect(judgeBudget('Studio', limits(), spent(341), known(160))).toEqual({
      kind: 'refuse',
      problem: { code: 'budget.over', params: { connection: 'Studio', period: 'day', spent: 341, estimate: 160, budget: 500, currency: 'USD' } },
    })
  })

  it('warns from 80% on, not a cent before', () => {
    expect(judgeBudget('Studio', limits(), spent(240), known(160)).kind).toBe('warn')
    expect(judgeBudget('Studio', limits(), spent(239), known(160)).kind).toBe('ok')
  })

  it('judges the month too, and the first limit passed is the one named', () => {
    const verdict = judgeBudget('Studio', limits({ daily: 50, monthly: 20 }), spent(0, 1900), known(101))
    expect(verdict).toMatchObject({ kind: 'refuse', problem: { code: 'budget.over', params: { period: 'month', spent: 1900, estimate: 101, budget: 2000 } } })
  })

  it('an unknown price under a budget is refused unless the designer allows unknown prices', () => {
    const unknown: Estimate = { kind: 'unknown', videos: 1, models: ['mystery'] }
    expect(judgeBudget('Studio', limits(), spent(0), unknown)).toEqual({ kind: 'refuse', problem: { code: 'budget.unknownPrice', params: { connection: 'Studio', models: ['mystery'] } } })
    expect(judgeBudget('Studio', limits({ allowUnknownPrices: true }), spent(0), unknown)).toEqual({ kind: 'ok' })
    expect(judgeBudget('Studio', undefined, spent(0), unknown)).toEqual({ kind: 'ok' })
  })

  it('refuses to add a currency the budget is not in', () => {
    expect(judgeBudget('Studio', limits(), spent(0), { kind: 'known', money: { minor: 100, currency: 'EUR' }, videos: 1, example: false })).toMatchObject({ kind: 'refuse', problem: { code: 'price.mixed', params: { currencies: ['EUR', 'USD'] } } })
    const now = new Date(2026, 10, 26, 12).getTime()
    const committed = committedSince([{ at: now, cost: { minor: 10, currency: 'EUR' } }], now, 'USD')
    expect(judgeBudget('Studio', limits(), committed, known(1))).toMatchObject({ kind: 'refuse', problem: { code: 'price.mixed' } })
  })

  it('counts today from local midnight and the month from its first day; the Sandbox’s free jobs count nothing', () => {
    const now = new Date(2026, 10, 26, 12).getTime()
    const starts = periodStarts(now)
    const entries = [
      { at: starts.day - 1, cost: { minor: 100, currency: 'USD' } },
      { at: starts.day, cost: { minor: 20, currency: 'USD' } },
      { at: starts.month - 1, cost: { minor: 1000, currency: 'USD' } },
      { at: now, cost: { minor: 0, currency: 'USD', free: true } },
      { at: now }, // unknown price: not a number to add
    ]
    expect(committedSince(entries, now, 'USD')).toEqual(spent(20, 120))
  })
})
