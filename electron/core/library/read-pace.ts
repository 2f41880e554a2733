import { readSidecar, readSidecarSync, type ReadSidecar } from './sidecar'
import { yieldTurn } from './sweep'

/**
 * Sidecars are read on the engine's thread (readSidecarSync) where reads are fast: the page cache
 * or a local disk, ~20 µs each. That costs far less CPU than the thread pool's four round trips
 * per file (a rebuild of 100,000: 8–12 s of CPU against 11–17 s, docs/PERFORMANCE.md) and holds
 * the thread for at most TURN_MS at a time. Where reads are slow (a network share, a spinning
 * disk) a scan soon sees it and reads through the pool from then on, many at once.
 */
const TURN_MS = 8
/** A read slower than this is a slow medium's, when SLOW_IN_A_ROW of them come one after another. */
const SLOW_READ_MS = 0.5
/** One slow read says little (the first one compiles the schema; a collection can land in any). */
const SLOW_IN_A_ROW = 8

/** One per scan: how its sidecars are read, judged as it goes. */
export class ReadPace {
  private slow = false
  private slowInARow = 0
  /** Time read on the thread since it last gave a turn. */
  private spent = 0
  private turn: Promise<void> | undefined

  async read(file: string): Promise<ReadSidecar> {
    if (this.slow) return readSidecar(file)
    if (this.spent > TURN_MS) {
      this.turn ??= yieldTurn().then(() => {
        this.spent = 0
        this.turn = undefined
      })
      await this.turn
    }
    const started = performance.now()
    try {
      return readSidecarSync(file)
    } finally {
      const took = performance.now() - started
      this.spent += took
      this.slowInARow = took > SLOW_READ_MS ? this.slowInARow + 1 : 0
      if (this.slowInARow >= SLOW_IN_A_ROW) this.slow = true
    }
  }
}
