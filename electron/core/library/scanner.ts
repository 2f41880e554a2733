import { createHash } from 'node:crypto'
import type { Dirent } from 'node:fs'
import { readdir, rm, stat } from 'node:fs/promises'
import type { Logger } from '../logger'
import { addedSidecarFor, type Entry, itemFromAdded, itemFromSidecar, stampOf } from './entry'
import { fromRel, isVideoName, posterExtensions, stemOf } from './naming'
import { probeVideo } from './probe'
import { readSidecar } from './sidecar'

/**
 * Reconciles the folder with the index, one folder at a time. One function does both jobs of
 * issue 4 item 4: against a warm index it validates (reads only sidecars whose mtime or size
 * changed), against an empty one it rebuilds (reads every sidecar). Each folder is compared with
 * what the index holds for that folder alone and its difference applied before the next is read,
 * so a scan of 1,000,000 items holds one folder in memory, never the library. Nothing here writes
 * to the designer's files except our own leftover temp files.
 */
export interface ScanTarget {
  /** What the index holds for one folder (not its subfolders). */
  known(dir: string): Entry[]
  /** The indexed item with this id, wherever it is. */
  get(id: string): Entry | undefined
  /** The folders the index holds items in, in no particular order. */
  folders(): Iterable<string>
  apply(changes: Array<{ id: string; entry: Entry | null }>): void
  /** Changed by the engine since the scan began: its view wins over the scan's. */
  touched(id: string): boolean
  /** Videos looked at so far (for the rebuild's progress). */
  progress?(seen: number): void
}

export interface ScanResult {
  added: string[]
  updated: string[]
  removed: string[]
  /** Videos found. */
  seen: number
}

const CONCURRENCY = 32
// writeFileAtomic's temp names (".<name>.<pid>.<hex>.tmp"): ours, left by a crash mid-write.
const OUR_TEMP = /^\..+\.(\d+)\.[0-9a-f]{12}\.tmp$/

/** A temp file of a process that is gone: a write that will never finish. Live writers' are theirs. */
function isAbandonedTemp(name: string): boolean {
  const pid = Number(OUR_TEMP.exec(name)?.[1])
  if (!pid) return false
  if (pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    // EPERM: alive under another user; only ESRCH says it is gone.
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

interface Folder {
  rel: string
  files: string[]
  subdirs: string[]
}

/** One folder's files and subfolders; skips dot-entries and symlinks, and sweeps our dead temp files. */
async function readFolder(root: string, rel: string): Promise<Folder> {
  const dirents: Dirent[] = await readdir(rel ? fromRel(root, rel) : root, { withFileTypes: true })
  const folder: Folder = { rel, files: [], subdirs: [] }
  const leftovers: string[] = []
  for (const d of dirents) {
    const child = rel ? `${rel}/${d.name}` : d.name
    if (d.name.startsWith('.')) {
      if (d.isFile() && isAbandonedTemp(d.name)) leftovers.push(child)
      continue
    }
    // Symlinks are not followed: a link could lead anywhere, and the media responder refuses
    // to serve outside the library anyway.
    if (d.isDirectory()) folder.subdirs.push(child)
    else if (d.isFile()) folder.files.push(child)
  }
  await Promise.all(leftovers.map((file) => rm(fromRel(root, file), { force: true }).catch(() => undefined)))
  return folder
}

/** Every file under the library, `/`-separated; skips dot-entries, symlinks and `.reelbox`. */
export async function walkLibrary(root: string, log: Logger): Promise<string[]> {
  const files: string[] = []
  async function visit(rel: string): Promise<void> {
    let folder: Folder
    try {
      folder = await readFolder(root, rel)
    } catch (error) {
      if (!rel) throw error
      log.warn(`Cannot read folder ${rel}: ${(error as Error).message}`)
      return
    }
    files.push(...folder.files)
    await Promise.all(folder.subdirs.map(visit))
  }
  await visit('')
  return files
}

export const addedIdOf = (rel: string): string => `added-${createHash('sha256').update(rel).digest('hex').slice(0, 16)}`

export async function mapLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++] as T)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

export async function scanLibrary(root: string, target: ScanTarget, log: Logger): Promise<ScanResult> {
  const result: ScanResult = { added: [], updated: [], removed: [], seen: 0 }
  const visited = new Set<string>()
  // Second copies of an item (the designer copied a pair) whose first might vanish later in the scan.
  const deferred: Entry[] = []

  async function visit(rel: string): Promise<void> {
    let folder: Folder
    try {
      folder = await readFolder(root, rel)
    } catch (error) {
      if (!rel) throw error
      // Unreadable for now (permissions, a network share): its items stay as they were.
      log.warn(`Cannot read folder ${rel}: ${(error as Error).message}`)
      visited.add(rel)
      return
    }
    visited.add(rel)
    await scanFolder(root, folder, target, log, result, deferred)
    target.progress?.(result.seen)
    for (const sub of folder.subdirs.sort()) await visit(sub)
  }
  await visit('')

  // Folders that are gone altogether (moved away, deleted by hand).
  for (const dir of [...target.folders()].filter((d) => !visited.has(d))) {
    const gone = target.known(dir).filter((e) => !target.touched(e.item.id))
    target.apply(gone.map((e) => ({ id: e.item.id, entry: null })))
    result.removed.push(...gone.map((e) => e.item.id))
  }
  // A copy kept back for an original that then turned out to be gone takes its place.
  const back = deferred.filter((e) => target.get(e.item.id) === undefined && !target.touched(e.item.id))
  target.apply(back.map((e) => ({ id: e.item.id, entry: e })))
  result.added.push(...back.map((e) => e.item.id))
  return settle(result)
}

