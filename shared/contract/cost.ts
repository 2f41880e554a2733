import { z } from 'zod'
import { Draft } from '../draft'
import { procedure } from './define'

/** Money in whole minor units (cents) of a currency; the page and the CLI format it. */
const Money = z.object({ minor: z.number().int(), currency: z.string() })

/** shared/rules/price.ts `Estimate`, on the wire. */
export const EstimateWire = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('free'), videos: z.number().int() }),
  z.object({ kind: z.literal('known'), money: Money, videos: z.number().int(), example: z.boolean() }),
  z.object({ kind: z.literal('unknown'), videos: z.number().int(), models: z.array(z.string()) }),
  z.object({ kind: z.literal('mixed'), videos: z.number().int(), currencies: z.array(z.string()) }),
])

/** Sums of one currency (several currencies are never added together). */
const Totals = z.object({ currency: z.string(), total: z.number().int(), today: z.number().int(), month: z.number().int(), jobs: z.number().int() })

/** One connection's budget as it stands: what is spent or waiting to be sent in each period, against its limit. */
const BudgetStanding = z.object({
  profileId: z.string(),
  currency: z.string(),
  /** `budget` null: no limit for that period. */
  day: z.object({ committed: z.number().int(), budget: z.number().int().nullable() }),
  month: z.object({ committed: z.number().int(), budget: z.number().int().nullable() }),
  allowUnknownPrices: z.boolean(),
  /** Other currencies among its jobs: the budget cannot be judged, and submissions are refused. */
  mixed: z.array(z.string()),
})

/**
 * The ledger (issue 26 item 3): what the service accepted, at the price when each job was sent.
 * `totals` per currency; jobs with an unknown price are counted, never as 0; `doubtful` (failed
 * after it was sent, or not known to have arrived) is said apart: the service may or may not bill it.
 */
export const CostSummary = z.object({
  since: z.number().optional(),
  totals: z.array(Totals),
  /** Jobs the service took whose price was unknown when they were sent. */
  unpriced: z.number().int(),
  /** Jobs on the Sandbox, which costs nothing. */
  free: z.number().int(),
  byModel: z.array(z.object({ modelId: z.string(), modelName: z.string(), jobs: z.number().int(), unpriced: z.number().int(), money: Money.nullable() })),
  byConnection: z.array(z.object({ profileId: z.string(), jobs: z.number().int(), unpriced: z.number().int(), sandbox: z.boolean(), money: Money.nullable() })),
  doubtful: z.object({ jobs: z.number().int(), money: z.array(Money) }),
  budgets: z.array(BudgetStanding),
})
export type CostSummary = z.infer<typeof CostSummary>

export const costProcedures = {
  /** What a submission would cost on the active connection: one model, or several ("Compare on…"), each `variations` times. */
  'cost.estimate': procedure(
    z.strictObject({ draft: Draft, modelIds: z.array(z.string().min(1)).max(8).optional(), variations: z.number().int().min(1).max(8).default(1) }),
    EstimateWire,
  ),
  /** The ledger, from the journal (and jobs removed from it); `since`: ms, for `total` and `jobs`. */
  'cost.ledger': procedure(z.strictObject({ since: z.number().optional() }).default({}), CostSummary),
}
