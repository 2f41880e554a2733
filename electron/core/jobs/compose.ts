import path from 'node:path'
import { AppError } from '../../../shared/errors'
import type { Job, JobIn, PauseReason } from '../../../shared/job'
import { problem } from '../../../shared/rules/problems'
import { RUN_CONNECTION_ID } from '../../../shared/settings'
import type { CatalogService } from '../catalog/service'
import type { EventBus } from '../events'
import type { InputStore } from '../images/store'
import type { Library } from '../library/library'
import { stagingDir } from '../library/naming'
import { ensureFolder } from '../library/open'
import { diskReason, writableReason } from '../files/disk'
import type { Logger } from '../logger'
import type { ConnectionResolver } from '../connection/resolve'
import type { Clock, FetchPort, LookupPort, ResultFetchPort } from '../ports'
import { createServiceClient } from '../service/client'
import type { RecentAnswers } from '../service/recent-answers'
import type { SettingsApi } from '../settings/service'
import { encodeBody, shapeRequest } from '../shaping/request'
import type { BackoffPolicy } from './backoff'
import { jobLimitsFrom, type JobsDeps } from './deps'
import { createJobRunner, type JobRunner } from './runner'

export interface JobParts {
  dataDir: string
  clock: Clock
  log: Logger
  events: EventBus
  fetch: FetchPort
  fetchResult?: ResultFetchPort
  lookup: LookupPort
  settings: SettingsApi
  connections: ConnectionResolver
  catalog: CatalogService
  inputs: InputStore
  library: () => Library
  polling?: BackoffPolicy
  recent?: RecentAnswers
}

/** What the library records of a job's result (issue 4 item 4). */
function importFields(job: JobIn<'downloading'>) {
  return {
    prompt: job.draft.prompt ?? '',
    model: job.model,
    mode: job.draft.mode,
    params: job.params,
    draft: job.draft,
    inputs: job.inputs,
    service: { baseUrl: job.baseUrl, taskId: job.taskId, requestId: job.requestId, sandbox: job.sandbox },
    jobId: job.id,
    batchId: job.batchId,
    cost: job.cost,
    submittedAt: job.submittedAt,
    finishedAt: job.updatedAt,
  }
}

/** Whether results can be placed in the library folder now; the reason they cannot, otherwise. */
async function libraryWritable(folder: string): Promise<PauseReason | undefined> {
  try {
    // Created where it may be, never recreated on another disk (see library/open.ts).
    await ensureFolder(folder)
  } catch (error) {
    // The folder itself says best why nothing could be made in it (a read-only disk answers ENOENT to `mkdir -p`).
    return (await writableReason(folder, 'library')) ?? (await diskReason(error, folder, 'library')) ?? problem('folder.notWritable', { folder, kind: 'library', reason: 'missing' })
  }
  return writableReason(stagingDir(folder), 'library', folder)
}

/**
 * Whether this engine can carry a job on: every job, except one a `reelbox` command sent through
 * its own --base-url, which waits for a run given that address again.
 */
export function canWorkJob(job: Pick<Job, 'profileId' | 'baseUrl'>, settings: Pick<SettingsApi, 'connection'>): boolean {
  return job.profileId !== RUN_CONNECTION_ID || settings.connection(RUN_CONNECTION_ID)?.baseUrl === job.baseUrl
}

/** Wires the job runner to the rest of the engine: connections, keys, shaping, the library. */
export function composeJobs(parts: JobParts): JobRunner {
  const shaping = { catalog: parts.catalog, inputs: parts.inputs }
  const deps: JobsDeps = {
    dataDir: parts.dataDir,
    clock: parts.clock,
    log: parts.log,
    events: parts.events,
    fetch: parts.fetch,
    fetchResult: parts.fetchResult,
    lookup: parts.lookup,
    polling: parts.polling,
    client: createServiceClient({ fetch: parts.fetch, clock: parts.clock, log: parts.log.scope('service'), recent: parts.recent }),
    limits: () => jobLimitsFrom(parts.settings.current()),
    activeConnection() {
      const connection = parts.settings.activeConnection()
      if (!connection) throw new AppError('UNAUTHORIZED', 'No service is connected yet: try the built-in Sandbox or connect your service in Settings.')
      return { profileId: connection.id, baseUrl: connection.baseUrl, sandbox: connection.sandbox }
    },
    canWork: (job) => canWorkJob(job, parts.settings),
    connectionFor: (profileId) => parts.connections.connectionFor(profileId),
    findModel: (id) => parts.catalog.model(id),
    budget: (profileId) => ({ limits: parts.settings.current().budgets[profileId], name: parts.settings.connection(profileId)?.name ?? profileId }),
    shapeRequest: (draft) => shapeRequest(shaping, draft),
    buildBody: (draft) => encodeBody(shaping, draft),
    library: {
      folder: () => parts.library().folder,
      writable: () => libraryWritable(parts.library().folder),
      has: (id) => parts.library().has(id),
      importResult: ({ id, job, stagedFile, poster, original, unseen }) => parts.library().importResult({ id, stagedFile: path.resolve(stagedFile), poster, original, unseen, ...importFields(job) }),
    },
  }
  return createJobRunner(deps)
}
