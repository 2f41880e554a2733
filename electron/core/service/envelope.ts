import { AppError } from '../../../shared/errors'
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
