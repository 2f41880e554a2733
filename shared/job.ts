import { z } from 'zod'
import { Draft } from './draft'
import { WireErrorSchema } from './envelope'
import { SidecarInput } from './library'
import { activePhases, phases, terminalPhases, type Phase as PhaseName } from './phases'

/**
 * A job's whole life as one union of phases (changed only by the pure reducer in
 * electron/core/jobs). `unknown`: the submit may or may not have reached the service (the
 * engine died between send and answer) and the service cannot be asked by idempotency key.
 */
export const Phase = z.enum(phases)
export type Phase = PhaseName
export { activePhases, phases, terminalPhases }

export const Job = z.object({
  id: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  phase: Phase,
  draft: Draft,
  /** The connection it was submitted with: switching profiles never moves a job. */
  profileId: z.string(),
  baseUrl: z.string(),
  sandbox: z.boolean(),
  idempotencyKey: z.string(),
  /** The job this one retries. */
  retryOf: z.string().optional(),
  taskId: z.string().optional(),
  requestId: z.string().optional(),
  /** The service's own status text, as it said it (§2.3 `task_status`). */
  serviceStatus: z.string().optional(),
  submittedAt: z.number().optional(),
  finishedAt: z.number().optional(),
  /** The body as sent, images replaced by references; what the sidecar records. */
  params: z.record(z.string(), z.unknown()).optional(),
  inputs: z.array(SidecarInput).optional(),
  model: z.object({ id: z.string(), family: z.string(), version: z.string(), displayName: z.string() }).optional(),
  /** Result URLs (§2.3 `urls`), kept so downloads resume after a restart. */
  resultUrls: z.array(z.string()).optional(),
  /** The service's own posters, by result (the profile's `posterPath`); null where it gave none. */
  resultPosters: z.array(z.string().nullable()).optional(),
  /** Results the service offered beyond Settings' per-task limit: not downloaded; how many, and the first URLs. */
  skippedResults: z.object({ count: z.number().int(), urls: z.array(z.string()) }).optional(),
  /** Polling gives up at this time (the profile's max wait); "keep waiting" moves it. */
  deadlineAt: z.number().optional(),
  attempts: z.number().int(),
  nextPollAt: z.number().optional(),
  /** 0–1, when the service reports it. */
  progress: z.number().min(0).max(1).optional(),
  download: z.object({ received: z.number(), total: z.number().optional() }).optional(),
  /** Set when polling gave up after the profile's max wait; "keep waiting" clears it. */
  timedOut: z.boolean().optional(),
  error: WireErrorSchema.optional(),
  libraryItemIds: z.array(z.string()),
})
export type Job = z.infer<typeof Job>
