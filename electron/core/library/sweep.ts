import { setImmediate as immediate } from 'node:timers/promises'

/** How long a sweep runs before it gives the engine's thread a turn (IPC, timers, other work). */
const SLICE_MS = 8

/** Gives the event loop one turn. */
export const yieldTurn = (): Promise<void> => immediate()

/**
 * Runs `step(i)` for every i in [0, n), giving the event loop a turn every few milliseconds: a
 * query, a count or a load over 1,000,000 items never holds the engine's thread for long. After
 * each turn, a `signal` its caller has aborted (a page no longer wanted) ends the sweep with its
 * AbortError, so cancelled work gives the turns back.
 */
export async function sweep(n: number, step: (i: number) => void, signal?: AbortSignal): Promise<void> {
  let started = performance.now()
  for (let i = 0; i < n; i++) {
    step(i)
    if ((i & 1023) === 1023 && performance.now() - started > SLICE_MS) {
      await yieldTurn()
      signal?.throwIfAborted()
      started = performance.now()
    }
  }
}
