import { statSync } from 'node:fs'
import type { Worker } from 'node:worker_threads'
import type { Logger } from '../logger'
import type { CheckpointData, CheckpointReply } from './checkpoint.worker'
import { sourceWorkers, startWorker } from './workers'

/**
 * Copies the index's write-ahead log back into the database file, on a thread of its own. A
 * checkpoint writes and fsyncs up to megabytes; on the engine's thread that is a stall of tens of
 * milliseconds (measured: 60 ms on a favourite toggle at 10,000 items), so the engine's own
 * connection never checkpoints (`wal_autocheckpoint = 0`) and this worker does it instead, with
 * its own connection (checkpoint.worker.ts), whenever the log has grown past a few megabytes.
 */

/** How large the log may grow before it is copied back (a few hundred changes, or one chunk of a rebuild). */
const WAL_LIMIT = 4 * 1024 * 1024

export interface Checkpointer {
  /** Called after each write: checkpoints in the background once the log is large enough. */
  wrote(): void
  close(): Promise<void>
}

/**
 * `fallback` runs if the thread cannot run at all (a host whose workers cannot load the binding):
 * the engine's own connection then checkpoints as SQLite does by default, with its stalls.
 */
export function createCheckpointer(file: string, log: Logger, fallback: () => void, workerFile = sourceWorkers.checkpoint): Checkpointer {
  let worker: Worker | undefined
  let busy = false
  let closed = false

  function start(): Worker {
    const started = startWorker(workerFile, { file } satisfies CheckpointData)
    // It must never keep a CLI command alive; it is closed with the index anyway.
    started.unref()
    started.on('message', (reply: CheckpointReply) => {
      busy = false
      if (reply.error) log.warn('library.checkpointFailed', { reason: reply.error })
    })
    started.on('error', (error) => {
      worker = undefined
      closed = true
      log.warn('library.checkpointThreadFailed', { reason: error.message })
      fallback()
    })
    return started
  }

  return {
    wrote() {
      if (closed || busy) return
      let size = 0
      try {
        size = statSync(`${file}-wal`).size
      } catch {
        return
      }
      if (size < WAL_LIMIT) return
      busy = true
      worker ??= start()
      worker.postMessage('checkpoint')
    },
    async close() {
      closed = true
      const running = worker
      worker = undefined
      if (!running) return
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()))
      // Held open until it has closed its connection (an unref'd worker would let Node exit first).
      running.ref()
      running.postMessage('close')
      await exited
    },
  }
}