/** An item that left one folder and arrived in another during the scan was moved: updated. */
function settle(result: ScanResult): ScanResult {
  const removed = new Set(result.removed)
  const added = new Set(result.added)
  const moved = new Set([...added].filter((id) => removed.has(id)))
  return {
    added: [...added].filter((id) => !moved.has(id)),
    updated: [...new Set([...result.updated, ...moved])],
    removed: [...removed].filter((id) => !moved.has(id)),
    seen: result.seen,
  }
}

/** Reads one folder's videos, compares them with what the index has there, and applies the difference. */
async function scanFolder(root: string, folder: Folder, target: ScanTarget, log: Logger, result: ScanResult, deferred: Entry[]): Promise<void> {
  const present = new Set(folder.files)
  const videos = folder.files.filter(isVideoName)
  const known = new Map(target.known(folder.rel).map((e) => [e.rel, e]))
  const found: Entry[] = []
  const changed = new Set<Entry>()
  result.seen += videos.length

  await mapLimit(videos, CONCURRENCY, async (rel) => {
    const stem = stemOf(rel)
    const sidecarRel = `${stem}.json`
    const posterRel = posterExtensions.map((ext) => `${stem}${ext}`).find((p) => present.has(p))
    const old = known.get(rel)
    try {
      let entry: Entry | undefined
      if (present.has(sidecarRel)) {
        if (old && old.sidecar !== 'none' && old.stamp) {
          const info = await stat(fromRel(root, sidecarRel))
          if (stampOf(info) === old.stamp) entry = old
        }
        entry ??= await entryFromSidecar(root, rel, sidecarRel, log)
      } else {
        entry = old?.sidecar === 'none' ? old : await entryFromVideo(root, rel)
      }
      if (entry.poster !== posterRel || entry.item.hasPoster !== (posterRel !== undefined)) {
        entry = { ...entry, poster: posterRel, item: { ...entry.item, hasPoster: posterRel !== undefined } }
      }
      if (entry !== old) changed.add(entry)
      found.push(entry)
    } catch (error) {
      // Deleted or unreadable between the listing and now: the next scan sees it as it is then.
      log.warn(`Skipped ${rel}: ${(error as Error).message}`)
    }
  })

  // Two items with one id (the designer copied a pair): the first by path is shown, stably.
  found.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))
  const here = new Map<string, Entry>()
  const changes: Array<{ id: string; entry: Entry | null }> = []
  for (const entry of found) {
    const id = entry.item.id
    const first = here.get(id) ?? elsewhere(target.get(id), entry, known)
    if (first && first.rel < entry.rel) {
      log.warn(`${entry.rel} has the same id as ${first.rel} (${id}); only the first is shown.`)
      deferred.push(entry)
      continue
    }
    if (first && !here.has(id)) log.warn(`${first.rel} has the same id as ${entry.rel} (${id}); only the first is shown.`)
    here.set(id, entry)
    if (target.touched(id) || !changed.has(entry)) continue
    const indexed = target.get(id)
    changes.push({ id, entry })
    ;(indexed ? result.updated : result.added).push(id)
  }
  for (const old of known.values()) {
    const id = old.item.id
    if (here.has(id) || target.touched(id)) continue
    changes.push({ id, entry: null })
    result.removed.push(id)
  }
  target.apply(changes)
}

/** The indexed copy of this id when it lives at another path that this folder does not replace. */
function elsewhere(indexed: Entry | undefined, entry: Entry, known: ReadonlyMap<string, Entry>): Entry | undefined {
  if (!indexed || indexed.rel === entry.rel) return undefined
  // It was in this folder under another name (renamed by hand): this is it, moved.
  if (known.get(indexed.rel)?.item.id === entry.item.id) return undefined
  return indexed
}

async function entryFromSidecar(root: string, rel: string, sidecarRel: string, log: Logger): Promise<Entry> {
  const { parsed, mtimeMs, size } = await readSidecar(fromRel(root, sidecarRel))
  const stamp = stampOf({ mtimeMs, size })
  if (parsed.kind === 'generated') return { item: itemFromSidecar(parsed.sidecar, rel, false), rel, sidecar: 'ok', stamp }
  if (parsed.kind === 'added') return { item: itemFromAdded(parsed.sidecar, rel, false), rel, sidecar: 'ok', stamp }
  log.warn(`${sidecarRel} is not a sidecar Reelbox can read (${parsed.reason}); showing the video as added by hand.`)
  return { ...(await entryFromVideo(root, rel)), sidecar: 'invalid', stamp }
}

async function entryFromVideo(root: string, rel: string): Promise<Entry> {
  const facts = await probeVideo(fromRel(root, rel))
  return { item: itemFromAdded(addedSidecarFor(addedIdOf(rel), rel, facts), rel, false), rel, sidecar: 'none' }
}
