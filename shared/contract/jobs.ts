import { z } from 'zod'
import { Draft } from '../draft'
import { Job } from '../job'
import { asideKeys } from '../rules/fields'
import { BATCH_JOBS_MAX, COMPARE_MODELS_MAX, batchSize } from '../rules/compare'
import { procedure } from './define'

const JobId = z.strictObject({ id: z.string().min(1) })

/** A journal entry that could not be read (issue 10 item 8): said, never dropped in silence. */
export const SetAsideEntry = z.object({
  /** Its file in the journal folder: `<id>.json` (not yet set aside) or `<id>.json.corrupt`. */
  file: z.string(),
  jobId: z.string(),
  /** The task it names, when that much could be read. */
  taskId: z.string().optional(),
  /** Its job was brought back from what could be read and is being finished. */
  recovered: z.boolean(),
})
export type SetAsideEntry = z.infer<typeof SetAsideEntry>

/** Bytes of a result so far: sent many times a second, so it carries only these. */
export const JobProgress = z.object({ id: z.string(), received: z.number(), total: z.number().optional() })
export type JobProgress = z.infer<typeof JobProgress>

/** One draft on several models (issue 17 item 1); refused whole past BATCH_JOBS_MAX videos. */
export const CompareInput = z
  .strictObject({
    draft: Draft,
    modelIds: z.array(z.string().min(1)).min(2, 'compare on at least 2 models').max(COMPARE_MODELS_MAX, `compare on at most ${COMPARE_MODELS_MAX} models`),
    variations: z.number().int().min(1).max(8).default(1),
  })
  .superRefine((input, ctx) => {
    if (new Set(input.modelIds).size !== input.modelIds.length) ctx.addIssue({ code: 'custom', path: ['modelIds'], message: 'each model once' })
    if (batchSize(input.modelIds.length, input.variations) > BATCH_JOBS_MAX) ctx.addIssue({ code: 'custom', path: ['variations'], message: `at most ${BATCH_JOBS_MAX} videos at once (models × variations)` })
  })

/** What was sent: one batch; per model, the draft's fields that model does not take (set aside, not sent). */
export const CompareResult = z.object({
  batchId: z.string(),
  jobs: z.array(Job),
  setAside: z.array(z.object({ modelId: z.string(), fields: z.array(z.enum(asideKeys)) })),
})
export type CompareResult = z.infer<typeof CompareResult>

export const jobsProcedures = {
  'jobs.list': procedure(z.void(), z.array(Job)),
  /**
   * Validates, journals and queues the draft; "Variations: N" submits N jobs with different seeds,
   * sharing one `batchId`. Refused (`DISK`, naming the folder) when results could not be placed.
   */
  'jobs.submit': procedure(z.strictObject({ draft: Draft, variations: z.number().int().min(1).max(8).default(1) }), z.array(Job)),
  /**
   * "Compare on…": the draft shaped for each model (what a model does not take is set aside for
   * it; images fitted to each), every model's request checked before any is sent (one refusal
   * sends nothing and names the model), then all journaled as one batch.
   */
  'jobs.compare': procedure(CompareInput, CompareResult),
  /**
   * "Stop waiting". The spec has no cancel operation (§4), so the service may still finish (and
   * bill) the task: the job is `stopped` with its task kept, and `jobs.checkAgain` carries it on.
   * A job with no task yet is cancelled.
   */
  'jobs.cancel': procedure(JobId, Job),
  /** A stopped job (by the designer or the max wait) is polled again; a finished task still reaches the library. */
  'jobs.checkAgain': procedure(JobId, Job),
  /** A paused job looks at once whether it can go on (space freed, folder back, key set); still paused otherwise. */
  'jobs.resume': procedure(JobId, Job),
  /** Submits a new job with the same request, linked to this one. */
  'jobs.retry': procedure(JobId, Job),
  'jobs.remove': procedure(JobId, z.object({ removed: z.literal(true) })),
  'jobs.clearFinished': procedure(z.void(), z.object({ removed: z.number().int() })),
  /** A job whose submit may or may not have reached the service: send again (maybe twice), or forget it. */
  'jobs.resolveUnknown': procedure(z.strictObject({ id: z.string().min(1), action: z.enum(['resubmit', 'forget']) }), Job),
  /** Journal entries that could not be read. */
  'jobs.setAside': procedure(z.void(), z.array(SetAsideEntry)),
  /** Deletes the set-aside entries once the designer has seen them. */
  'jobs.dismissSetAside': procedure(z.void(), z.object({ removed: z.number().int() })),
}

export const jobsEvents = {
  'job.updated': Job,
  'job.progress': JobProgress,
  'job.removed': z.object({ id: z.string() }),
  'jobs.setAside': z.array(SetAsideEntry),
}
