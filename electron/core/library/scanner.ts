import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { access } from 'node:fs/promises'
import { isDeepStrictEqual } from 'node:util'
import type { Logger } from '../logger'
import { addedSidecarFor, type Entry, itemFromAdded, itemFromSidecar, sidecarUnchangedIf, stampOf } from './entry'
import { FolderCheckFailed, type FolderState } from './folder-check'
import { fromRel, posterBeside, stemOf } from './naming'
import { probeVideo } from './probe'
import { ReadPace } from './read-pace'
import { isItemConflictCopy, isItemVideo } from './sync-names'
import { yieldTurn } from './sweep'
import { eachFolder, type Folder, readOrSkip } from './walk'

/**
 * Reconciles the folder with the index, one folder at a time. One function does both jobs of
 * issue 4 item 4: against a warm index it validates (reads only sidecars whose mtime or size
 * changed), against an empty one it rebuilds (reads every sidecar). Each folder is compared with
 * what the index holds for that folder alone and its difference applied before the next is read,
 * so a scan of 1,000,000 items holds one folder in memory, never the library. A validation is
 * told by folder-check.ts (on its own thread) which folders changed, and compares only those.
 * Nothing here writes to the designer's files except our own leftover temp files.
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
  /** `get` of many ids at once, when the index can answer them in one go: the ones it has. */
  getMany?(ids: readonly string[]): Map<string, Entry>
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
  /** Folders walked, and how many of them were read and compared on this thread (the changed ones, with a folder check). */
  folders: { walked: number; compared: number }
  /** Sync engines' conflict copies of items' files, found in the folders compared (for sync-copies.ts; the scan only reads). */
  conflicts: string[]
}

const CONCURRENCY = 32
/** Videos of one folder compared and applied at a time: a folder of 100,000 is many small steps. */
const SLICE = 256

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

/**
 * `changed`, when given, says which folders differ from the index (folder-check.ts, on its own
 * thread): only those are read and compared here, the others are as the index has them.
 */
export async function scanLibrary(root: string, target: ScanTarget, log: Logger, changed?: () => AsyncIterable<FolderState>): Promise<ScanResult> {
  const result: ScanResult = { added: [], updated: [], removed: [], seen: 0, folders: { walked: 0, compared: 0 }, conflicts: [] }
  const visited = new Set<string>()
  // Second copies of an item (the designer copied a pair) whose first might vanish later in the scan.
  const deferred: Entry[] = []

  const compared = new Set<string>()
  const pace = new ReadPace()
  const visit = async (folder: Folder): Promise<void> => {
    visited.add(folder.rel)
    compared.add(folder.rel)
    await scanFolder(root, folder, target, log, result, deferred, pace)
    target.progress?.(result.seen)
  }
  // An unreadable folder's items stay as they were: it counts as seen.
  const unreadable = (rel: string): void => void visited.add(rel)
  if (!changed) await eachFolder(root, log, visit, unreadable)
  else {
    await eachChangedFolder(root, log, changed, visit, unreadable, (state) => {
      visited.add(state.rel)
      result.seen += state.videos
      target.progress?.(result.seen)
    })
  }
  result.folders = { walked: visited.size, compared: compared.size }

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

/**
 * Visits the folders the check found changed, in its order, and hands the others to `unchanged`.
 * Should the check's thread fail, every folder is visited here instead: what was applied so far
 * stands, and looking at those folders again changes nothing.
 */
async function eachChangedFolder(
  root: string,
  log: Logger,
  changed: () => AsyncIterable<FolderState>,
  visit: (folder: Folder) => Promise<void>,
  unreadable: (rel: string) => void,
  unchanged: (state: FolderState) => void,
): Promise<void> {
  try {
    for await (const state of changed()) {
      if (!state.changed) unchanged(state)
      else {
        const folder = await readOrSkip(root, state.rel, log, unreadable)
        if (folder) await visit(folder)
      }
    }
  } catch (error) {
    if (!(error instanceof FolderCheckFailed)) throw error
    log.warn('library.checkOnEngineThread', { reason: error.message })
    await eachFolder(root, log, visit, unreadable)
  }
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
    folders: result.folders,
    conflicts: result.conflicts,
  }
}

/**
 * Reads one folder's videos, compares them with what the index has there and applies the
 * difference, a slice of videos at a time (by path, with the index's rows of the same range).
 */
