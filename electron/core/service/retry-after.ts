/**
 * Retry-After (RFC 9110 §10.2.3): either delay-seconds or an HTTP-date. Returns milliseconds from
 * `now`, or undefined when absent or unreadable. Capped so a hostile header cannot park a job
 * for a year.
 */
export const MAX_RETRY_AFTER_MS = 60 * 60 * 1000

export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (!value) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS)
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  return Math.min(Math.max(0, date - now), MAX_RETRY_AFTER_MS)
}
