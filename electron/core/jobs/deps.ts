import type { Draft } from '../../../shared/draft'
import type { Job, JobIn, PauseReason } from '../../../shared/job'
import type { Model } from '../../../shared/catalog'
import type { SidecarInput } from '../../../shared/library'
import type { Budget, Settings } from '../../../shared/settings'
import type { EventBus } from '../events'
import type { Logger } from '../logger'
import type { Clock, FetchPort, LookupPort, ResultFetchPort } from '../ports'
import type { Connection, ServiceClient } from '../service/client'
import type { BackoffPolicy } from './backoff'
import type { ProcessTable } from './holders'

/** A request shaped for one model (electron/core/shaping): what to record of it, without bytes. */
export interface ShapedRequest {
  model: Model
  params: Record<string, unknown>
  inputs: SidecarInput[]
}

export interface ConnectionInfo {
  profileId: string
  baseUrl: string
  sandbox: boolean
}

export interface JobLimits {
  /** Jobs submitting or waiting on the service at once; more wait in the queue. */
  jobs: number
  downloads: number
  requestsPerSecond: number
  maxWaitMs: number
  /** Bytes one result file may have. */
  resultBytes: number
  /** Results downloaded per task; more are listed on the job (`skippedResults`). */
  resultsPerTask: number
  /** A download window with almost no data is a stall. */
  stallMs: number
}

/** The designer's settings as the runner's limits. */
export function jobLimitsFrom(settings: Pick<Settings, 'concurrency' | 'pollBudget' | 'results'>): JobLimits {
  const { concurrency, pollBudget, results } = settings
  return {
    jobs: concurrency.jobs,
    downloads: concurrency.downloads,
    requestsPerSecond: pollBudget.requestsPerSecond,
    maxWaitMs: pollBudget.maxWaitMinutes * 60_000,
    resultBytes: results.maxSizeMB * 1024 * 1024,
    resultsPerTask: results.perTask,
    stallMs: results.stallSeconds * 1000,
  }
}

/** What the job runner needs from the rest of the engine; composed in electron/core/index.ts. */
export interface JobsDeps {
  dataDir: string
  clock: Clock
  log: Logger
  events: EventBus
  fetch: FetchPort
  /** How result downloads fetch their bytes (default: downloads/node-fetch.ts). */
  fetchResult?: ResultFetchPort
  /** Host names → addresses, for the result-URL check (downloads/result-url.ts). */
  lookup: LookupPort
  client: ServiceClient
  polling?: BackoffPolicy
  random?: () => number
  /** How leases name this process and judge others (default: this machine's, see holders.ts). */
  processes?: ProcessTable
  limits(): JobLimits
  /** The connection new jobs go to. */
  activeConnection(): ConnectionInfo
  /** False for a job this engine must leave to another: one sent through a `reelbox` run's own --base-url (default: every job). */
  canWork?(job: Job): boolean
  /** A job's own connection with its key; throws UNAUTHORIZED when no key, NOT_FOUND when gone. */
  connectionFor(profileId: string): Promise<Connection>
  findModel(modelId: string): Model | undefined
  /** A connection's budget on this machine (issue 26), and its name for the words of a refusal (default: none). */
  budget?(profileId: string): { limits: Budget | undefined; name: string }
  /** Checks a draft (the one check of a submission) and says what will be recorded; reads no image. */
  shapeRequest(draft: Draft): Promise<ShapedRequest>
  /** The body to send, images encoded once (at the submit turn: it holds base64); judges nothing again. */
  buildBody(draft: Draft): Promise<Record<string, unknown>>
  library: {
    /** The library folder results go to now (their staging folder is inside it: library/naming.ts). */
    folder(): string
    /** Whether results can be placed in the library now (its folder created where it may be); why not, otherwise. */
    writable(): Promise<PauseReason | undefined>
    has(itemId: string): Promise<boolean>
    /** `poster`: the service's own (the profile's `posterPath`), kept instead of one drawn from the video. */
    /** `original`: the download's size and SHA-256 when it hashed the file on the way (then the settings go in without a copy). */
    /** `unseen`: no process can have imported this result before (TurnContext `unseenResults`). */
    importResult(input: { id: string; job: JobIn<'downloading'>; index: number; url: string; stagedFile: string; poster?: Uint8Array; original?: { size: number; sha256: string }; unseen?: boolean }): Promise<{ id: string }>
  }
}
