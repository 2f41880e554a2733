/**
 * When to ask again. Full jitter (a random delay between 0 and an exponentially growing cap)
 * spreads a thousand jobs out instead of letting them poll in lockstep; the floor keeps a fresh
 * job from asking twice in the same instant.
 */
export interface BackoffPolicy {
  floorMs: number
  baseMs: number
  capMs: number
}

export const defaultPolling: BackoffPolicy = { floorMs: 500, baseMs: 1000, capMs: 15_000 }

export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(attempt, 30))
  return Math.round(policy.floorMs + random() * Math.max(0, ceiling - policy.floorMs))
}

/** The next time to ask: the backoff, but never before the service's Retry-After. */
export function nextAttemptAt(now: number, attempt: number, policy: BackoffPolicy, retryAfterMs?: number, random?: () => number): number {
  const backoff = now + backoffDelay(attempt, policy, random)
  return retryAfterMs === undefined ? backoff : Math.max(backoff, now + retryAfterMs)
}
