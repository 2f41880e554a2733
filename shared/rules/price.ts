import type { Mode, Model, ModeSpec } from '../catalog'
import type { Draft } from '../draft'
import { adaptDraft, chosenDuration, chosenResolution } from './fields'

/**
 * What a video costs (issue 26), once for the Create form, the engine's budget check and the CLI.
 * Zod-free: the renderer imports it.
 *
 * Money inside is whole minor units (cents) of one currency, so a sum never drifts; amounts
 * outside (the catalogue, budgets, the CLI's JSON) are decimals. A catalogue price may be finer
 * than a cent ($0.014 a second): it is read exactly (to a millionth) and each video's cost is
 * rounded, half up, to the minor unit, as a bill would be.
 */

/** One rate: a fee per video, a price per second of video, or both (a base fee plus seconds). */
export interface PriceRate {
  perVideo?: number
  perSecond?: number
}

/** A model's price as the catalogue gives it (shared/catalog.ts `Price`). */
export interface Price extends PriceRate {
  /** ISO 4217 ("USD"). */
  currency: string
  /** An illustrative price (the built-in placeholder catalogue's): shown as an example, never as a quote. */
  example?: boolean
  /** A resolution's own rate, which replaces the model's for that resolution. */
  resolutions?: Record<string, PriceRate>
}

/** An amount of one currency in whole minor units. */
export interface Money {
  minor: number
  currency: string
}

const MICRO = 1_000_000

/** Decimal places of a currency's minor unit (USD 2, JPY 0), as Intl knows them. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    return 2
  }
}

/** A decimal read exactly to a millionth (1.005 is 1 005 000, never 1 004 999.99…). */
function toMicro(amount: number): number {
  const [whole, fraction = ''] = Math.abs(amount).toFixed(6).split('.')
  const micro = Number(whole) * MICRO + Number(fraction.padEnd(6, '0'))
  return amount < 0 ? -micro : micro
}

/** Millionths to minor units, half up. */
function microToMinor(micro: number, currency: string): number {
  const step = MICRO / 10 ** minorDigits(currency)
  return Math.floor((micro + step / 2) / step)
}

/** A decimal amount (a budget, `--max-cost`) as money. */
export function toMoney(amount: number, currency: string): Money {
  return { minor: microToMinor(toMicro(amount), currency), currency }
}

/** Money as a decimal for JSON and settings: 160 cents is 1.6. */
export function toAmount(money: Money): number {
  const digits = minorDigits(money.currency)
  return Number((money.minor / 10 ** digits).toFixed(digits))
}

/** Money in the designer's language ("$1.60", "US$1.60"): Intl does the words and the digits. */
export function formatMoney(money: Money, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency }).format(toAmount(money))
}

/** The rate for a resolution: its own entry when the price has one, the model's otherwise. */
export function rateFor(price: Price, resolution: string | undefined): PriceRate {
  return (resolution !== undefined && price.resolutions?.[resolution]) || price
}

/** One video's cost; undefined when the price does not say (no rate, or per second without a length). */
export function videoCost(price: Price | undefined, resolution: string | undefined, seconds: number | undefined): Money | undefined {
  if (!price) return undefined
  const rate = rateFor(price, resolution)
  if (rate.perVideo === undefined && rate.perSecond === undefined) return undefined
  if (rate.perSecond !== undefined && seconds === undefined) return undefined
  const micro = toMicro(rate.perVideo ?? 0) + toMicro(rate.perSecond ?? 0) * (seconds ?? 0)
  return { minor: microToMinor(micro, price.currency), currency: price.currency }
}

/** What one job of a draft costs, as it will be sent: the length and resolution the engine fills in when the draft leaves them out. */
export function draftCost(price: Price | undefined, spec: ModeSpec | undefined, draft: { duration?: number; resolution?: string }): Money | undefined {
  return videoCost(price, chosenResolution(spec, draft.resolution), chosenDuration(spec, draft.duration))
}

