import type { Clock } from '../ports'

/**
 * One scheduler for every job: a single timer for the earliest due job (not a timer per job),
 * and a global request budget (token bucket, requests per second) that every turn must pass.
 * A job is never run twice at once: while its turn runs it is out of the queue; the turn
 * schedules the job's next turn itself.
 */
export interface Scheduler {
  /**
   * Run `jobId`'s turn at `at` (or as soon after as the budget allows). Replaces an earlier time.
   * `free` turns (result downloads, which do not call the service's API) skip the budget.
   */
  schedule(jobId: string, at: number, options?: { free?: boolean }): void
  unschedule(jobId: string): void
  isScheduled(jobId: string): boolean
  /** Turns that are due right now but waiting for budget or running. */
  readonly size: number
  dispose(): void
}

export interface SchedulerOptions {
  clock: Clock
  requestsPerSecond: () => number
  turn: (jobId: string) => Promise<void>
  onError: (jobId: string, error: unknown) => void
}

/** A binary min-heap of (time, id) with lazy deletion: stale entries are skipped when popped. */
class DueHeap {
  private items: Array<{ at: number; id: string; seq: number }> = []
  push(item: { at: number; id: string; seq: number }): void {
    const a = this.items
    a.push(item)
    let i = a.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (a[parent]!.at <= a[i]!.at) break
      ;[a[parent], a[i]] = [a[i]!, a[parent]!]
      i = parent
    }
  }
  peek(): { at: number; id: string; seq: number } | undefined {
    return this.items[0]
  }
  pop(): { at: number; id: string; seq: number } | undefined {
    const a = this.items
    const top = a[0]
    const last = a.pop()
    if (a.length > 0 && last) {
      a[0] = last
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        const r = l + 1
        let m = i
        if (l < a.length && a[l]!.at < a[m]!.at) m = l
        if (r < a.length && a[r]!.at < a[m]!.at) m = r
        if (m === i) break
        ;[a[m], a[i]] = [a[i]!, a[m]!]
        i = m
      }
    }
    return top
  }
  get length(): number {
    return this.items.length
  }
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { clock } = options
  const heap = new DueHeap()
  const due = new Map<string, { at: number; seq: number; free: boolean }>()
  let seq = 0
  let timer: unknown
  let timerAt = Infinity
  let disposed = false
  // Token bucket: starts full, refills at the budget's rate, holds at most one second of it.
  let tokens = Math.max(1, options.requestsPerSecond())
  let refilledAt = clock.now()

  function refill(now: number): void {
    const rate = Math.max(0.01, options.requestsPerSecond())
    tokens = Math.min(Math.max(1, rate), tokens + ((now - refilledAt) / 1000) * rate)
    refilledAt = now
  }

  function arm(at: number): void {
    if (disposed || at >= timerAt) return
    if (timer !== undefined) clock.clearTimeout(timer)
    timerAt = at
    timer = clock.setTimeout(() => {
      timer = undefined
      timerAt = Infinity
      pump()
    }, Math.max(0, at - clock.now()))
  }

  function pump(): void {
    if (disposed) return
    const now = clock.now()
    refill(now)
    for (;;) {
      const top = heap.peek()
      if (!top) return
      const current = due.get(top.id)
      if (!current || current.seq !== top.seq) {
        heap.pop() // stale: rescheduled or unscheduled since
        continue
      }
      if (top.at > now) return arm(top.at)
      if (!current.free && tokens < 1) {
        const rate = Math.max(0.01, options.requestsPerSecond())
        return arm(now + Math.ceil(((1 - tokens) / rate) * 1000))
      }
      if (!current.free) tokens -= 1
      heap.pop()
      due.delete(top.id)
      options.turn(top.id).catch((error: unknown) => options.onError(top.id, error))
    }
  }

  return {
    schedule(jobId, at, options) {
      if (disposed) return
      const entry = { at, seq: ++seq, free: options?.free === true }
      due.set(jobId, entry)
      heap.push({ at, id: jobId, seq: entry.seq })
      if (at <= clock.now()) queueMicrotask(pump)
      else arm(at)
    },
    unschedule: (jobId) => void due.delete(jobId),
    isScheduled: (jobId) => due.has(jobId),
    get size() {
      return due.size
    },
    dispose() {
      disposed = true
      if (timer !== undefined) clock.clearTimeout(timer)
      due.clear()
    },
  }
}
