import { createHash } from 'node:crypto'
import type { Dirent } from 'node:fs'
import { readdir, rm, stat } from 'node:fs/promises'
import type { Logger } from '../logger'
import { addedSidecarFor, type Entry, itemFromAdded, itemFromSidecar, stampOf } from './entry'
import { fromRel, isVideoName, posterExtensions, RESERVED_DIR, stemOf } from './naming'
import { probeVideo } from './probe'
import { readSidecar } from './sidecar'

/**
 * Reconciles the folder with what the engine knows. One function does both jobs of issue 4
 * item 4: with the warm index as `known` it validates (reads only sidecars whose mtime or size
 * changed), with nothing known it rebuilds (reads every sidecar). Nothing here writes to the
 * designer's files except our own leftover temp files.
 */
export interface ScanResult {
  entries: Entry[]
  added: string[]
  updated: string[]
  removed: string[]
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

/** Every file under the library, `/`-separated; skips dot-entries, symlinks and `.reelbox`. */
export async function walkLibrary(root: string, log: Logger): Promise<string[]> {
  const files: string[] = []
  const leftovers: string[] = []
  async function visit(rel: string): Promise<void> {
    let dirents: Dirent[]
    try {
      dirents = await readdir(rel ? fromRel(root, rel) : root, { withFileTypes: true })
    } catch (error) {
      if (!rel) throw error
      log.warn(`Cannot read folder ${rel}: ${(error as Error).message}`)
      return
    }
    const subdirs: string[] = []
    for (const d of dirents) {
      const child = rel ? `${rel}/${d.name}` : d.name
      if (d.name.startsWith('.')) {
        if (d.isFile() && isAbandonedTemp(d.name)) leftovers.push(child)
        continue
      }
      // Symlinks are not followed: a link could lead anywhere, and the media responder refuses
      // to serve outside the library anyway.
      if (d.isDirectory()) subdirs.push(child)
      else if (d.isFile()) files.push(child)
    }
    await Promise.all(subdirs.map(visit))
  }
  await visit('')
  await Promise.all(leftovers.map((rel) => rm(fromRel(root, rel), { force: true }).catch(() => undefined)))
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

export async function scanLibrary(root: string, known: ReadonlyMap<string, Entry>, log: Logger): Promise<ScanResult> {
  const files = await walkLibrary(root, log)
  const present = new Set(files)
  const videos = files.filter((f) => isVideoName(f) && !f.startsWith(`${RESERVED_DIR}/`))
  const found: Entry[] = []
  const changed = new Set<Entry>()

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
      // Deleted or unreadable between the walk and now: the next scan sees it as it is then.
      log.warn(`Skipped ${rel}: ${(error as Error).message}`)
    }
  })

  return diff(found, changed, known, log)
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

function diff(found: Entry[], changed: Set<Entry>, known: ReadonlyMap<string, Entry>, log: Logger): ScanResult {
  // Two sidecars with one id (the designer copied an item): the first by path wins, stably.
  found.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))
  const byId = new Map<string, Entry>()
  for (const entry of found) {
    const first = byId.get(entry.item.id)
    if (first) log.warn(`${entry.rel} has the same id as ${first.rel} (${entry.item.id}); only the first is shown.`)
    else byId.set(entry.item.id, entry)
  }
  const oldIds = new Set<string>()
  for (const entry of known.values()) oldIds.add(entry.item.id)
  const added: string[] = []
  const updated: string[] = []
  for (const [id, entry] of byId) {
    if (!oldIds.has(id)) added.push(id)
    else if (changed.has(entry)) updated.push(id)
  }
  const removed = [...oldIds].filter((id) => !byId.has(id))
  return { entries: [...byId.values()], added, updated, removed }
}
