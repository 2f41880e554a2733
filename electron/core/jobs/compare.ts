import type { CompareResult } from '../../../shared/contract/jobs'
import type { Draft } from '../../../shared/draft'
import { AppError } from '../../../shared/errors'
import type { Job } from '../../../shared/job'
import { adaptDraft, takes, type AsideKey } from '../../../shared/rules/fields'
import type { JobsDeps } from './deps'

/** One job to queue: a model's own draft, and the batch it belongs to. */
export interface Planned {
  draft: Draft
  modelId: string
  /** What this model does not take of the designer's draft. */
  setAside: AsideKey[]
}

/**
 * "Compare on…" (issue 17 item 1), before anything is queued: the designer's one draft shaped
 * for each model (shared/rules' adaptDraft: what a model does not take of the mode in use is set
 * aside for it, never sent, §2.1 rule 1; images of another mode are kept, no loss), then each model's request checked as it will be sent, images fitted to
 * that model (shapeRequest). One refusal refuses all, naming the model: nothing is sent.
 *
 * Variation n has one seed across the models (the first keeps the draft's own), so a row of the
 * comparison differs by model alone wherever the models take a seed.
 */
export async function planComparison(deps: Pick<JobsDeps, 'findModel' | 'shapeRequest' | 'random'>, wanted: Draft, modelIds: readonly string[], variations: number): Promise<{ planned: Planned[]; setAside: CompareResult['setAside'] }> {
  const seeds = Array.from({ length: variations }, (_, i) => (i === 0 && wanted.seed !== undefined ? wanted.seed : Math.floor((deps.random ?? Math.random)() * 2 ** 31)))
  const planned: Planned[] = []
  const setAside: CompareResult['setAside'] = []
  // The mode in use is the form's: its model's slots say what the designer meant to send.
  const shown = deps.findModel(wanted.modelId)?.modes[wanted.mode]
  for (const modelId of modelIds) {
    const model = deps.findModel(modelId)
    const { draft, aside } = adaptDraft(model, { ...wanted, modelId }, shown)
    if (aside.length) setAside.push({ modelId, fields: aside })
    try {
      await deps.shapeRequest(draft)
    } catch (error) {
      const refused = AppError.from(error)
      const name = model?.displayName ?? modelId
      throw new AppError(refused.code, `${name}: ${refused.message} Nothing was sent.`, { details: { ...refused.details, model: modelId } })
    }
    const seeded = takes(model?.modes[draft.mode], 'seed')
    for (let i = 0; i < variations; i++) planned.push({ modelId, setAside: aside, draft: seeded && (variations > 1 || draft.seed !== undefined) ? { ...draft, seed: seeds[i]! } : draft })
  }
  return { planned, setAside }
}

/** The batch's jobs, queued one after another once every model said yes. */
export async function queueComparison(planned: readonly Planned[], enqueue: (each: Planned) => Promise<Job>): Promise<Job[]> {
  const jobs: Job[] = []
  for (const each of planned) jobs.push(await enqueue(each))
  return jobs
}
