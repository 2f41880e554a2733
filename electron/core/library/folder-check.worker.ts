/**
 * The folder check's thread (folder-check.ts starts it): walks the library depth first, subfolders
 * by name, as the scan does, and posts one `FolderState` per folder, then `{end: true}`. A folder
 * is unchanged by the scan's own rule (entry.ts `sidecarUnchangedIf`, the poster beside each
 * video) with the index's rows read through its own read-only connection.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { DatabaseSync } from '@photostructure/sqlite'
import { type Remembered, sidecarUnchangedIf, stampOf } from './entry'
import type { FolderCheckData, FolderCheckMessage } from './folder-check'
import { posterBeside, stemOf } from './naming'
import { isItemConflictCopy, isItemVideo } from './sync-names'
import { OUR_TEMP } from './walk'

const port = parentPort!
const { root, file } = workerData as FolderCheckData
const db = new DatabaseSync(file, { readOnly: true })
db.exec('pragma busy_timeout = 2000')
// One JSON text per folder rather than a row object each: about half the time at 100,000 items.
const rowsOf = db.prepare('select json_group_array(json_array(rel, stamp, sidecar, poster)) as rows from items where dir = ?')

type Row = [rel: string, stamp: string | null, sidecar: Remembered['sidecar'], poster: string | null]

const post = (message: FolderCheckMessage): void => port.postMessage(message)

function statOf(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })
  } catch {
    return undefined
  }
}

function changed(files: ReadonlySet<string>, rows: Row[]): boolean {
  const known = new Map<string, Remembered & { poster: string | null }>()
  for (const [rel, stamp, sidecar, poster] of rows) known.set(rel, { stamp, sidecar, poster })
  for (const name of files) {
    // A sync engine's conflict copy is to be merged (sync-copies.ts): the engine must look.
    if (isItemConflictCopy(name)) return true
    if (!isItemVideo(name)) continue
    const row = known.get(name)
    if (!row) return true
    known.delete(name)
    const stem = stemOf(name)
    if ((posterBeside(stem, files) ?? null) !== row.poster) return true
    const verdict = sidecarUnchangedIf(row, files.has(`${stem}.json`))
    if (typeof verdict === 'string') {
      const info = statOf(path.join(root, `${stem}.json`))
      if (!info || stampOf(info) !== verdict) return true
    } else if (!verdict) return true
  }
  return known.size > 0
}

function walk(rel: string): void {
  let entries: fs.Dirent[]
  try {
    entries = fs.readdirSync(rel ? path.join(root, ...rel.split('/')) : root, { withFileTypes: true })
  } catch {
    post({ rel, videos: 0, changed: true })
    return
  }
  const files = new Set<string>()
  const subdirs: string[] = []
  let leftover = false
  for (const d of entries) {
    const child = rel ? `${rel}/${d.name}` : d.name
    if (d.name.startsWith('.')) {
      leftover ||= d.isFile() && OUR_TEMP.test(d.name)
      continue
    }
    if (d.isDirectory()) subdirs.push(child)
    else if (d.isFile()) files.add(child)
  }
  let videos = 0
  for (const name of files) if (isItemVideo(name)) videos++
  const { rows } = rowsOf.get(rel) as { rows: string }
  post({ rel, videos, changed: leftover || changed(files, JSON.parse(rows) as Row[]) })
  for (const sub of subdirs.sort()) walk(sub)
}

walk('')
db.close()
post({ end: true })
port.close()
