import path from 'node:path'
import { AppError, invalidInput } from '../../../shared/errors'
import { readDroppedFile } from '../files/dropped'
import type { FetchPort } from '../ports'
import { readCapped } from '../downloads/capped'

/**
 * Getting a catalogue's text from a dropped file (bytes or path) or a URL, with a size cap and,
 * for URLs, a timeout. What comes back is only text: parsing and checking is document.ts's job.
 */

export interface FetchedText {
  readonly text: string
  /** The name shown in sources and messages: the file name, or the URL without its query. */
  readonly name: string
}

export function decodeText(bytes: Uint8Array, name: string, field: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw invalidInput({ [field]: [`${name} is not a text file (a catalogue is JSON)`] })
  }
}

function tooBig(name: string, maxBytes: number, field: string): AppError {
  return invalidInput({ [field]: [`${name} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB; a catalogue is a small JSON file`] })
}

export function textFromBytes(name: string, bytes: Uint8Array, maxBytes: number): FetchedText {
  if (bytes.byteLength === 0) throw invalidInput({ bytes: [`${name} is empty`] })
  if (bytes.byteLength > maxBytes) throw tooBig(name, maxBytes, 'bytes')
  return { name, text: decodeText(bytes, name, 'bytes') }
}

/** A dropped file's path: see readDroppedFile for what is refused. */
export async function textFromPath(file: string, maxBytes: number): Promise<FetchedText> {
  const bytes = await readDroppedFile(file, { maxBytes })
  if (bytes.byteLength === 0) throw invalidInput({ path: [`${file} is empty`] })
  return { name: path.basename(file), text: decodeText(bytes, file, 'path') }
}

/** The name a URL is shown and logged by: no query string or fragment (they may carry tokens). */
export function displayUrl(url: URL): string {
  return `${url.origin}${url.pathname}`
}

export async function textFromUrl(raw: string, fetchPort: FetchPort, options: { maxBytes: number; timeoutMs: number }): Promise<FetchedText> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw invalidInput({ url: [`"${raw.slice(0, 200)}" is not a URL`] })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidInput({ url: [`only http and https URLs can be imported, not ${url.protocol.replace(':', '')}`] })
  const name = displayUrl(url)
  const signal = AbortSignal.timeout(options.timeoutMs)
  try {
    const response = await fetchPort(url, { signal, redirect: 'follow', headers: { accept: 'application/json' } })
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined)
      throw new AppError(response.status === 404 ? 'NOT_FOUND' : 'REMOTE_FAILED', `${name} answered HTTP ${response.status}.`, { details: { fields: { url: [`the server answered HTTP ${response.status}`] } } })
    }
    const declared = Number(response.headers.get('content-length') ?? NaN)
    if (declared > options.maxBytes) {
      await response.body?.cancel().catch(() => undefined)
      throw tooBig(name, options.maxBytes, 'url')
    }
    const bytes = await readCapped(response, options.maxBytes, () => tooBig(name, options.maxBytes, 'url'))
    if (bytes.byteLength === 0) throw invalidInput({ url: [`${name} answered with an empty body`] })
    return { name, text: decodeText(bytes, name, 'url') }
  } catch (error) {
    if (error instanceof AppError) throw error
    if (signal.aborted) throw new AppError('TIMEOUT', `${name} did not answer within ${Math.round(options.timeoutMs / 1000)} s.`)
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error)
    throw new AppError('NETWORK', `Could not fetch ${name}: ${cause}.`)
  }
}
