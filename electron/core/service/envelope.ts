import { defaultServiceProfile } from '../../../shared/profile'
import { readFirst, readPath, type Found } from './json-path'

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

/** Progress as 0–1, from a 0–100 percentage or a 0–1 fraction (a "40%" text too). */
export function readProgress(json: unknown, path: string | undefined): Found<number> | undefined {
  if (!path) return undefined
  const value = readPath(json, path)
  const number = typeof value === 'string' ? Number.parseFloat(value) : value
  if (typeof number !== 'number' || !Number.isFinite(number) || number < 0) return undefined
  return { value: number > 1 ? Math.min(number / 100, 1) : number, path }
}

/**
 * Where a failed task's answer may say why, when its service profile names no `reasonPath`
 * (§4.2 leaves the query's answer unshown): the task record's own fields first, then the
 * envelope's. The first that holds text other than a success word or the status itself wins.
 */
export const REASON_PATHS = ['data.fail_reason', 'data.failure_reason', 'data.reason', 'data.error_message', 'data.error.message', 'data.error', 'data.message', 'error.message', 'error', 'message'] as const

/** §2.2/§7 rule 2: a call that went well carries "the word for success" in `message`; it never says why a task failed. */
const SUCCESS_WORDS = new Set(['ok', ...defaultServiceProfile.statuses.success])

/** Why a task failed, in the service's words, from the first of `paths` that says (see reasonPaths). */
export function readFailureReason(json: unknown, paths: readonly string[], status: string | undefined, successWords: readonly string[]): Found<string> | undefined {
  const notReasons = new Set([...SUCCESS_WORDS, ...successWords.map((word) => word.toLowerCase()), status?.trim().toLowerCase()])
  return readFirst(json, paths, (value) => {
    const text = typeof value === 'string' ? value.trim() : ''
    return text && !notReasons.has(text.toLowerCase()) ? text : undefined
  })
}

/** Where a reason is looked for: the profile's `reasonPath`, else REASON_PATHS. */
export function reasonPaths(reasonPath: string | undefined): readonly string[] {
  return reasonPath ? [reasonPath] : REASON_PATHS
}
