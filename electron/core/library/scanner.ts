import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { access, opendir, rm } from 'node:fs/promises'
import type { Logger } from '../logger'
import { addedSidecarFor, type Entry, itemFromAdded, itemFromSidecar, stampOf } from './entry'
import { fromRel, isVideoName, posterExtensions, stemOf } from './naming'
import { probeVideo } from './probe'
import { readSidecar } from './sidecar'
import { yieldTurn } from './sweep'

/**
 * Reconciles the folder with the index, one folder at a time. One function does both jobs of
 * issue 4 item 4: against a warm index it validates (reads only sidecars whose mtime or size
 * changed), against an empty one it rebuilds (reads every sidecar). Each folder is compared with
 * what the index holds for that folder alone and its difference applied before the next is read,
 * so a scan of 1,000,000 items holds one folder in memory, never the library. Nothing here writes
 * to the designer's files except our own leftover temp files.
 */
/** What a scan needs to know of an indexed item to tell whether its files changed. */
export interface Known {
  id: string
  rel: string
  stamp?: string
  sidecar: Entry['sidecar']
  poster?: string
}

export interface ScanTarget {
  /** Indexed items of one folder (not its subfolders) by path: after `after`, up to `upTo`, at most `limit`. */
  known(dir: string, after: string, upTo: string | undefined, limit: number): Known[]
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
/** Videos of one folder compared and applied at a time: a folder of 100,000 is many small steps. */
const SLICE = 256
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

/**
 * One folder's files and subfolders; skips dot-entries and symlinks, and sweeps our dead temp
 * files. Read in batches of entries (opendir), so a folder of 300,000 files is never one long
 * stretch on the engine's thread.
 */
async function readFolder(root: string, rel: string): Promise<Folder> {
  const dir = await opendir(rel ? fromRel(root, rel) : root, { bufferSize: 512 })
  const folder: Folder = { rel, files: [], subdirs: [] }
  const leftovers: string[] = []
  for await (const d of dir) {
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

/**
 * Visits every folder under the library, one at a time, subfolders in name order. A subfolder
 * that cannot be read (permissions, a network share) is reported to `unreadable` and skipped.
 */
async function eachFolder(root: string, log: Logger, visit: (folder: Folder) => Promise<void>, unreadable: (rel: string) => void = () => undefined): Promise<void> {
  async function walk(rel: string): Promise<void> {
    let folder: Folder
    try {
      folder = await readFolder(root, rel)
    } catch (error) {
      if (!rel) throw error
      log.warn(`Cannot read folder ${rel}: ${(error as Error).message}`)
      unreadable(rel)
      return
    }
    await visit(folder)
    for (const sub of folder.subdirs.sort()) await walk(sub)
  }
  await walk('')
}

/** Every file under the library, `/`-separated; skips dot-entries, symlinks and `.reelbox`. */
export async function walkLibrary(root: string, log: Logger): Promise<string[]> {
  const files: string[] = []
  await eachFolder(root, log, async (folder) => void files.push(...folder.files))
  return files
}

/** fs.stat with a callback: a check of 100,000 sidecars makes far less garbage than with promises. */
const statOf = (file: string): Promise<fs.Stats> => new Promise((resolve, reject) => fs.stat(file, (error, info) => (error ? reject(error) : resolve(info))))

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

  // An unreadable folder's items stay as they were: it counts as seen.
  await eachFolder(
    root,
    log,
    async (folder) => {
      visited.add(folder.rel)
      await scanFolder(root, folder, target, log, result, deferred)
      target.progress?.(result.seen)
    },
    (rel) => visited.add(rel),
  )

  // Folders that are gone altogether (moved away, deleted by hand).
  for (const dir of [...target.folders()].filter((d) => !visited.has(d))) {
    for (let after = ''; ; ) {
      const known = target.known(dir, after, undefined, SLICE)
      if (known.length === 0) break
      after = known.at(-1)!.rel
      // A folder made after the walk passed (another engine's first import of a month) is not gone.
      const gone: Known[] = []
      for (const k of known) if (!target.touched(k.id) && !(await exists(fromRel(root, k.rel)))) gone.push(k)
      target.apply(gone.map((k) => ({ id: k.id, entry: null })))
      result.removed.push(...gone.map((k) => k.id))
      await yieldTurn()
    }
  }
  // A copy kept back for an original that then turned out to be gone takes its place.
  const back = deferred.filter((e) => target.get(e.item.id) === undefined && !target.touched(e.item.id))
  target.apply(back.map((e) => ({ id: e.item.id, entry: e })))
  result.added.push(...back.map((e) => e.item.id))
  return settle(result)
}

const exists = (file: string): Promise<boolean> => access(file).then(() => true, () => false)

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

/**
 * Reads one folder's videos, compares them with what the index has there and applies the
 * difference, a slice of videos at a time (by path, with the index's rows of the same range).
 */
async function scanFolder(root: string, folder: Folder, target: ScanTarget, log: Logger, result: ScanResult, deferred: Entry[]): Promise<void> {
  const present = new Set(folder.files)
  const videos = folder.files.filter(isVideoName).sort()
  result.seen += videos.length
  // Ids shown from this folder so far: of two items with one id, the first by path is shown.
  const here = new Map<string, string>()
  let after = ''
  for (let start = 0; start === 0 || start < videos.length; start += SLICE) {
    const slice = videos.slice(start, start + SLICE)
    // The last slice reaches to the end of the folder, so rows past the last video go too.
    const upTo = start + SLICE >= videos.length ? undefined : slice.at(-1)
    const known = target.known(folder.rel, after, upTo, Number.MAX_SAFE_INTEGER)
    after = upTo ?? after
    await scanSlice(root, slice, present, known, target, log, result, deferred, here)
    await yieldTurn()
  }
}

async function scanSlice(
  root: string,
  videos: string[],
  present: ReadonlySet<string>,
  knownList: Known[],
  target: ScanTarget,
  log: Logger,
  result: ScanResult,
  deferred: Entry[],
  here: Map<string, string>,
): Promise<void> {
  const known = new Map(knownList.map((k) => [k.rel, k]))
  const knownIds = new Set(knownList.map((k) => k.id))
  const found: Array<{ rel: string; id: string; entry?: Entry }> = []

  await mapLimit(videos, CONCURRENCY, async (rel) => {
    const stem = stemOf(rel)
    const sidecarRel = `${stem}.json`
    const posterRel = posterExtensions.map((ext) => `${stem}${ext}`).find((p) => present.has(p))
    const old = known.get(rel)
    try {
      let unchanged = false
      let entry: Entry | undefined
      if (present.has(sidecarRel)) {
        if (old && old.sidecar !== 'none' && old.stamp) unchanged = stampOf(await statOf(fromRel(root, sidecarRel))) === old.stamp
        if (!unchanged) entry = await entryFromSidecar(root, rel, sidecarRel, log)
      } else {
        unchanged = old?.sidecar === 'none'
        if (!unchanged) entry = await entryFromVideo(root, rel)
      }
      if (unchanged && old!.poster !== posterRel) entry = target.get(old!.id)
      if (entry && (entry.poster !== posterRel || entry.item.hasPoster !== (posterRel !== undefined))) {
        entry = { ...entry, poster: posterRel, item: { ...entry.item, hasPoster: posterRel !== undefined } }
      }
      found.push({ rel, id: entry?.item.id ?? old!.id, entry })
    } catch (error) {
      // Deleted or unreadable between the listing and now: the next scan sees it as it is then.
      log.warn(`Skipped ${rel}: ${(error as Error).message}`)
    }
  })

  found.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))
  const changes: Array<{ id: string; entry: Entry | null }> = []
  const shown = new Set<string>()
  for (const { rel, id, entry } of found) {
    // Ids this slice already had are answered from it; only a newcomer asks the index.
    const indexed = knownIds.has(id) ? undefined : target.get(id)
    const first = here.get(id) ?? elsewhere(indexed, rel, id, known)
    if (first && first < rel) {
      log.warn(`${rel} has the same id as ${first} (${id}); only the first is shown.`)
      deferred.push(entry ?? (target.get(id) as Entry))
      continue
    }
    if (first && !here.has(id)) log.warn(`${first} has the same id as ${rel} (${id}); only the first is shown.`)
    here.set(id, rel)
    shown.add(id)
    if (!entry || target.touched(id)) continue
    changes.push({ id, entry })
    ;(knownIds.has(id) || indexed ? result.updated : result.added).push(id)
  }
  for (const old of knownList) {
    if (shown.has(old.id) || here.has(old.id) || target.touched(old.id)) continue
    // Another engine (the CLI beside the app) may have imported it after this folder was listed:
    // the folder is the truth, so a row goes only when its video is really not there.
    if (!present.has(old.rel) && (await exists(fromRel(root, old.rel)))) continue
    changes.push({ id: old.id, entry: null })
    result.removed.push(old.id)
  }
  target.apply(changes)
}

