import { randomBytes } from 'node:crypto'

/**
 * The response envelope (§2.2) and the Sandbox's result codes. §7 rule 3 leaves non-zero codes
 * unshown, so this scheme is the Sandbox's own, documented here and in the README:
 * HTTP status × 100 + a detail digit, so a code alone says what kind of failure it is.
 */
export const ResultCode = {
  success: 0,
  /** Not JSON, wrong Content-Type, not an object, X-Sandbox-Fault unknown. */
  badRequest: 40000,
  /** A field has a wrong value; the message names it ("invalid parameter: duration …"). */
  invalidParameter: 40001,
  /** Strict validation: a field the model does not take in this mode (§7 rule 1). */
  unsupportedParameter: 40002,
  /** `model` is not a full model ID of the catalogue (§1). */
  unknownModel: 40003,
  missingApiKey: 40100,
  invalidApiKey: 40101,
  /** Control API from a non-loopback address; result URL with a bad or expired signature. */
  forbidden: 40300,
  notFound: 40400,
  methodNotAllowed: 40500,
  /** The same Idempotency-Key with a different body. */
  idempotencyConflict: 40900,
  /** A result URL the `expired-url` fault declares expired. */
  gone: 41000,
  tooLarge: 41300,
  rateLimited: 42900,
  internal: 50000,
  /** The `nonzero-code` fault: HTTP 200, but the service says no. */
  busy: 50001,
  badGateway: 50200,
  unavailable: 50300,
} as const satisfies Record<string, number>

/** §2.3 plus what the query adds: progress (0–100) and, when failed, the reason. */
export interface TaskRecord {
  task_id: string
  task_status: string
  urls: string[]
  progress?: number
  reason?: string
}

export interface Envelope {
  code: number
  message: string
  /** §2.2: `req_<id>`. */
  request_id: string
  data: TaskRecord | Record<string, unknown> | null
}

/** §2.2 rule: a successful answer carries code 0 and the word for success. */
export const SUCCESS_MESSAGE = 'success'

export function newRequestId(): string {
  return `req_${randomBytes(12).toString('hex')}`
}

/** §2.3: `video_<id>`. */
export function newTaskId(): string {
  return `video_${randomBytes(12).toString('hex')}`
}

export function ok(data: Envelope['data'], message = SUCCESS_MESSAGE): Envelope {
  return { code: ResultCode.success, message, request_id: newRequestId(), data }
}

export function failure(code: number, message: string, data: Envelope['data'] = null): Envelope {
  return { code, message, request_id: newRequestId(), data }
}
