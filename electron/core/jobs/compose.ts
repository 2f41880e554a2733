import path from 'node:path'
import { AppError } from '../../../shared/errors'
import type { Job } from '../../../shared/job'
import type { CatalogService } from '../catalog/service'
import type { EventBus } from '../events'
import type { InputStore } from '../images/store'
import type { Library } from '../library/library'
import { stagingDir } from '../library/naming'
import type { Logger } from '../logger'
import type { Clock, FetchPort } from '../ports'
import type { SandboxHost } from '../sandbox/host'
import type { SecretsApi } from '../secrets/service'
import type { Connection } from '../service/client'
import { createServiceClient } from '../service/client'
import type { SettingsApi } from '../settings/service'
import { buildRequest } from '../shaping/request'
import type { BackoffPolicy } from './backoff'
import type { JobsDeps } from './deps'
import { createJobRunner, type JobRunner } from './runner'

export interface JobParts {
  dataDir: string
  clock: Clock
  log: Logger
  events: EventBus
  fetch: FetchPort
  settings: SettingsApi
  secrets: SecretsApi
  catalog: CatalogService
  inputs: InputStore
  library: () => Library
  sandbox: SandboxHost
  polling?: BackoffPolicy
}

/** What the library records of a job's result (issue 4 item 4). */
function importFields(job: Job) {
  const model = job.model ?? { id: job.draft.modelId, family: 'unknown', version: 'unknown', displayName: job.draft.modelId }
  return {
    prompt: job.draft.prompt ?? '',
    model,
    mode: job.draft.mode,
    params: job.params ?? {},
    draft: job.draft,
    inputs: job.inputs ?? [],
    service: { baseUrl: job.baseUrl, taskId: job.taskId, requestId: job.requestId, sandbox: job.sandbox },
    jobId: job.id,
    submittedAt: job.submittedAt ?? job.createdAt,
    finishedAt: job.updatedAt,
  }
}

/** Wires the job runner to the rest of the engine: connections, keys, shaping, the library. */
export function composeJobs(parts: JobParts): JobRunner {
  const deps: JobsDeps = {
    dataDir: parts.dataDir,
    clock: parts.clock,
    log: parts.log,
    events: parts.events,
    fetch: parts.fetch,
    polling: parts.polling,
    client: createServiceClient({ fetch: parts.fetch, clock: parts.clock, log: parts.log.scope('service') }),
    limits() {
      const { concurrency, pollBudget } = parts.settings.current()
      return { jobs: concurrency.jobs, downloads: concurrency.downloads, requestsPerSecond: pollBudget.requestsPerSecond, maxWaitMs: pollBudget.maxWaitMinutes * 60_000 }
    },
    activeConnection() {
      const connection = parts.settings.activeConnection()
      if (!connection) throw new AppError('UNAUTHORIZED', 'No service is connected yet: try the built-in Sandbox or connect your service in Settings.')
      return { profileId: connection.id, baseUrl: connection.baseUrl, sandbox: connection.sandbox }
    },
    async connectionFor(profileId): Promise<Connection> {
      const connection = parts.settings.connection(profileId)
      if (!connection) throw new AppError('NOT_FOUND', `The connection "${profileId}" this job was sent with has been removed.`)
      if (connection.sandbox) {
        const sandbox = await parts.sandbox.running()
        return { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, profile: connection.serviceProfile }
      }
      const apiKey = await parts.secrets.apiKeyFor(profileId)
      if (!apiKey) throw new AppError('UNAUTHORIZED', `No API key for “${connection.name}”: add it in Settings.`)
      return { baseUrl: connection.baseUrl, apiKey, profile: connection.serviceProfile }
    },
    findModel: (id) => parts.catalog.model(id),
    buildRequest: (draft) => buildRequest({ catalog: parts.catalog, inputs: parts.inputs }, draft),
    library: {
      stagingDir: () => stagingDir(parts.library().folder),
      has: (id) => parts.library().get(id).then(() => true, () => false),
      importResult: ({ id, job, stagedFile }) => parts.library().importResult({ id, stagedFile: path.resolve(stagedFile), ...importFields(job) }),
    },
  }
  return createJobRunner(deps)
}
