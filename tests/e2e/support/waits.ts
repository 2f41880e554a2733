import { defaultPolling } from '../../../electron/core/jobs/backoff'
import { RETRY_AFTER_SECONDS } from '../../../electron/sandbox/fault-answers'

/**
 * How long the end-to-end tests wait for the engine, worked out from the engine's own timing
 * (the polling backoff of electron/core/jobs/backoff.ts, the Sandbox's task timing and its
 * Retry-After) rather than guessed. Every wait is on a condition: a working engine ends it as
 * soon as it can, so these bounds only say how long a broken one takes to be reported.
 */

/** The e2e Sandbox's task timing (REELBOX_SANDBOX_TIMING, "pendingMs,runningMs"): a task ends in 1.2 s. */
export const sandboxTiming = '300,900'

/** A Sandbox task's own length under `timing`. */
export function taskMs(timing = sandboxTiming): number {
  const [pending = 0, running = 0] = timing.split(',').map(Number)
  return pending + running
}

/** The longest the engine may leave a finished task before it asks again: full jitter's cap. */
export const POLL_GAP_MS = defaultPolling.capMs

/**
 * The longest `tries` refused attempts can hold a job back: each waits the jitter's ceiling for
 * its attempt or the service's Retry-After, whichever is longer.
 */
export function backoffMs(tries: number, retryAfterMs = RETRY_AFTER_SECONDS * 1000): number {
  let total = 0
  for (let attempt = 0; attempt < tries; attempt++) total += Math.max(Math.min(defaultPolling.capMs, defaultPolling.baseMs * 2 ** attempt), retryAfterMs)
  return total
}

/**
 * The machine's own work for one video, which no engine constant bounds: the Sandbox renders it
 * (x264 in WASM), the engine downloads, probes and files it, the page shows it. About a second
 * on an idle machine; on two cores with `stress-ng --cpu 2` taking both beside others' work (a
 * load of 30 and more), an engine restart alone passed 30 s. Also the bound for one step of the
 * engine's or the page's own work (a restart, a journal of three jobs, a library move, a join),
 * and for Playwright's waits (support/browser.ts).
 */
export const WORK_MS = 60_000

/** Until `count` videos sent together are all done: their task, one poll gap, and the work, one video after another. */
export function videosMs(count = 1, timing = sandboxTiming): number {
  return taskMs(timing) + POLL_GAP_MS + count * WORK_MS
}

/** A test's (and a hook's) own steps: the e2e project's time limit (vitest.config.ts). */
export const STEPS_MS = 90_000

/** The time limit of a test that also makes these waits, one after another. */
export function testMs(...waits: number[]): number {
  return STEPS_MS + waits.reduce((sum, wait) => sum + wait, 0)
}
