import type { Clock } from '../../electron/core/ports'

/** Our Clock port, driven by hand: `advance(ms)` fires due timers in time order. */
export function fakeClock(start = 1_700_000_000_000): Clock & { advance(ms: number): Promise<void>; pending(): number } {
  let now = start
  let nextId = 1
  const timers = new Map<number, { at: number; fn: () => void }>()
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = nextId++
      timers.set(id, { at: now + Math.max(0, ms), fn })
      return id
    },
    clearTimeout(handle) {
      timers.delete(handle as number)
    },
    pending: () => timers.size,
    async advance(ms) {
      const end = now + ms
      for (;;) {
        let next: [number, { at: number; fn: () => void }] | undefined
        for (const entry of timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry
        if (!next) break
        timers.delete(next[0])
        now = Math.max(now, next[1].at)
        next[1].fn()
        // Let what the timer started (promise chains, quick I/O callbacks) run before the next fires.
        for (let i = 0; i < 20; i++) await Promise.resolve()
        await new Promise((resolve) => setImmediate(resolve))
      }
      now = end
    },
  }
}
