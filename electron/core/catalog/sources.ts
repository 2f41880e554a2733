import path from 'node:path'
import { AppError, invalidInput, problemError } from '../../../shared/errors'
import { problem } from '../../../shared/rules/problems'
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
    throw invalidInput({ [field]: [problem('source.refused', { name, why: 'notText' })] })
  }
}

function tooBig(name: string, maxBytes: number, field: string): AppError {
  return invalidInput({ [field]: [problem('source.refused', { name, why: 'tooLarge', maxBytes })] })
}

export function textFromBytes(name: string, bytes: Uint8Array, maxBytes: number): FetchedText {
  if (bytes.byteLength === 0) throw invalidInput({ bytes: [problem('source.refused', { name, why: 'empty' })] })
  if (bytes.byteLength > maxBytes) throw tooBig(name, maxBytes, 'bytes')
  return { name, text: decodeText(bytes, name, 'bytes') }
}

/** A dropped file's path: see readDroppedFile for what is refused. */
export async function textFromPath(file: string, maxBytes: number): Promise<FetchedText> {
  const bytes = await readDroppedFile(file, { maxBytes })
  if (bytes.byteLength === 0) throw invalidInput({ path: [problem('source.refused', { name: file, why: 'empty' })] })
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
    throw invalidInput({ url: [problem('source.refused', { name: raw.slice(0, 200), why: 'notUrl' })] })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidInput({ url: [problem('source.refused', { name: raw.slice(0, 200), why: 'notWeb', protocol: url.protocol.replace(':', '') })] })
  const name = displayUrl(url)
  const signal = AbortSignal.timeout(options.timeoutMs)
  try {
    const response = await fetchPort(url, { signal, redirect: 'follow', headers: { accept: 'application/json' } })
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined)
      throw problemError(response.status === 404 ? 'NOT_FOUND' : 'REMOTE_FAILED', problem('source.unreachable', { name, why: 'status', status: response.status }))
    }
    const declared = Number(response.headers.get('content-length') ?? NaN)
    if (declared > options.maxBytes) {
      await response.body?.cancel().catch(() => undefined)
      throw tooBig(name, options.maxBytes, 'url')
    }
    const bytes = await readCapped(response, options.maxBytes, () => tooBig(name, options.maxBytes, 'url'))
    if (bytes.byteLength === 0) throw invalidInput({ url: [problem('source.refused', { name, why: 'emptyAnswer' })] })
    return { name, text: decodeText(bytes, name, 'url') }
  } catch (error) {
    if (error instanceof AppError) throw error
    if (signal.aborted) throw problemError('TIMEOUT', problem('source.unreachable', { name, why: 'timeout', seconds: Math.round(options.timeoutMs / 1000) }))
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error)
    throw problemError('NETWORK', problem('source.unreachable', { name, why: 'network', reason: cause }))
  }
}
