import { mkdir, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { LibraryChanged } from '../../../shared/contract/library'
import { AppError } from '../../../shared/errors'
import { isCode } from '../files/atomic'
import type { Logger } from '../logger'
import type { Entry } from './entry'
import { loadIndex } from './index-cache'
import { stagingDir } from './naming'
import { scanLibrary, type ScanResult } from './scanner'
import type { ItemStore } from './store'

/** Beyond this many ids, a change is announced as a reset (the page reloads its view). */
const MAX_IDS_PER_EVENT = 1000

/**
 * Opening a library (issue 4 item 4): with a warm index the first page is served from the
 * index alone, without statting a single file; the folder is then validated in the background
 * and only what changed is announced. Without a usable index, the items are rebuilt from the
 * sidecars before the first page.
 */
export interface Opening {
  ready: Promise<void>
  validated: Promise<void>
}

export interface OpenDeps {
  root: string
  indexFile: string
  store: ItemStore
  log: Logger
  emit: (change: LibraryChanged) => void
  save: () => void
  /** Ids changed by the engine while a scan was running: the scan's view of them is stale. */
  takeTouched: () => Set<string>
  startScan: () => void
}

export function openLibrary(deps: OpenDeps): Opening {
  const { root, store, log } = deps
  let markReady!: () => void
  let failReady!: (error: unknown) => void
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve
    failReady = reject
  })

  const validated = (async () => {
    const loaded = await loadIndex(deps.indexFile, root)
    if (loaded.ok) {
      store.replaceAll(loaded.entries)
      markReady()
      // From here on a missing folder (a drive not connected) leaves the items browsable from
      // the index; only a readable folder can say that something is gone.
      await ensureFolder(root)
      await validate(deps)
      return
    }
    await ensureFolder(root)
    log.info(`Rebuilding the library index from the sidecars (index ${loaded.reason}).`)
    deps.startScan()
    const scan = await scanLibrary(root, new Map(), log)
    deps.takeTouched()
    store.replaceAll(scan.entries)
    markReady()
    deps.save()
    deps.emit({ kind: 'reset', ids: [] })
    log.info(`Library index rebuilt: ${scan.entries.length} items.`)
  })().catch((error: unknown) => {
    throw error instanceof AppError ? error : new AppError('DISK', `Cannot open the library folder ${root}: ${(error as Error).message}`)
  })
  // A folder that cannot be read fails the first page too (rejecting a settled promise is a no-op).
  validated.catch(failReady)
  // Callers await these and see the error; nobody awaiting must not crash the engine.
  ready.catch(() => undefined)
  validated.catch((error: unknown) => log.error(`Cannot open the library at ${root}: ${(error as Error).message}`))
  return { ready, validated }
}

/**
 * Creates the library folder when it is missing, but never a whole path: a library on a drive
 * that is not connected (`/Volumes/Studio/Reelbox`) must not be recreated on the system disk,
 * where it would hide the drive's folder once it is back. Inside the home folder (the default
 * `~/Videos/Reelbox`) missing parents are fine.
 */
export async function ensureFolder(root: string): Promise<void> {
  const parent = path.dirname(root)
  const parentExists = await stat(parent).then(
    (info) => info.isDirectory(),
    () => false,
  )
  const home = os.homedir()
  if (!parentExists && !root.startsWith(home + path.sep)) {
    throw new AppError('DISK', `The library folder ${root} is not there: ${parent} is missing. Is its drive connected?`)
  }
  try {
    await mkdir(root, { recursive: !parentExists })
  } catch (error) {
    if (!isCode(error, 'EEXIST')) throw error
  }
  await mkdir(stagingDir(root), { recursive: true })
}

/** Checks the folder against what is in memory and applies the difference. */
export async function validate(deps: OpenDeps): Promise<ScanResult> {
  const { store, log } = deps
  const known = new Map<string, Entry>()
  for (const entry of store.entries()) known.set(entry.rel, entry)
  deps.startScan()
  const scan = await scanLibrary(deps.root, known, log)
  const touched = deps.takeTouched()
  const result = withoutTouched(scan, touched, store)
  const changes = result.added.length + result.updated.length + result.removed.length
  if (changes === 0) return result
  store.replaceAll(result.entries)
  deps.save()
  if (changes > MAX_IDS_PER_EVENT) deps.emit({ kind: 'reset', ids: [] })
  else {
    if (result.added.length) deps.emit({ kind: 'added', ids: result.added })
    if (result.updated.length) deps.emit({ kind: 'updated', ids: result.updated })
    if (result.removed.length) deps.emit({ kind: 'removed', ids: result.removed })
  }
  log.info(`Library checked against the folder: ${result.added.length} added, ${result.updated.length} changed, ${result.removed.length} gone.`)
  return result
}

/** The engine's own changes during the scan win over what the scan saw (and were announced already). */
function withoutTouched(scan: ScanResult, touched: Set<string>, store: ItemStore): ScanResult {
  if (touched.size === 0) return scan
  const entries = scan.entries.filter((e) => !touched.has(e.item.id))
  for (const id of touched) {
    const current = store.get(id)
    if (current) entries.push(current)
  }
  const keep = (id: string): boolean => !touched.has(id)
  return { entries, added: scan.added.filter(keep), updated: scan.updated.filter(keep), removed: scan.removed.filter(keep) }
}
