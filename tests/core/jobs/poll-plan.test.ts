import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { defaultPolling } from '../../../electron/core/jobs/backoff'
import { denseStep, learnedWindow, nextPollAt, type FinishSample, type PollPlanInput } from '../../../electron/core/jobs/poll-plan'
import { createScheduler } from '../../../electron/core/jobs/scheduler'
import { fakeClock } from '../../support/fake-clock'

const T0 = 1_700_000_000_000

/** A seeded generator, so a failing property replays. */
function seeded(seed: number): () => number {
  let s = seed >>> 0 || 1
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) / 2 ** 32
  }
}

/** Follows one task that finishes `finish` ms after its submit: when each query went, and how long after the finish the first that saw it. */
function follow(finish: number, plan: Omit<PollPlanInput, 'now' | 'submittedAt'>): { queries: number; late: number } {
  let now = T0
  let queries = 0
  for (;;) {
    now = nextPollAt({ ...plan, now, submittedAt: T0 })
    queries++
    if (now - T0 >= finish) return { queries, late: now - T0 - finish }
  }
}

/** What one earlier batch of tasks finishing at 5–12 s leaves in the record, as the never-seen plan saw them. */
function firstBatch(finishes: number[], random: () => number): FinishSample[] {
  return finishes.map((finish) => {
    let now = T0
    let lo = 0
    for (;;) {
      const next = nextPollAt({ now, submittedAt: T0, samples: [], policy: defaultPolling, random })
      if (next - T0 >= finish) return { lo, hi: next - T0 }
      lo = next - T0
      now = next
    }
  })
}

const spread = [5000, 6000, 7000, 8000, 9000, 10_000, 11_000, 12_000]

