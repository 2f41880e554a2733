import { setTimeout as sleep } from 'node:timers/promises'
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
/**
 * A sidecar that is not JSON at all is read again after these waits before it is judged: on a
 * network share another machine's rewrite may be read through this client's cached size (a FUSE
 * client such as sshfs stops its reads there, however far one asks), which gives half the file
 * until the client looks again; a tool that writes in place leaves half a file for a moment too.
 * The second wait outlasts the second for which SMB, NFS and sshfs clients keep attributes.
 * A sidecar that parses costs nothing more.
 */
const READ_AGAIN_AFTER_MS = [200, 1_000]

/** One per scan: how its sidecars are read, judged as it goes. */
export class ReadPace {
  private slow = false
  private slowInARow = 0
  /** Time read on the thread since it last gave a turn. */
  private spent = 0
  private turn: Promise<void> | undefined

  async read(file: string): Promise<ReadSidecar> {
    let read = await this.readOnce(file)
    for (const waitMs of READ_AGAIN_AFTER_MS) {
      if (read.parsed.kind !== 'invalid' || !read.parsed.unparsed) break
      await sleep(waitMs)
      read = await readSidecar(file)
    }
    return read
  }

  private async readOnce(file: string): Promise<ReadSidecar> {
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
