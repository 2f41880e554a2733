import type { Draft } from '../../../shared/draft'
import { problemError } from '../../../shared/errors'
import { judgeBudget } from '../../../shared/rules/budget'
import { estimate, lineFor, type Estimate, type PricedModel } from '../../../shared/rules/price'
import type { Budget } from '../../../shared/settings'
import type { LedgerEntry } from './ledger'
import { committedFor } from './summary'

/** What the jobs about to be queued will cost: one line per job, as each will be sent. */
export function estimateJobs(findModel: (id: string) => PricedModel | undefined, drafts: readonly Draft[], free: boolean): Estimate {
  return estimate(
    drafts.map((draft) => lineFor(findModel(draft.modelId), draft)),
    { free },
  )
}

/**
 * Refuses, before anything is queued, a submission that would take its connection past a budget
 * (issue 26 item 4), or whose price is unknown under one, or whose currencies differ: the
 * problem carries spent, estimate and budget for the words.
 */
export function mustFitBudget(input: { connection: string; profileId: string; limits: Budget | undefined; entries: readonly LedgerEntry[]; now: number; estimate: Estimate }): void {
  const committed = committedFor(input.entries, input.profileId, input.now, input.limits?.currency ?? 'USD')
  const verdict = judgeBudget(input.connection, input.limits, committed, input.estimate)
  if (verdict.kind === 'refuse') throw problemError('INVALID_INPUT', verdict.problem)
}
