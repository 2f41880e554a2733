import { mkdir, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { LibraryChanged, LibraryIndexing } from '../../../shared/contract/library'
import { AppError } from '../../../shared/errors'
import { isCode } from '../files/atomic'
import type { Logger } from '../logger'
import { checkFolders } from './folder-check'
import type { IndexDb, Rebuild } from './index-db'
import { stagingDir } from './naming'
import { scanLibrary, type ScanResult } from './scanner'
import type { ItemStore } from './store'
import { settleConflictCopies } from './sync-copies'
import { yieldTurn } from './sweep'

/** Beyond this many ids, a change is announced as a reset (the page reloads its view). */
const MAX_IDS_PER_EVENT = 1000

/**
 * Opening a library (issue 4 item 4, issue 13): with a finished index the first page is served
 * from it at once, without statting a single file; the folder is then checked in the background
 * and only what changed is announced. Without one (first start after an update from the JSON
 * index, a lost or damaged file), the index is built from the sidecars before the first page,
 * with progress, and marked finished only once every item is in: interrupted, it starts again.
 */
export interface Opening {
  ready: Promise<void>
  validated: Promise<void>
}

export interface OpenDeps {
  root: string
  db: IndexDb
  /** Why the index must be built from the sidecars, when it must. */
  rebuild: Rebuild | undefined
  /** The JSON index of earlier versions, removed once the new one is finished. */
  legacyIndexFile: string
  store: ItemStore
  log: Logger
  emit: (change: LibraryChanged) => void
  progress: (progress: LibraryIndexing) => void
  /** Ids changed by the engine while a scan was running: the scan's view of them is stale. */
  touched: (id: string) => boolean
  startScan: () => void
  endScan: () => void
  /** The folder check's thread (`WorkerFiles.folderCheck`). */
  folderCheck?: string
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
    if (!deps.rebuild) {
      markReady()
      // From here on a missing folder (a drive not connected) leaves the items browsable from
      // the index; only a readable folder can say that something is gone.
      await ensureFolder(root)
      await validate(deps)
      return
    }
    await ensureFolder(root)
    log.info(`library.building.${deps.rebuild.why}`, deps.rebuild)
    deps.progress({ phase: 'indexing', done: 0 })
    const scan = await scanned(deps, { progress: (seen) => deps.progress({ phase: 'indexing', done: seen }) })
    await store.flush()
    while (!deps.db.fillSearch()) await yieldTurn()
    deps.db.markComplete()
    await rm(deps.legacyIndexFile, { force: true })
    markReady()
    deps.progress({ phase: 'done', done: scan.seen })
    deps.emit({ kind: 'reset', ids: [] })
    log.info('library.built', { count: store.size })
    // Sync engines' conflict copies it met are merged now, by the check of a finished index.
    if (scan.conflicts.length) await validate(deps)
  })().catch((error: unknown) => {
    throw error instanceof AppError ? error : new AppError('DISK', `Cannot open the library folder ${root}: ${(error as Error).message}`)
  })
  // A folder that cannot be read fails the first page too (rejecting a settled promise is a no-op).
  validated.catch(failReady)
  // Callers await these and see the error; nobody awaiting must not crash the engine.
  ready.catch(() => undefined)
  validated.catch((error: unknown) => log.error('library.cannotOpen', { folder: root, reason: (error as Error).message }))
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

/**
 * One scan of the folder against the index, applied folder by folder as it goes. A check of a
 * finished index (`onlyChanged`) first finds the changed folders on a thread of its own
 * (folder-check.ts), which reads the index file: so every change is written there first, and
 * while one cannot be, every folder is checked here instead.
 */
async function scanned(deps: OpenDeps, how: { onlyChanged: true } | { progress: (seen: number) => void }): Promise<ScanResult> {
  const { store, db, root } = deps
  await store.fresh()
  if ('onlyChanged' in how) await store.flush()
  const file = 'onlyChanged' in how && store.unwritten === 0 ? db.file : undefined
  const progress = 'progress' in how ? how.progress : undefined
  deps.startScan()
  try {
    return await scanLibrary(root, {
      known: (dir, after, upTo, limit) => store.inFolder(dir, after, upTo, limit),
      get: (id) => store.get(id),
      getMany: (ids) => store.getMany(ids),
      folders: () => store.folders(),
      apply: (changes) => store.apply(changes),
      touched: deps.touched,
      progress,
    }, deps.log, file === undefined ? undefined : () => checkFolders(root, file, deps.folderCheck))
  } finally {
    deps.endScan()
  }
}

/**
 * Checks the folder against the index, applies the difference and announces it. Sync engines'
 * conflict copies the scan found are merged and moved aside (sync-copies.ts), and the folders
 * they were in compared again: the merged sidecars are now the items' truth.
 */
export async function validate(deps: OpenDeps): Promise<void> {
  const result = await scanned(deps, { onlyChanged: true })
  announce(deps, result)
  if (result.conflicts.length === 0) return
  const settled = await settleConflictCopies(deps.root, result.conflicts, deps.log)
  if (settled) deps.log.info('library.conflictsMerged', { count: settled })
  announce(deps, await scanned(deps, { onlyChanged: true }))
}

function announce(deps: OpenDeps, result: ScanResult): void {
  const changes = result.added.length + result.updated.length + result.removed.length
  if (changes === 0) return
  if (changes > MAX_IDS_PER_EVENT) deps.emit({ kind: 'reset', ids: [] })
  else {
    if (result.added.length) deps.emit({ kind: 'added', ids: result.added })
    if (result.updated.length) deps.emit({ kind: 'updated', ids: result.updated })
    if (result.removed.length) deps.emit({ kind: 'removed', ids: result.removed })
  }
  const { walked, compared } = result.folders
  deps.log.info('library.checked', { added: result.added.length, updated: result.updated.length, removed: result.removed.length, compared, walked })
}
