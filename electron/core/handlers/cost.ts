import type { costProcedures } from '../../../shared/contract/cost'
import type { Handlers } from '../../../shared/contract/define'
import { estimate, submissionLines } from '../../../shared/rules/price'
import type { CatalogService } from '../catalog/service'
import { summarize } from '../cost/summary'
import type { JobRunner } from '../jobs/runner'
import type { Clock } from '../ports'
import type { SettingsService } from '../settings/service'

/** Estimates (the CLI's `--json`, `--max-cost`) and the ledger (Settings → Cost, `reelbox spend`). */
export function costHandlers(deps: { catalog: CatalogService; jobs: JobRunner; settings: SettingsService; clock: Clock }): Handlers<typeof costProcedures> {
  return {
    'cost.estimate': async ({ draft, modelIds, variations }) => {
      const free = deps.settings.activeConnection()?.sandbox === true
      return estimate(submissionLines((id) => deps.catalog.model(id), draft, modelIds ?? [draft.modelId], variations), { free })
    },
    'cost.ledger': async ({ since }) => summarize(await deps.jobs.spending(), { now: deps.clock.now(), since, budgets: deps.settings.current().budgets }),
  }
}
