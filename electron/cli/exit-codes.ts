import { AppError, type ErrorCode } from '../../shared/errors'

/**
 * `reelbox` exit codes, documented in the README. Scripts branch on these: 2 means fix the
 * command, 3 fix the key, 4 try again later.
 */
export const EXIT = {
  ok: 0,
  failed: 1, // the job or the service failed
  usage: 2, // bad flags, a request the model refuses (INVALID_INPUT, INVALID_PARAMS), jobs left for another --base-url
  unauthorized: 3, // no key, or the service refused it
  unavailable: 4, // network, timeout, rate limit: try again later
  protocol: 5, // the service answered something Reelbox cannot read
  notFound: 6, // no such task, job or library item
  interrupted: 130,
} as const

const byCode: Partial<Record<ErrorCode, number>> = {
  INVALID_INPUT: EXIT.usage,
  INVALID_PARAMS: EXIT.usage,
  UNAUTHORIZED: EXIT.unauthorized,
  SECRET_STORE_UNAVAILABLE: EXIT.unauthorized,
  NETWORK: EXIT.unavailable,
  TIMEOUT: EXIT.unavailable,
  RATE_LIMITED: EXIT.unavailable,
  PROTOCOL: EXIT.protocol,
  NOT_FOUND: EXIT.notFound,
  CANCELLED: EXIT.interrupted,
}

export function exitCodeOf(error: unknown): number {
  return byCode[AppError.from(error).code] ?? EXIT.failed
}

/** One line on stderr: what went wrong and, for form errors, which flag. */
export function describeError(error: unknown): string {
  const appError = AppError.from(error)
  const fields = appError.fieldErrors
  const fieldText = fields
    ? Object.entries(fields)
        .map(([field, messages]) => `${field}: ${messages[0]}`)
        .filter((text) => !appError.message.includes(text))
        .join('; ')
    : ''
  return `reelbox: ${appError.message}${fieldText ? ` (${fieldText})` : ''}`
}
