import type { Handlers } from '../../../shared/contract/define'
import type { jobsProcedures } from '../../../shared/contract/jobs'
import type { JobRunner } from '../jobs/runner'

export function jobsHandlers(runner: JobRunner): Handlers<typeof jobsProcedures> {
  return {
    'jobs.list': async () => runner.list(),
    'jobs.submit': async ({ draft, variations }) => runner.submit(draft, variations),
    'jobs.compare': async ({ draft, modelIds, variations }) => runner.compare(draft, modelIds, variations),
    'jobs.cancel': async ({ id }) => runner.cancel(id),
    'jobs.checkAgain': async ({ id }) => runner.checkAgain(id),
    'jobs.resume': async ({ id }) => runner.resume(id),
    'jobs.retry': async ({ id }) => runner.retry(id),
    'jobs.remove': async ({ id }) => (await runner.remove(id), { removed: true as const }),
    'jobs.clearFinished': async () => ({ removed: await runner.clearFinished() }),
    'jobs.resolveUnknown': async ({ id, action }) => runner.resolveUnknown(id, action),
    'jobs.setAside': async () => runner.setAside(),
    'jobs.dismissSetAside': async () => ({ removed: await runner.dismissSetAside() }),
  }
}
