import { describe, expect, it } from 'vitest'
import { backoffDelay, nextAttemptAt } from '../../../electron/core/jobs/backoff'
import { createScheduler } from '../../../electron/core/jobs/scheduler'
import { fakeClock } from '../../support/fake-clock'

const flush = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}

describe('poll scheduler', () => {
  it('runs each job when due, with one timer for all of them', async () => {
    const clock = fakeClock()
    const ran: Array<[string, number]> = []
    const scheduler = createScheduler({ clock, requestsPerSecond: () => 100, turn: async (id) => void ran.push([id, clock.now()]), onError: () => undefined })
    const t0 = clock.now()
    scheduler.schedule('b', t0 + 2000)
    scheduler.schedule('a', t0 + 1000)
    scheduler.schedule('c', t0 + 3000)
    expect(clock.pending()).toBe(1)
    await clock.advance(3000)
    expect(ran).toEqual([
      ['a', t0 + 1000],
      ['b', t0 + 2000],
      ['c', t0 + 3000],
    ])
  })

  it('keeps every request within the global budget', async () => {
    const clock = fakeClock()
    const ran: number[] = []
    const scheduler = createScheduler({ clock, requestsPerSecond: () => 5, turn: async () => void ran.push(clock.now()), onError: () => undefined })
    for (let i = 0; i < 100; i++) scheduler.schedule(`job${i}`, clock.now())
    await flush()
    await clock.advance(10_000)
    // A bucket of 5 to start with, then 5 per second: in any one-second window at most 5 + 5.
    for (const start of ran) expect(ran.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(10)
    expect(ran.length).toBeGreaterThanOrEqual(50)
    expect(ran.length).toBeLessThanOrEqual(56)
  })

  it('replaces a job’s time when rescheduled and forgets it when unscheduled', async () => {
    const clock = fakeClock()
    const ran: string[] = []
    const scheduler = createScheduler({ clock, requestsPerSecond: () => 100, turn: async (id) => void ran.push(id), onError: () => undefined })
    scheduler.schedule('a', clock.now() + 1000)
    scheduler.schedule('a', clock.now() + 5000)
    scheduler.schedule('b', clock.now() + 1000)
    scheduler.unschedule('b')
    await clock.advance(4000)
    expect(ran).toEqual([])
    await clock.advance(1000)
    expect(ran).toEqual(['a'])
  })
})

describe('backoff', () => {
  const policy = { floorMs: 500, baseMs: 1000, capMs: 15_000 }
  it('grows with attempts, jitters fully between the floor and the cap', () => {
    expect(backoffDelay(0, policy, () => 0)).toBe(500)
    expect(backoffDelay(0, policy, () => 1)).toBe(1000)
    expect(backoffDelay(3, policy, () => 1)).toBe(8000)
    expect(backoffDelay(30, policy, () => 1)).toBe(15_000)
    const spread = new Set(Array.from({ length: 50 }, () => backoffDelay(4, policy)))
    expect(spread.size).toBeGreaterThan(40)
  })

  it('never asks before Retry-After', () => {
    expect(nextAttemptAt(0, 0, policy, 30_000, () => 0)).toBe(30_000)
    expect(nextAttemptAt(0, 5, policy, 10, () => 1)).toBe(15_000)
  })
})