/** Where the index has this id when that is another path this slice does not replace. */
function elsewhere(indexed: Entry | undefined, rel: string, id: string, known: ReadonlyMap<string, Known>): string | undefined {
  if (!indexed || indexed.rel === rel) return undefined
  // It was here under another name (renamed by hand): this is it, moved.
  if (known.get(indexed.rel)?.id === id) return undefined
  return indexed.rel
}

async function entryFromSidecar(root: string, rel: string, sidecarRel: string, log: Logger): Promise<Entry> {
  const { parsed, mtimeMs, size } = await readSidecar(fromRel(root, sidecarRel))
  const stamp = stampOf({ mtimeMs, size })
  if (parsed.kind === 'generated') return { item: itemFromSidecar(parsed.sidecar, rel, false), rel, sidecar: 'ok', stamp }
  if (parsed.kind === 'added') return { item: itemFromAdded(parsed.sidecar, rel, false), rel, sidecar: 'ok', stamp }
  log.warn(`${sidecarRel} is not a sidecar Reelbox can read (${parsed.reason}); showing the video as added by hand.`)
  return { ...(await entryFromVideo(root, rel)), sidecar: 'invalid', stamp }
}

/** A video without a sidecar, as the file itself says (added by hand). */
export async function entryFromVideo(root: string, rel: string): Promise<Entry> {
  const facts = await probeVideo(fromRel(root, rel))
  const item = itemFromAdded(addedSidecarFor(addedIdOf(rel), rel, facts), rel, false)
  // A Sandbox clip (or a sequence of them) is labelled as one, wherever it came from.
  return { item: { ...item, sandbox: facts.sandbox === true }, rel, sidecar: 'none' }
}
