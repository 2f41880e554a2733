import { AppError } from '../../../shared/errors'
import { defaultServiceProfile } from '../../../shared/profile'
import { readPath } from './json-path'

/**
 * The service's response envelope (§2.2) with its task record (§2.3), read leniently: fields the
 * spec names are checked for type; anything else in the answer is ignored.
 */
export interface Envelope {
  code: number | undefined
  message: string | undefined
  requestId: string | undefined
  raw: unknown
}

export function readEnvelope(json: unknown): Envelope {
  const code = readPath(json, 'code')
  const message = readPath(json, 'message')
  const requestId = readPath(json, 'request_id')
  return {
    code: typeof code === 'number' ? code : typeof code === 'string' && /^-?\d+$/.test(code) ? Number(code) : undefined,
    message: typeof message === 'string' ? message : undefined,
    requestId: typeof requestId === 'string' ? requestId : undefined,
    raw: json,
  }
}

/** Result URLs at `path`: an array of non-empty strings; anything else is a protocol error. */
export function readUrls(json: unknown, path: string, requestId: string | undefined): string[] {
  const urls = readPath(json, path)
  if (urls === undefined || urls === null) return []
  if (!Array.isArray(urls) || urls.some((url) => typeof url !== 'string')) {
    throw new AppError('PROTOCOL', `The service's answer has "${path}" that is not a list of URLs.`, { details: { requestId } })
  }
  return (urls as string[]).filter((url) => url.length > 0)
}

export function readString(json: unknown, path: string): string | undefined {
  const value = readPath(json, path)
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined
}

/** Progress as 0–1, from a 0–100 percentage or a 0–1 fraction. */
export function readProgress(json: unknown, path: string | undefined): number | undefined {
  if (!path) return undefined
  const value = readPath(json, path)
  const number = typeof value === 'string' ? Number.parseFloat(value) : value
  if (typeof number !== 'number' || !Number.isFinite(number) || number < 0) return undefined
  return number > 1 ? Math.min(number / 100, 1) : number
}

/**
 * Where a failed task's answer may say why, when its service profile names no `reasonPath`
 * (§4.2 leaves the query's answer unshown): the task record's own fields first, then the
 * envelope's. The first that holds text other than a success word or the status itself wins.
 */
export const REASON_PATHS = ['data.fail_reason', 'data.failure_reason', 'data.reason', 'data.error_message', 'data.error.message', 'data.error', 'data.message', 'error.message', 'error', 'message'] as const

/** §2.2/§7 rule 2: a call that went well carries "the word for success" in `message`; it never says why a task failed. */
const SUCCESS_WORDS = new Set(['ok', ...defaultServiceProfile.statuses.success])

/** Why a task failed, in the service's words, from `reasonPath` when the profile sets it, else from REASON_PATHS. */
export function readFailureReason(json: unknown, reasonPath: string | undefined, status: string | undefined, successWords: readonly string[]): string | undefined {
  const notReasons = new Set([...SUCCESS_WORDS, ...successWords.map((word) => word.toLowerCase()), status?.trim().toLowerCase()])
  for (const path of reasonPath ? [reasonPath] : REASON_PATHS) {
    const value = readPath(json, path)
    const text = typeof value === 'string' ? value.trim() : ''
    if (text && !notReasons.has(text.toLowerCase())) return text
  }
  return undefined
}
