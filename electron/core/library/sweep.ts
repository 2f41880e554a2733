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

/** A search's answer by rowid: a row holds every word when its mark is `all` (store.ts, words.ts). */
export interface Found {
  marks: Uint8Array
  all: number
}

/**
 * The rowids of `order` that the search found (if any) and `keep` accepts, in order: a sweep with
 * the search's test inline, so the rows it did not find (most, for a search) cost one read of a
 * byte and never a call of `keep`. Gives turns and stops on `signal` as `sweep` does.
 */
export async function collect(order: Int32Array, keep: (rowid: number) => boolean, found?: Found, signal?: AbortSignal): Promise<Int32Array> {
  const hits: number[] = []
  let started = performance.now()
  for (let from = 0; from < order.length; from += 4096) {
    const to = Math.min(from + 4096, order.length)
    if (found) {
      const { marks, all } = found
      for (let i = from; i < to; i++) {
        const r = order[i]!
        if (marks[r] === all && keep(r)) hits.push(r)
      }
    } else {
      for (let i = from; i < to; i++) if (keep(order[i]!)) hits.push(order[i]!)
    }
    if (performance.now() - started > SLICE_MS) {
      await yieldTurn()
      signal?.throwIfAborted()
      started = performance.now()
    }
  }
  return Int32Array.from(hits)
}
