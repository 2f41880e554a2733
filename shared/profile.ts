import { z } from 'zod'

/**
 * How to talk to one deployment of the service where the spec is silent (§4.2, §3, §7): the
 * query operation, the status vocabulary, idempotency. A JSON document the designer can edit;
 * `defaultServiceProfile` is what Reelbox assumes until told otherwise, documented in the README.
 */
export const SERVICE_PROFILE_VERSION = 1

/** A dotted path into a JSON answer ("data.task_status", "result.videos.0.url"). */
const JsonPath = z.string().regex(/^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/, 'must be a dotted path like data.task_status')

export const ServiceProfile = z.strictObject({
  schemaVersion: z.literal(SERVICE_PROFILE_VERSION).default(SERVICE_PROFILE_VERSION),
  /** §4.1: fixed by the spec; changeable only for gateways that remount the API. */
  submitPath: z.string().startsWith('/').default('/api/v1/video/generation'),
  query: z
    .strictObject({
      method: z.enum(['GET', 'POST']).default('GET'),
      /** May contain `{task_id}`, which is required when `idIn` is "path". */
      path: z.string().startsWith('/').default('/api/v1/video/generation/{task_id}'),
      idIn: z.enum(['path', 'query', 'body']).default('path'),
      /** The query-string or body key that carries the id when it is not in the path. */
      idParam: z.string().min(1).default('task_id'),
      /** Where the answer keeps the status and the urls; by default the submit envelope (§2.2–2.3). */
      statusPath: JsonPath.default('data.task_status'),
      urlsPath: JsonPath.default('data.urls'),
      /** Optional: a 0–100 number or 0–1 fraction (absent in an answer is fine). */
      progressPath: JsonPath.optional().default('data.progress'),
      /** Optional: where a failed task's answer says why; unset, the usual fields are read (service/envelope.ts REASON_PATHS). */
      reasonPath: JsonPath.optional(),
    })
    .prefault({})
    .refine((q) => q.idIn !== 'path' || q.path.includes('{task_id}'), { message: 'path must contain {task_id} when idIn is "path"', path: ['path'] })
    .refine((q) => q.method === 'POST' || q.idIn !== 'body', { message: 'a GET query cannot carry the id in a body', path: ['idIn'] }),
  /** §3: terminal status names, matched case-insensitively; any other status means still running. */
  statuses: z
    .strictObject({
      success: z.array(z.string().min(1)).min(1).default(['success', 'succeed', 'succeeded', 'completed', 'complete', 'done', 'finished']),
      failure: z.array(z.string().min(1)).min(1).default(['failed', 'failure', 'fail', 'error', 'cancelled', 'canceled', 'timeout', 'timed_out', 'expired', 'rejected']),
    })
    .prefault({})
    .refine((s) => !s.success.some((name) => s.failure.map((f) => f.toLowerCase()).includes(name.toLowerCase())), {
      message: 'a status cannot be both success and failure',
      path: ['failure'],
    }),
  idempotency: z
    .strictObject({
      /** Send an idempotency key with each submit, in this header. */
      header: z.string().min(1).default('Idempotency-Key'),
      send: z.boolean().default(false),
      /** The service answers a repeated key with the same task: an unsure submit may be re-sent. */
      honoured: z.boolean().default(false),
    })
    .prefault({}),
})
export type ServiceProfile = z.output<typeof ServiceProfile>
export type ServiceProfileInput = z.input<typeof ServiceProfile>

export const defaultServiceProfile: ServiceProfile = ServiceProfile.parse({})

export type TaskOutcome = 'success' | 'failure' | 'running'

/** §3: success and failure by name (any case); every other status is still running. */
export function classifyStatus(status: string | undefined, profile: ServiceProfile): TaskOutcome {
  if (!status) return 'running'
  const name = status.trim().toLowerCase()
  if (profile.statuses.success.some((s) => s.toLowerCase() === name)) return 'success'
  if (profile.statuses.failure.some((s) => s.toLowerCase() === name)) return 'failure'
  return 'running'
}