/** A model as the price rule reads it (shared/catalog.ts `Model`). */
export interface PricedModel {
  id: string
  price?: Price
  modes: Partial<Record<Mode, ModeSpec>>
}

/** One model's line of a submission: `videos` jobs of `draft`. */
export function lineFor(model: PricedModel | undefined, draft: { modelId: string; mode: Mode; duration?: number; resolution?: string }, videos = 1): EstimateLine {
  return { modelId: draft.modelId, price: model?.price, each: draftCost(model?.price, model?.modes[draft.mode], draft), videos }
}

/**
 * The lines of a submission as the engine will queue it: the draft on one model, or on each of
 * several ("Compare on…", each model's own draft: what it does not take is set aside), `variations` each.
 */
export function submissionLines(findModel: (id: string) => Model | undefined, draft: Draft, modelIds: readonly string[], variations: number): EstimateLine[] {
  if (modelIds.length <= 1) {
    const modelId = modelIds[0] ?? draft.modelId
    return [lineFor(findModel(modelId), { ...draft, modelId }, variations)]
  }
  return modelIds.map((modelId) => {
    const model = findModel(modelId)
    return lineFor(model, adaptDraft(model, { ...draft, modelId }).draft, variations)
  })
}

/**
 * What a job cost when it was sent, kept on the job and in its sidecar: `free` on the Sandbox;
 * absent when the price was unknown (never 0).
 */
export interface JobCost extends Money {
  example?: boolean
  free?: boolean
}

/** Sums of one currency; several currencies are never added together. */
export type Sum = { kind: 'sum'; money: Money } | { kind: 'mixed'; currencies: string[] }

export function sumMoney(amounts: readonly Money[], currency = amounts[0]?.currency ?? 'USD'): Sum {
  const currencies = [...new Set([currency, ...amounts.map((m) => m.currency)])]
  if (currencies.length > 1) return { kind: 'mixed', currencies }
  return { kind: 'sum', money: { minor: amounts.reduce((total, m) => total + m.minor, 0), currency } }
}

/** One line of a submission: a model's price and what each of its videos is. */
export interface EstimateLine {
  modelId: string
  price: Price | undefined
  /** Each video's cost (null: the price does not say). */
  each: Money | undefined
  videos: number
}

/**
 * What a submission will cost: free (the Sandbox), a sum, unknown (naming the models without a
 * price), or mixed (their prices are in different currencies).
 */
export type Estimate =
  | { kind: 'free'; videos: number }
  | { kind: 'known'; money: Money; videos: number; example: boolean }
  | { kind: 'unknown'; videos: number; models: string[] }
  | { kind: 'mixed'; videos: number; currencies: string[] }

export function estimate(lines: readonly EstimateLine[], options: { free?: boolean } = {}): Estimate {
  const videos = lines.reduce((n, line) => n + line.videos, 0)
  if (options.free) return { kind: 'free', videos }
  const unknown = lines.filter((line) => !line.each).map((line) => line.modelId)
  if (unknown.length) return { kind: 'unknown', videos, models: [...new Set(unknown)] }
  const sum = sumMoney(lines.map((line) => ({ minor: line.each!.minor * line.videos, currency: line.each!.currency })))
  if (sum.kind === 'mixed') return { kind: 'mixed', videos, currencies: sum.currencies }
  return { kind: 'known', money: sum.money, videos, example: lines.some((line) => line.price?.example === true) }
}

/** The cost to record on one job of an estimate's line. */
export function jobCostOf(line: Pick<EstimateLine, 'price' | 'each'>, options: { free?: boolean } = {}): JobCost | undefined {
  if (options.free) return { minor: 0, currency: line.price?.currency ?? 'USD', free: true }
  if (!line.each) return undefined
  return line.price?.example ? { ...line.each, example: true } : { ...line.each }
}
