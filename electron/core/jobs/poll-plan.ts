import type { BackoffPolicy } from './backoff'

/**
 * When to ask the service about a task again, knowing the model. A designer feels the time
 * between "the service has it" and "it plays in my library", so queries are dense where the task
 * is expected to finish and sparse before it:
 *
 * - a forecast from the answer itself (the profile's `etaPath`, else `progressPath` read as a
 *   straight line from the submit) puts a narrow window around that moment;
 * - else what this connection's tasks on the same model took lately (finish-times.ts) gives the
 *   window: from the earliest to the latest finish seen, widened while there are few samples;
 * - a model never seen is asked early and often, then less and less (a quarter of the time
 *   waited so far), which is also how a task later than every one seen is followed.
 *
 * Every step has jitter so jobs submitted together do not ask in lockstep; none comes sooner than
 * the policy's floor, the profile's minimum interval or the service's Retry-After. The request
 * budget itself is the scheduler's (scheduler.ts): a plan asks for a time, the budget may delay it.
 */

/** One task seen finishing: still running `lo` ms after its submit, finished by `hi`. */
export interface FinishSample {
  lo: number
  hi: number
}

export interface PollPlanInput {
  /** Now, and when the service took the task (the same clock). */
  now: number
  submittedAt: number
  /** What this connection's tasks on the same model (and mode, duration, resolution) took lately. */
  samples: readonly FinishSample[]
  /** 0–1, as the answer said. */
  progress?: number
  /** Milliseconds the answer says remain. */
  etaMs?: number
  policy: BackoffPolicy
  /** The service profile's `query.minIntervalMs`. */
  minIntervalMs?: number
  /** The service said to wait this long (a 429's or 503's Retry-After). */
  retryAfterMs?: number
  random: () => number
}

/** Queries spread over the expected window: its width / this is the dense step. */
const DENSE_QUERIES = 9
/** A finish this many times longer or shorter than the median is an outlier. */
const OUTLIER = 3
/** Past the window (or with nothing known) each wait is this share of the time waited so far. */
const WIDENING = 0.25
/** A forecast's window around its moment: earlier by 10 %, later by 15 % (tasks run late more than early). */
const FORECAST_BEFORE = 0.1
const FORECAST_AFTER = 0.15
/** Progress this small says little about the rest. */
const MIN_PROGRESS = 0.05

export interface Window {
  start: number
  end: number
}

/** Where finishes are expected, in ms since the submit; undefined when nothing is known. */
export function expectedWindow(input: Pick<PollPlanInput, 'now' | 'submittedAt' | 'samples' | 'progress' | 'etaMs'>): Window | undefined {
  const elapsed = input.now - input.submittedAt
  const forecast = forecastOf(elapsed, input.progress, input.etaMs)
  if (forecast !== undefined) return { start: forecast * (1 - FORECAST_BEFORE), end: forecast * (1 + FORECAST_AFTER) }
  return learnedWindow(input.samples)
}

function forecastOf(elapsed: number, progress: number | undefined, etaMs: number | undefined): number | undefined {
  if (etaMs !== undefined && Number.isFinite(etaMs) && etaMs >= 0) return elapsed + etaMs
  if (progress !== undefined && progress >= MIN_PROGRESS && progress < 1 && elapsed > 0) return elapsed / progress
  return undefined
}

/**
 * Earliest to latest finish seen, with a margin while there are few samples. A finish more than
 * three times the median away (a task the service left queued for an hour) says nothing about the
 * next one and is left out; every other one counts, so the tasks that take longest are still
 * waited for densely.
 */
export function learnedWindow(samples: readonly FinishSample[]): Window | undefined {
  if (samples.length === 0) return undefined
  const his = samples.map((s) => s.hi).sort((a, b) => a - b)
  const middle = his[Math.floor(his.length / 2)]!
  const usual = samples.filter((s) => s.hi <= middle * OUTLIER && s.hi * OUTLIER >= middle)
  const margin = 0.3 / Math.sqrt(usual.length)
  return { start: Math.max(0, Math.min(...usual.map((s) => s.lo)) * (1 - margin)), end: Math.max(...usual.map((s) => s.hi)) * (1 + margin) }
}

/** The wait between two queries inside the window. */
export function denseStep(window: Window, floor: number, policy: BackoffPolicy): number {
  return Math.min(policy.capMs, Math.max(floor, (window.end - window.start) / DENSE_QUERIES))
}

/** The time of the next query. */
export function nextPollAt(input: PollPlanInput): number {
  const { now, policy, random } = input
  const elapsed = Math.max(0, now - input.submittedAt)
  const floor = Math.max(policy.floorMs, input.minIntervalMs ?? 0)
  const jitter = (ms: number): number => ms * (0.75 + 0.5 * random())
  const window = expectedWindow(input)
  let wait: number
  if (!window || elapsed >= window.end) {
    wait = jitter(Math.min(policy.capMs, Math.max(policy.baseMs, WIDENING * elapsed)))
  } else {
    const step = denseStep(window, floor, policy)
    // Before the window: one look at its start (spread over a step so jobs do not arrive together), or a sparse check when that is far.
    if (elapsed < window.start) wait = Math.min(window.start - elapsed + random() * step, jitter(policy.capMs))
    else wait = jitter(step)
  }
  return now + Math.max(floor, input.retryAfterMs ?? 0, Math.round(wait))
}
