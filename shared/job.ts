import { z } from 'zod'
import { Draft } from './draft'
import { WireErrorSchema } from './envelope'
import { JobCost, SidecarInput } from './library'
import { activePhases, decisionPhases, phases, resumablePhases, terminalPhases, type Phase as PhaseName } from './phases'
import { asideKeys } from './rules/fields'
import type { Problem } from './rules/problems'

/**
 * A job's whole life as one union on `phase`, each member with the fields that phase really has
 * (changed only by the pure reducer in electron/core/jobs/reducer.ts):
 *
 *   queued → submitting → pending/running → downloading → done
 *   any working phase → paused (waits for space, a folder or a key) → back where it was
 *   pending/running/downloading → stopped (the designer, or the max wait; the task is kept) → running
 *   submitting → unknown (the submit may or may not have arrived) → queued | cancelled
 *   … → failed | cancelled
 */
export const Phase = z.enum(phases)
export type Phase = PhaseName
export { activePhases, decisionPhases, phases, terminalPhases }

/** Everything a job has from the moment it is queued. */
const common = {
  id: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  draft: Draft,
  /** The connection it was submitted with: switching profiles never moves a job. */
  profileId: z.string(),
  baseUrl: z.string(),
  sandbox: z.boolean(),
  idempotencyKey: z.string(),
  /** The job this one retries. */
  retryOf: z.string().optional(),
  /** Shared by the jobs submitted together (variations; several models at once), recorded in each sidecar. */
  batchId: z.string().optional(),
  /**
   * What the designer's draft had that this job's model does not take ("Compare on…": set aside for
   * this model alone, never sent); the batch card lists it.
   */
  setAside: z.array(z.enum(asideKeys)).optional(),
  /** The body as sent, images replaced by references; what the sidecar records. */
  params: z.record(z.string(), z.unknown()),
  inputs: z.array(SidecarInput),
  model: z.object({ id: z.string(), family: z.string(), version: z.string(), displayName: z.string() }),
  /**
   * What it costs at the price when it was queued (shared/rules/price.ts), in minor units: `free`
   * on the Sandbox, absent when the price was unknown (never 0).
   */
  cost: JobCost.optional(),
  /** Requests so far in this phase (polls, submit retries): what the backoff grows with. */
  attempts: z.number().int(),
}

/** What the service told us once it took the job (§2.2 `request_id`, §2.3). */
const answered = {
  taskId: z.string().optional(),
  requestId: z.string().optional(),
  /** The service's own status text, as it said it (§2.3 `task_status`). */
  serviceStatus: z.string().optional(),
  submittedAt: z.number(),
  /** 0–1, when the service reports it. */
  progress: z.number().min(0).max(1).optional(),
}

/** What a successful task gave: §2.3 `urls`, kept so downloads resume after a restart. */
const results = {
  resultUrls: z.array(z.string()),
  /** The service's own posters, by result (the profile's `posterPath`); null where it gave none. */
  resultPosters: z.array(z.string().nullable()).optional(),
  /** Results the service offered beyond Settings' per-task limit: not downloaded; how many, and the first URLs. */
  skippedResults: z.object({ count: z.number().int(), urls: z.array(z.string()) }).optional(),
}

/** What a job that left mid-way (paused, stopped, failed) keeps of its results, had it any. */
const keptResults = {
  resultUrls: results.resultUrls.optional(),
  resultPosters: results.resultPosters,
  skippedResults: results.skippedResults,
}

const polled = {
  ...answered,
  taskId: z.string(),
  /** Polling stops at this time (the profile's max wait); "check again" moves it. */
  deadlineAt: z.number(),
  nextPollAt: z.number().optional(),
  /** A poll that failed and will be tried again (shown as a passing problem). */
  error: WireErrorSchema.optional(),
}

/** What a paused job waits for: a problem the designer can fix, worded like any other. */
export type PauseReason = Extract<Problem, { code: 'disk.full' | 'folder.notWritable' | 'key.missing' }>
export const PauseReason: z.ZodType<PauseReason> = z.discriminatedUnion('code', [
  z.object({ code: z.literal('disk.full'), params: z.object({ folder: z.string(), freeBytes: z.number(), needBytes: z.number().optional() }) }),
  z.object({
    code: z.literal('folder.notWritable'),
    params: z.object({ folder: z.string(), kind: z.enum(['library', 'data']), reason: z.enum(['readOnly', 'missing', 'denied']) }),
  }),
  z.object({ code: z.literal('key.missing'), params: z.object({ connection: z.string() }) }),
])

const member = <P extends Phase, S extends z.ZodRawShape>(phase: P, shape: S) => z.object({ ...common, phase: z.literal(phase), ...shape })

export const QueuedJob = member('queued', {
  /** Why an earlier submit did not take (refused for now: 429, 503…), and when it is tried again. */
  error: WireErrorSchema.optional(),
  nextPollAt: z.number().optional(),
})
export const SubmittingJob = member('submitting', {})
export const PendingJob = member('pending', polled)
export const RunningJob = member('running', polled)
export const DownloadingJob = member('downloading', {
  ...answered,
  ...results,
  download: z.object({ received: z.number(), total: z.number().optional() }).optional(),
  /** Fresh result links asked for because the service's expired (§4.2): its links are short-lived. */
  linksRenewed: z.number().int().optional(),
})
export const PausedJob = member('paused', {
  ...answered,
  submittedAt: z.number().optional(),
  ...keptResults,
  deadlineAt: z.number().optional(),
  reason: PauseReason,
  /** Where it carries on once what it waits for is there. */
  resumeTo: z.enum(resumablePhases),
  /** When the engine last looked whether it can carry on. */
  checkedAt: z.number(),
})
export const StoppedJob = member('stopped', {
  ...answered,
  taskId: z.string(),
  ...keptResults,
  deadlineAt: z.number().optional(),
  /** `timeout`: the max wait passed; `designer`: "Stop waiting". The service may still finish it either way. */
  stoppedBy: z.enum(['designer', 'timeout']),
})
export const DoneJob = member('done', { ...answered, ...results, finishedAt: z.number(), libraryItemIds: z.array(z.string()) })
export const FailedJob = member('failed', {
  ...answered,
  submittedAt: z.number().optional(),
  ...keptResults,
  finishedAt: z.number(),
  error: WireErrorSchema,
})
export const UnknownJob = member('unknown', { error: WireErrorSchema })
export const CancelledJob = member('cancelled', { finishedAt: z.number() })

export const Job = z.discriminatedUnion('phase', [
  QueuedJob,
  SubmittingJob,
  PendingJob,
  RunningJob,
  DownloadingJob,
  PausedJob,
  StoppedJob,
  DoneJob,
  FailedJob,
  UnknownJob,
  CancelledJob,
])
export type Job = z.infer<typeof Job>
export type JobIn<P extends Phase> = Extract<Job, { phase: P }>

// Readers of a field some phases have and others do not (zod-free, for the renderer too).
export * from './job-fields'
