import { z } from 'zod'
import { parseJsonPath } from './json-path'

/**
 * How to talk to one deployment of the service where the spec is silent (§4.2, §3, §7): the
 * query operation and where its answer keeps status, results and posters, the status vocabulary,
 * where an error's words are, idempotency. A JSON document the designer can edit;
 * `defaultServiceProfile` is what Reelbox assumes until told otherwise, documented in the README.
 */
export const SERVICE_PROFILE_VERSION = 1

/** A path into a JSON answer, in the one syntax of shared/json-path.ts (`lists`: may hold one `[]`). */
const pathOf = (lists: boolean) =>
  z.string().superRefine((text, ctx) => {
    const parsed = parseJsonPath(text, lists)
    if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error })
  })
/** A dotted path ("data.task_status", "errors.0.message"). */
const JsonPath = pathOf(false)
/** Where result URLs or posters are: a path that may take each element of one list ("data.outputs[].url"). */
const ListPath = pathOf(true)
/** One path, or several tried in order (the first that holds a value wins); read as a list. */
const Paths = z.union([JsonPath.transform((path) => [path]), z.array(JsonPath).min(1)])

/**
 * Where a refused call's answer keeps its words (§7 rule 3 leaves the error body unshown). The
 * defaults try the common shapes in order: the spec's envelope (`message`, `code`, §2.2), then
 * `{"error": {"message", "param", "code"|"type"}}`, `{"error": "…"}`, `msg`, `detail` and
 * `{"errors": [{"message", "field"}]}`. A path whose value is not text (or a number, for the code)
 * is passed over.
 */
export const defaultErrorPaths = {
  message: ['message', 'error.message', 'error', 'msg', 'detail', 'errors.0.message'],
  code: ['code', 'error.code', 'error.type'],
  field: ['error.param', 'param', 'field', 'errors.0.field'],
  requestId: ['request_id', 'error.request_id', 'requestId'],
}

/**
 * What a refusal means to Reelbox, whatever its HTTP status (issue 25): `key` the API key was
 * refused (exit 3, the job waits for a key), `parameter` a body field was refused (exit 2, the
 * field is marked), `rate` too many requests and `unavailable` the service is down for now (both
 * tried again later, after Retry-After when given; exit 4).
 */
export const errorKinds = ['key', 'parameter', 'rate', 'unavailable'] as const
export type ErrorKind = (typeof errorKinds)[number]

/** A service's own error code as written in a profile: a number (40100) or a text ("invalid_key"). */
const ServiceCode = z.union([z.number().finite(), z.string().min(1)])

/**
 * `{"key": [40100, 40101], "parameter": [40012]}`: which of the service's codes (read at
 * `errors.code`) mean which kind. A code is compared as text ("40100" matches 40100). Only
 * Reelbox's kinds are taken, and one code means one kind.
 */
const ErrorKindCodes = z
  .strictObject(Object.fromEntries(errorKinds.map((kind) => [kind, z.array(ServiceCode).optional()])) as Record<ErrorKind, z.ZodOptional<z.ZodArray<typeof ServiceCode>>>)
  .superRefine((kinds, ctx) => {
    const seen = new Map<string, string>()
    for (const [kind, codes] of Object.entries(kinds)) {
      for (const [index, code] of (codes ?? []).entries()) {
        const earlier = seen.get(String(code))
        if (earlier) ctx.addIssue({ code: 'custom', message: `code ${String(code)} is already a "${earlier}" code`, path: [kind, index] })
        seen.set(String(code), kind)
      }
    }
  })

/** The kind a service's code means under a profile, if the profile says. */
export function kindOfCode(code: string | undefined, profile: ServiceProfile): ErrorKind | undefined {
  if (code === undefined) return undefined
  const kinds = profile.errors.kinds
  return errorKinds.find((kind) => kinds[kind]?.some((known) => String(known) === code))
}

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
      /** A list of URLs (`data.urls`), each element's key (`data.outputs[].url`) or one URL (`data.video_url`). */
      urlsPath: ListPath.default('data.urls'),
      /** Optional: the service's own poster, in the same syntax; poster i belongs to result i. */
      posterPath: ListPath.optional(),
      /** Optional: a 0–100 number or 0–1 fraction (absent in an answer is fine). */
      progressPath: JsonPath.optional().default('data.progress'),
      /** Optional: seconds the task still needs, a number (absent in an answer is fine); polling aims at that moment. */
      etaPath: JsonPath.optional(),
      /** Optional: the service's own minimum time between two queries of a task, in milliseconds. */
      minIntervalMs: z.number().int().min(0).max(600_000).optional(),
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
  errors: z
    .strictObject({
      message: Paths.default(defaultErrorPaths.message),
      code: Paths.default(defaultErrorPaths.code),
      /** The body field the service refused (§7 rule 1); the field marked in Create. */
      field: Paths.default(defaultErrorPaths.field),
      requestId: Paths.default(defaultErrorPaths.requestId),
      /**
       * What the service's codes mean (see ErrorKindCodes), for answers of any HTTP status: a
       * HTTP 2xx answer whose code is listed here is a refusal too, as is one whose envelope
       * `code` is not 0 (§7 rule 2).
       */
      kinds: ErrorKindCodes.default({}),
    })
    .prefault({}),
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