describe('poll plan', () => {
  it('after one batch of a model, finds tasks finishing anywhere in what it took within ~1.5 s, in a handful of queries', () => {
    const samples = firstBatch(spread, seeded(7))
    const window = learnedWindow(samples)!
    expect(window.start).toBeLessThanOrEqual(5000)
    expect(window.end).toBeGreaterThanOrEqual(12_000)
    fc.assert(
      fc.property(fc.integer({ min: 5000, max: 12_000 }), fc.integer({ min: 1 }), (finish, seed) => {
        const { queries, late } = follow(finish, { samples, policy: defaultPolling, random: seeded(seed) })
        const step = denseStep(window, defaultPolling.floorMs, defaultPolling)
        expect(late).toBeLessThanOrEqual(step * 1.25 + 1)
        expect(queries).toBeLessThanOrEqual(8)
      }),
    )
    // On average over the range: well within six queries and a second late.
    const runs = Array.from({ length: 400 }, (_, i) => follow(5000 + (i * 7000) / 400, { samples, policy: defaultPolling, random: seeded(i + 1) }))
    expect(runs.reduce((sum, r) => sum + r.queries, 0) / runs.length).toBeLessThanOrEqual(6)
    expect(runs.reduce((sum, r) => sum + r.late, 0) / runs.length).toBeLessThanOrEqual(1000)
  })

  it('starts a model never seen with dense checks that widen, and is never more than a quarter (plus jitter) of the wait late', () => {
    const random = seeded(3)
    let now = T0
    const waits: number[] = []
    for (let i = 0; i < 12; i++) {
      const next = nextPollAt({ now, submittedAt: T0, samples: [], policy: defaultPolling, random })
      waits.push(next - now)
      now = next
    }
    expect(waits[0]).toBeLessThanOrEqual(defaultPolling.baseMs * 1.25)
    expect(waits.at(-1)!).toBeGreaterThan(waits[0]! * 2)
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 600_000 }), fc.integer({ min: 1 }), (finish, seed) => {
        const { late } = follow(finish, { samples: [], policy: defaultPolling, random: seeded(seed) })
        expect(late).toBeLessThanOrEqual(Math.min(defaultPolling.capMs, Math.max(defaultPolling.baseMs, 0.25 * (finish + late))) * 1.25 + 1)
      }),
    )
  })

  it('leaves out a finish far from the others, and keeps the longest usual one', () => {
    const usual = [5000, 7000, 9000, 12_000].map((t) => ({ lo: t - 500, hi: t }))
    const window = learnedWindow([...usual, { lo: 3_500_000, hi: 3_600_000 }])!
    expect(window.start).toBeLessThanOrEqual(4500)
    expect(window.end).toBeGreaterThanOrEqual(12_000)
    expect(window.end).toBeLessThan(20_000)
  })

  it('learns: a model whose tasks take 60 s is asked far less before then than one never seen', () => {
    const samples: FinishSample[] = [58_000, 60_000, 61_000, 63_000].map((t) => ({ lo: t - 800, hi: t }))
    const learned = follow(60_500, { samples, policy: defaultPolling, random: seeded(11) })
    const unknown = follow(60_500, { samples: [], policy: defaultPolling, random: seeded(11) })
    expect(learned.queries).toBeLessThanOrEqual(unknown.queries / 2)
    // Dense around a minute: a few seconds late at most (the window is still wide with four samples).
    expect(learned.late).toBeLessThanOrEqual(5000)
  })

  it('aims at the moment the answer forecasts (ETA, or progress read as a straight line)', () => {
    const base = { submittedAt: T0, samples: [], policy: defaultPolling, random: () => 0.5 }
    // 20 s in, 10 s to go: nothing until just before 30 s, where the finish is now expected.
    const byEta = nextPollAt({ ...base, now: T0 + 20_000, etaMs: 10_000 }) - T0
    expect(byEta).toBeGreaterThan(26_000)
    expect(byEta).toBeLessThanOrEqual(30_000)
    // 20 s in at 60 %: about 33 s in all.
    const byProgress = nextPollAt({ ...base, now: T0 + 20_000, progress: 0.6 }) - T0
    expect(byProgress).toBeGreaterThan(29_000)
    expect(byProgress).toBeLessThanOrEqual(33_400)
    // A forecast far off still gets a sparse check (a task can fail early), never later than the cap.
    const far = nextPollAt({ ...base, now: T0 + 20_000, etaMs: 300_000 }) - T0
    expect(far).toBeLessThanOrEqual(20_000 + defaultPolling.capMs * 1.25)
  })

  it('never asks sooner than the floor, the profile’s minimum interval or the service’s Retry-After', () => {
    fc.assert(
      fc.property(
        fc.record({
          elapsed: fc.integer({ min: 0, max: 3_600_000 }),
          samples: fc.array(fc.record({ lo: fc.integer({ min: 0, max: 100_000 }), hi: fc.integer({ min: 0, max: 100_000 }) }), { maxLength: 12 }),
          progress: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
          etaMs: fc.option(fc.integer({ min: 0, max: 600_000 }), { nil: undefined }),
          minIntervalMs: fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: undefined }),
          retryAfterMs: fc.option(fc.integer({ min: 0, max: 120_000 }), { nil: undefined }),
          r: fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        }),
        (x) => {
          const now = T0 + x.elapsed
          const at = nextPollAt({ ...x, now, submittedAt: T0, policy: defaultPolling, random: () => x.r })
          expect(Number.isFinite(at)).toBe(true)
          expect(at - now).toBeGreaterThanOrEqual(Math.max(defaultPolling.floorMs, x.minIntervalMs ?? 0, x.retryAfterMs ?? 0))
          // No wait longer than the cap (with its jitter) unless the service asked for one.
          expect(at - now).toBeLessThanOrEqual(Math.max(defaultPolling.capMs * 1.25 + 1, x.minIntervalMs ?? 0, x.retryAfterMs ?? 0))
        },
      ),
    )
  })

  it('spreads jobs submitted together: their queries do not go in lockstep', () => {
    const samples = firstBatch(spread, seeded(5))
    const random = seeded(99)
    const firsts = Array.from({ length: 100 }, () => nextPollAt({ now: T0, submittedAt: T0, samples, policy: defaultPolling, random }) - T0)
    const seconds = firsts.map((first) => nextPollAt({ now: T0 + first, submittedAt: T0, samples, policy: defaultPolling, random }) - T0)
    for (const times of [firsts, seconds]) {
      // Over a dense step (~1.5 s): no 100 ms stretch holds more than a fifth of the jobs.
      const buckets = new Map<number, number>()
      for (const t of times) buckets.set(Math.floor(t / 100), (buckets.get(Math.floor(t / 100)) ?? 0) + 1)
      expect(Math.max(...buckets.values())).toBeLessThanOrEqual(20)
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(800)
    }
  })

  it('keeps many dense plans within the request budget (the scheduler delays, every task is still seen)', async () => {
    const clock = fakeClock(T0)
    const samples = firstBatch(spread, seeded(1))
    const random = seeded(2)
    const finish = new Map(Array.from({ length: 40 }, (_, i) => [`job${i}`, T0 + 5000 + ((i * 7000) / 40) | 0]))
    const requests: number[] = []
    const seen = new Set<string>()
    const scheduler = createScheduler({
      clock,
      requestsPerSecond: () => 4,
      turn: async (id) => {
        requests.push(clock.now())
        if (clock.now() >= finish.get(id)!) return void seen.add(id)
        scheduler.schedule(id, nextPollAt({ now: clock.now(), submittedAt: T0, samples, policy: defaultPolling, random }))
      },
      onError: () => undefined,
    })
    for (const id of finish.keys()) scheduler.schedule(id, nextPollAt({ now: T0, submittedAt: T0, samples, policy: defaultPolling, random }))
    await clock.advance(120_000)
    expect(seen.size).toBe(40)
    // A bucket of 4 to start with, then 4 per second: in any one-second window at most 4 + 4.
    for (const start of requests) expect(requests.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(8)
  })
})
