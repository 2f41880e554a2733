import { z } from 'zod'
import { Draft } from '../draft'
import { Job } from '../job'
import { procedure } from './define'

const JobId = z.strictObject({ id: z.string().min(1) })

export const jobsProcedures = {
  'jobs.list': procedure(z.void(), z.array(Job)),
  /** Validates, journals and queues the draft; "Variations: N" submits N jobs with different seeds. */
  'jobs.submit': procedure(z.strictObject({ draft: Draft, variations: z.number().int().min(1).max(8).default(1) }), z.array(Job)),
  /** Stops polling. The spec has no cancel operation (§4): the service may still finish the task. */
  'jobs.cancel': procedure(JobId, Job),
  /** Submits a new job with the same request, linked to this one. */
  'jobs.retry': procedure(JobId, Job),
  'jobs.remove': procedure(JobId, z.object({ removed: z.literal(true) })),
  'jobs.clearFinished': procedure(z.void(), z.object({ removed: z.number().int() })),
  'jobs.keepWaiting': procedure(JobId, Job),
  /** A job whose submit may or may not have reached the service: send again (maybe twice), or forget it. */
  'jobs.resolveUnknown': procedure(z.strictObject({ id: z.string().min(1), action: z.enum(['resubmit', 'forget']) }), Job),
}

export const jobsEvents = {
  'job.updated': Job,
  'job.removed': z.object({ id: z.string() }),
}
