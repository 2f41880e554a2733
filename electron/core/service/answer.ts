import { AppError } from '../../../shared/errors'
import { englishSize } from '../../../shared/format'

/**
 * How much of an API answer Reelbox reads. §8 states no limits, and an envelope (§2.2) with its
 * task record (§2.3) is a few hundred bytes, or a few kilobytes with many result URLs; these
 * caps are far above that and far below what would hurt the engine.
 */
export interface AnswerLimits {
  /** Bytes of body read before the answer is refused as `PROTOCOL`. */
  maxBytes: number
  /** Nesting of arrays and objects before the answer is refused as `PROTOCOL` (§2.2 needs 3). */
  maxDepth: number
}

export const defaultAnswerLimits: AnswerLimits = { maxBytes: 4 * 1024 * 1024, maxDepth: 64 }

function tooLarge(limits: AnswerLimits, requestId?: string): AppError {
  return new AppError('PROTOCOL', `The service's answer is larger than ${englishSize(limits.maxBytes)}; Reelbox stops reading there.`, {
    retryable: true,
    details: { requestId, maxBytes: limits.maxBytes },
  })
}

/**
 * Reads a body as text while it streams, refusing it as soon as it passes `maxBytes` (or at once
 * when its Content-Length says it will): an endless or huge answer costs at most the cap.
 */
export async function readAnswerText(response: Response, limits: AnswerLimits): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (declared > limits.maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw tooLarge(limits)
  }
  const reader = response.body?.getReader()
  if (!reader) return ''
  const decoder = new TextDecoder()
  let text = ''
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limits.maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge(limits)
    }
    text += decoder.decode(value, { stream: true })
  }
  return text + decoder.decode()
}

/**
 * The deepest nesting of `[`/`{` in JSON text, outside strings; stops counting past `limit`.
 * Checked before `JSON.parse`, which would otherwise build millions of nested arrays from a few
 * megabytes of brackets (a 50 MB one took the engine past 2.7 GB).
 */
export function nestingExceeds(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return false
}

/** JSON text → value; undefined when it is not JSON. Too deep a nesting is refused, not parsed. */
export function parseAnswerJson(text: string, limits: AnswerLimits): unknown {
  // An empty body is an answer without a message (a bare 404), not a broken one.
  if (text.trim() === '') return {}
  if (nestingExceeds(text, limits.maxDepth)) {
    throw new AppError('PROTOCOL', `The service's answer is nested more than ${limits.maxDepth} levels deep; Reelbox does not read it.`, { retryable: true })
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
