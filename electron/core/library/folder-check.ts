import { Worker } from 'node:worker_threads'
import { sqliteModule } from './checkpointer'
import { posterExtensions, videoExtensions } from './naming'
import { OUR_TEMP } from './walk'

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
 * The worker is plain JavaScript run with `eval`, like checkpointer.ts: no build step, so it runs
 * the same under tsx, vitest and the bundles of the app, web mode and the CLI. It reads the index
 * file through its own read-only connection, so it sees what is written there, not changes still
 * on their way (the caller flushes those first).
 */
const WORKER = `
const fs = require('node:fs')
const path = require('node:path')
const { parentPort, workerData } = require('node:worker_threads')
const { DatabaseSync } = require(workerData.module)
const { root, file, posters } = workerData
const videos = new Set(workerData.videos)
const temp = new RegExp(workerData.temp)
const db = new DatabaseSync(file, { readOnly: true })
db.exec('pragma busy_timeout = 2000')
// One JSON text per folder rather than a row object each: about half the time at 100,000 items.
const rowsOf = db.prepare('select json_group_array(json_array(rel, stamp, sidecar, poster)) as rows from items where dir = ?')
const stampOf = (info) => Math.trunc(info.mtimeMs) + ':' + info.size

function statOf(file) {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })
  } catch {
    return undefined
  }
}

function changed(files, rows) {
  const known = new Map()
  for (const [rel, stamp, sidecar, poster] of rows) known.set(rel, { stamp, sidecar, poster })
  for (const name of files) {
    if (!videos.has(path.extname(name).toLowerCase())) continue
    const row = known.get(name)
    if (!row) return true
    known.delete(name)
    const stem = name.slice(0, name.length - path.extname(name).length)
    const poster = posters.map((ext) => stem + ext).find((p) => files.has(p)) ?? null
    if (poster !== row.poster) return true
    if (!files.has(stem + '.json')) {
      if (row.sidecar !== 'none') return true
      continue
    }
    if (row.sidecar === 'none' || row.stamp === null) return true
    const info = statOf(path.join(root, stem + '.json'))
    if (!info || stampOf(info) !== row.stamp) return true
  }
  return known.size > 0
}

function walk(rel) {
  let entries
  try {
    entries = fs.readdirSync(rel ? path.join(root, ...rel.split('/')) : root, { withFileTypes: true })
  } catch {
    parentPort.postMessage({ rel, videos: 0, changed: true })
    return
  }
  const files = new Set()
  const subdirs = []
  let leftover = false
  for (const d of entries) {
    const child = rel ? rel + '/' + d.name : d.name
    if (d.name.startsWith('.')) {
      leftover ||= d.isFile() && temp.test(d.name)
      continue
    }
    if (d.isDirectory()) subdirs.push(child)
    else if (d.isFile()) files.add(child)
  }
  let count = 0
  for (const name of files) if (videos.has(path.extname(name).toLowerCase())) count++
  parentPort.postMessage({ rel, videos: count, changed: leftover || changed(files, JSON.parse(rowsOf.get(rel).rows)) })
  for (const sub of subdirs.sort()) walk(sub)
}

walk('')
db.close()
parentPort.postMessage({ end: true })
parentPort.close()
`

/** One folder as the check found it, in the scan's order (depth first, subfolders by name). */
export interface FolderState {
  rel: string
  /** Videos in it (the scan's `seen` counts them without looking again). */
  videos: number
  /** Differs from the index, could not be read, or may hold a crashed write's temp file. */
  changed: boolean
}

/** The check's thread could not run or stopped: the caller checks every folder itself. */
export class FolderCheckFailed extends Error {}

/** The state of every folder under `root` against the index file, as the worker finds them. */
export async function* checkFolders(root: string, indexFile: string): AsyncGenerator<FolderState> {
  const workerData = { module: sqliteModule(), root, file: indexFile, videos: [...videoExtensions], posters: [...posterExtensions], temp: OUR_TEMP.source }
  const worker = new Worker(WORKER, { eval: true, workerData })
  const states: FolderState[] = []
  let failure: Error | undefined
  let ended = false
  let wake: (() => void) | undefined
  worker.on('message', (message: FolderState | { end: true }) => {
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
