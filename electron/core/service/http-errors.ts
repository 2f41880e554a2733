import { AppError, type ErrorCode } from '../../../shared/errors'
import type { ErrorKind } from '../../../shared/profile'
import { problem } from '../../../shared/rules/problems'
import { parseRetryAfter } from './retry-after'

/**
 * Turns a service answer that is not a success into one typed AppError, keeping the service's
 * own words, code, refused field and request id (read where the profile's `errors` section says,
 * service/error-reading.ts) so the designer and support can match it up. The spec shows no error
 * codes or error bodies (§7 rule 3); these rules are ours, from HTTP semantics.
 */
export interface FailedAnswer {
  status: number
  headers: Headers
  /** Parsed JSON body, when the body was JSON. */
  json?: unknown
  /** The raw text, when it was not JSON. */
  text?: string
  /** The service's own code, read where the profile's `errors.code` says (§2.2 `code` first). */
  serviceCode?: string
  serviceMessage?: string
  /** The body field the service names as refused (the profile's `errors.field`), in its dotted form. */
  serviceField?: string
  requestId?: string
  /** What the service's code means, by the profile's `errors.kinds`. */
  kind?: ErrorKind
  /** Body fields of the request, to find the one the message complains about when the service names none. */
  fields?: readonly string[]
  now: number
}

/** A short, readable excerpt of an HTML or text body: tags dropped, whitespace collapsed. */
export function excerpt(text: string, max = 140): string {
  const plain = text
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain
}

/** The first body field the service's message names ("duration must be one of…" → duration). */
export function fieldNamedIn(message: string | undefined, fields: readonly string[] = []): string | undefined {
  if (!message) return undefined
  let best: { field: string; at: number } | undefined
  for (const field of fields) {
    const match = new RegExp(`(^|[^A-Za-z0-9_])${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z0-9_]|$)`).exec(message)
    if (match && (!best || match.index < best.at)) best = { field, at: match.index }
  }
  return best?.field
}

export function errorFromAnswer(answer: FailedAnswer): AppError {
  const { status, serviceMessage, requestId } = answer
  const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'), answer.now)
  const field = answer.serviceField ?? fieldNamedIn(serviceMessage, answer.fields)
  const details: Record<string, unknown> = { httpStatus: status, requestId, serviceCode: answer.serviceCode, serviceMessage, field, retryAfterMs }
  for (const key of Object.keys(details)) if (details[key] === undefined) delete details[key]
  const said = serviceMessage ? `: ${serviceMessage}` : ''

  const make = (code: ErrorCode, message: string, retryable?: boolean): AppError =>
    new AppError(code, message, { retryable, details: field && serviceMessage ? { ...details, fields: { [field]: [problem('service.refused', { field, said: serviceMessage })] } } : details })

  if (answer.json === undefined) {
    const text = excerpt(answer.text ?? '')
    return make('PROTOCOL', `The service answered HTTP ${status} with something that is not JSON${text ? `: “${text}”` : ''}.`, status >= 500 || status === 429)
  }
  const kind = answer.kind
  const how = `HTTP ${status}${answer.serviceCode !== undefined && kind ? `, code ${answer.serviceCode}` : ''}`
  if (kind === 'key' || (!kind && (status === 401 || status === 403))) return make('UNAUTHORIZED', `The service refused the API key (${how})${said}.`, false)
  if (kind === 'rate' || kind === 'unavailable' || (!kind && (status === 429 || status === 503))) {
    const wait = retryAfterMs === undefined ? '' : ` Try again in ${Math.ceil(retryAfterMs / 1000)} s.`
    const limiting = kind ? kind === 'rate' : status === 429
    return make('RATE_LIMITED', `The service is ${limiting ? 'rate limiting requests' : 'temporarily unavailable'} (${how})${said}.${wait}`, true)
  }
  if (kind === 'parameter') return make('INVALID_PARAMS', `The service refused a parameter${field ? ` (${field})` : ''}${said}.`, false)
  if (status >= 500) return make('REMOTE_FAILED', `The service had an error (HTTP ${status})${said}.`, true)
  if (status === 404) return make('NOT_FOUND', `The service does not know this task (HTTP 404)${said}.`, false)
  if (status === 408) return make('TIMEOUT', `The service timed out (HTTP 408)${said}.`, true)
  if (status === 400 || status === 422 || field) {
    return make('INVALID_PARAMS', `The service refused a parameter${field ? ` (${field})` : ''}${said}.`, false)
  }
  if (status >= 400) return make('REMOTE_FAILED', `The service refused the request (HTTP ${status})${said}.`, false)
  // HTTP 2xx with a non-zero code (§7 rule 2: only 0 is success).
  return make('REMOTE_FAILED', `The service answered with error code ${answer.serviceCode ?? '?'}${said}.`, false)
}
