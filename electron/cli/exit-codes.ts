import { AppError, type ErrorCode } from '../../shared/errors'
import { describe } from './messages'

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

/** One line on stderr: what went wrong, in the CLI's English (messages.ts). */
export function describeError(error: unknown): string {
  return `reelbox: ${describe(AppError.from(error))}`
}
