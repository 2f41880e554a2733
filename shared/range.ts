/**
 * One `Range: bytes=…` header against a file of `size` bytes (RFC 9110 §14), for every server of
 * ours that serves files (the library's media routes, the Sandbox's results). Anything we do not
 * understand, and multiple ranges, are ignored (a 200 with the whole file is always a correct
 * answer); a range that starts past the end is unsatisfiable (416).
 */
export type RangeAnswer = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' }

const SINGLE = /^bytes[ \t]*=[ \t]*(\d*)[ \t]*-[ \t]*(\d*)[ \t]*$/i
// Past 15 digits a number no longer fits exactly in a double; no file is that large anyway.
const MAX_DIGITS = 15

export function parseRange(header: string | undefined | null, size: number): RangeAnswer {
  if (!header) return { kind: 'full' }
  const match = SINGLE.exec(header)
  if (!match) return { kind: 'full' }
  const [, first = '', last = ''] = match
  if (!first && !last) return { kind: 'full' }
  if (!first) {
    // bytes=-N: the last N bytes.
    const suffix = last.length > MAX_DIGITS ? Number.MAX_SAFE_INTEGER : Number(last)
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 }
  }
  if (first.length > MAX_DIGITS) return { kind: 'unsatisfiable' }
  const start = Number(first)
  if (start >= size) return { kind: 'unsatisfiable' }
  if (!last) return { kind: 'partial', start, end: size - 1 }
  const end = last.length > MAX_DIGITS ? size - 1 : Math.min(Number(last), size - 1)
  if (end < start) return { kind: 'full' } // syntactically invalid: ignored, like garbage
  return { kind: 'partial', start, end }
}