async function scanFolder(root: string, folder: Folder, target: ScanTarget, log: Logger, result: ScanResult, deferred: Entry[], pace: ReadPace): Promise<void> {
  const present = new Set(folder.files)
  const videos = folder.files.filter(isItemVideo).sort()
  result.conflicts.push(...folder.files.filter(isItemConflictCopy))
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
    await scanSlice(root, slice, present, known, target, log, result, deferred, here, pace)
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
  pace: ReadPace,
): Promise<void> {
  const known = new Map(knownList.map((k) => [k.rel, k]))
  const knownIds = new Set(knownList.map((k) => k.id))
  // `again`: read again only because its stamp was not yet trusted (entry.ts stampOf).
  const found: Array<{ rel: string; id: string; entry?: Entry; again?: boolean }> = []

  await mapLimit(videos, CONCURRENCY, async (rel) => {
    const stem = stemOf(rel)
    const sidecarRel = `${stem}.json`
    const posterRel = posterBeside(stem, present)
    const old = known.get(rel)
    try {
      const hasSidecar = present.has(sidecarRel)
      const verdict = old ? sidecarUnchangedIf(old, hasSidecar) : false
      const unchanged = typeof verdict === 'string' ? stampOf(await statOf(fromRel(root, sidecarRel))) === verdict : verdict
      let entry: Entry | undefined
      if (!unchanged) entry = hasSidecar ? await entryFromSidecar(root, rel, sidecarRel, posterRel, log, pace) : await entryFromVideo(root, rel)
      if (unchanged && old!.poster !== posterRel) entry = target.get(old!.id)
      if (entry && (entry.poster !== posterRel || entry.item.hasPoster !== (posterRel !== undefined))) {
        entry = { ...entry, poster: posterRel, item: { ...entry.item, hasPoster: posterRel !== undefined } }
      }
      found.push({ rel, id: entry?.item.id ?? old!.id, entry, again: hasSidecar && old !== undefined && old.sidecar !== 'none' && !old.stamp })
    } catch (error) {
      // Deleted or unreadable between the listing and now: the next scan sees it as it is then.
      log.warn('library.skipped', { file: rel, reason: (error as Error).message })
    }
  })

  found.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))
  const changes: Array<{ id: string; entry: Entry | null }> = []
  const shown = new Set<string>()
  // Ids this slice already had are answered from it; only newcomers ask the index (all at once where it can).
  const newcomers = target.getMany?.(found.filter((f) => !knownIds.has(f.id)).map((f) => f.id))
  for (const { rel, id, entry, again } of found) {
    const indexed = knownIds.has(id) ? undefined : newcomers ? newcomers.get(id) : target.get(id)
    const first = here.get(id) ?? elsewhere(indexed, rel, id, known)
    if (first && first < rel) {
      log.warn('library.sameId', { file: rel, first, id })
      deferred.push(entry ?? (target.get(id) as Entry))
      continue
    }
    if (first && !here.has(id)) log.warn('library.sameId', { file: first, first: rel, id })
    here.set(id, rel)
    shown.add(id)
    if (!entry || target.touched(id)) continue
    changes.push({ id, entry })
    // The same item read again (for its stamp): kept, and not announced as a change.
    if (again && knownIds.has(id) && sameItem(target.get(id), entry)) continue
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

const sameItem = (a: Entry | undefined, b: Entry): boolean => a !== undefined && a.sidecar === b.sidecar && a.poster === b.poster && isDeepStrictEqual(a.item, b.item)

/** Where the index has this id when that is another path this slice does not replace. */
function elsewhere(indexed: Entry | undefined, rel: string, id: string, known: ReadonlyMap<string, Known>): string | undefined {
  if (!indexed || indexed.rel === rel) return undefined
  // It was here under another name (renamed by hand): this is it, moved.
  if (known.get(indexed.rel)?.id === id) return undefined
  return indexed.rel
}

/** An item as its sidecar says, with the poster beside it made once (a rebuild makes 100,000). */
async function entryFromSidecar(root: string, rel: string, sidecarRel: string, poster: string | undefined, log: Logger, pace: ReadPace): Promise<Entry> {
  const { parsed, mtimeMs, size } = await pace.read(fromRel(root, sidecarRel))
  const stamp = stampOf({ mtimeMs, size })
  const has = poster !== undefined
  if (parsed.kind === 'generated') return { item: itemFromSidecar(parsed.sidecar, rel, has), rel, sidecar: 'ok', stamp, ...(has ? { poster } : {}) }
  if (parsed.kind === 'added') return { item: itemFromAdded(parsed.sidecar, rel, has), rel, sidecar: 'ok', stamp, ...(has ? { poster } : {}) }
  log.warn('library.unreadableSidecar', { file: sidecarRel, reason: parsed.reason })
  return { ...(await entryFromVideo(root, rel)), sidecar: 'invalid', stamp }
}

/** A video without a sidecar, as the file itself says (added by hand). */
export async function entryFromVideo(root: string, rel: string): Promise<Entry> {
  const facts = await probeVideo(fromRel(root, rel))
  const item = itemFromAdded(addedSidecarFor(addedIdOf(rel), rel, facts), rel, false)
  // A Sandbox clip (or a sequence of them) is labelled as one, wherever it came from.
  return { item: { ...item, sandbox: facts.sandbox === true }, rel, sidecar: 'none' }
}
