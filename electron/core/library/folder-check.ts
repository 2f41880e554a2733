import { sourceWorkers, startWorker } from './workers'

/**
 * Which folders changed since the index last saw them, found on a thread of its own. Checking
 * 100,000 items on the engine's thread stalled it 30–271 ms on every window focus: not any one
 * step, but V8's collector cleaning up after 100,000 `fs.Stats` objects, their callbacks and the
 * rows they were compared with (measured: pauses of 12–76 ms). Here that garbage is the worker's
 * own heap; the engine receives one small message per folder and scans again, with scanner.ts,
 * only the folders that changed.
 *
 * A folder is unchanged when every video in it has a row at that path whose sidecar stamp
 * (`mtime:size`, as entry.ts `stampOf` makes it), kind of sidecar and poster match the files,
 * and the index has no other row there: exactly the case in which scanner.ts would change
 * nothing in that folder. Folder mtimes are not used: a sidecar edited in place leaves its
 * folder's mtime alone. Anything unexpected (a file that vanished, a folder that cannot be
 * read, a temp file that may be a crashed write's) marks the folder changed, and the engine
 * then looks for itself: a wrong "changed" costs time, never an item.
 *
 * The thread's code is folder-check.worker.ts, built beside each bundle (`CorePorts.workers`).
 * It reads the index file through its own read-only connection, so it sees what is written there,
 * not changes still on their way (the caller flushes those first).
 */

/** One folder as the check found it, in the scan's order (depth first, subfolders by name). */
export interface FolderState {
  rel: string
  /** Videos in it (the scan's `seen` counts them without looking again). */
  videos: number
  /** Differs from the index, could not be read, or may hold a crashed write's temp file. */
  changed: boolean
}

/** What the thread is given. */
export interface FolderCheckData {
  root: string
  file: string
}

/** What the thread posts: each folder, then the end. */
export type FolderCheckMessage = FolderState | { end: true }

/** The check's thread could not run or stopped: the caller checks every folder itself. */
export class FolderCheckFailed extends Error {}

/** The state of every folder under `root` against the index file, as the worker finds them. */
export async function* checkFolders(root: string, indexFile: string, workerFile = sourceWorkers.folderCheck): AsyncGenerator<FolderState> {
  const worker = startWorker(workerFile, { root, file: indexFile } satisfies FolderCheckData)
  const states: FolderState[] = []
  let failure: Error | undefined
  let ended = false
  let wake: (() => void) | undefined
  worker.on('message', (message: FolderCheckMessage) => {
    if ('end' in message) ended = true
    else states.push(message)
    wake?.()
  })
  worker.on('error', (error) => {
    failure = error
    wake?.()
  })
  worker.on('exit', () => {
    failure ??= ended ? undefined : new Error('it stopped before the end')
    wake?.()
  })
  try {
    for (let next = 0; ; ) {
      if (next < states.length) yield states[next++]!
      else if (ended) return
      else if (failure) throw new FolderCheckFailed(failure.message)
      else await new Promise<void>((resolve) => (wake = resolve))
    }
  } finally {
    await worker.terminate()
  }
}
