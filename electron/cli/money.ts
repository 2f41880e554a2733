import { AppError, problemError } from '../../shared/errors'
import { problem } from '../../shared/rules/problems'
import { formatMoney, toAmount, toMoney, type Estimate, type Money } from '../../shared/rules/price'
import { locale, say } from './words'

/**
 * Amounts on the command line (issue 26): decimals in, decimals out. JSON amounts are numbers in
 * the currency's major unit, rounded to its minor unit (1.6 is $1.60), as the README says.
 */

/** A positive decimal from a flag (`--max-cost 2.50`), or a usage error naming the flag. */
export function amountFlag(flag: string, value: unknown): number | undefined {
  if (value === undefined) return undefined
  const text = String(value).trim()
  const number = Number(text)
  if (!/^\d+(\.\d+)?$/.test(text) || !Number.isFinite(number) || number <= 0) throw new AppError('INVALID_INPUT', say('cli.flags.amount', { flag, value: text }))
  return number
}

/** `{ amount, currency }` of an estimate for `--json`; null when a price is unknown (or in several currencies). */
export function estimateJson(estimate: Estimate, fallbackCurrency = 'USD'): { amount: number; currency: string } | null {
  if (estimate.kind === 'known') return { amount: toAmount(estimate.money), currency: estimate.money.currency }
  if (estimate.kind === 'free') return { amount: 0, currency: fallbackCurrency }
  return null
}

/** `--max-cost`: an estimate above the limit, unknown or in several currencies is refused before anything is sent. */
export function mustNotExceed(estimate: Estimate, limit: number): void {
  if (estimate.kind === 'free') return
  if (estimate.kind === 'mixed') throw problemError('INVALID_INPUT', problem('price.mixed', { currencies: estimate.currencies }))
  const currency = estimate.kind === 'known' ? estimate.money.currency : 'USD'
  const max = toMoney(limit, currency)
  if (estimate.kind === 'unknown') throw problemError('INVALID_INPUT', problem('cost.overLimit', { limit: max.minor, currency, models: estimate.models }))
  if (estimate.money.minor > max.minor) throw problemError('INVALID_INPUT', problem('cost.overLimit', { estimate: estimate.money.minor, limit: max.minor, currency }))
}

export const money = (value: Money): string => formatMoney(value, locale)
