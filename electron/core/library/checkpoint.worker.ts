/**
 * The checkpoint thread (checkpointer.ts starts it): its own connection to the index file copies
 * the write-ahead log back into the database whenever asked, so the engine's thread never does.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { DatabaseSync } from '@photostructure/sqlite'

export interface CheckpointData {
  file: string
}

/** What the thread answers to each `checkpoint`. */
export interface CheckpointReply {
  error: string | null
}

const port = parentPort!
const { file } = workerData as CheckpointData
const db = new DatabaseSync(file)
db.exec('pragma busy_timeout = 2000')
port.on('message', (message: 'checkpoint' | 'close') => {
  if (message === 'close') {
    db.close()
    port.close()
    return
  }
  let error: string | null = null
  try {
    db.exec('pragma wal_checkpoint(passive)')
  } catch (e) {
    error = e instanceof Error ? e.message : String(e)
  }
  port.postMessage({ error } satisfies CheckpointReply)
})
