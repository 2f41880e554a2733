import path from 'node:path'
import type { LibraryChanged, LibraryDetail, LibraryFacets, LibraryIndexing, LibraryPage } from '../../../shared/contract/library'
import type { LibraryDays } from '../../../shared/contract/library-view'
import type { Draft, InputImage } from '../../../shared/draft'
import type { LibraryItem, MadeBy } from '../../../shared/library'
import type { Logger } from '../logger'
import type { Clock, ShellPort, WorkerFiles } from '../ports'
import { deleteItem, entryOf, getDetail, type ItemPatch, reuseItem, setPoster, shellAction, updateItem } from './actions'
import { startDrag } from './drag'
import { exportItems } from './export'
import type { ImportStep, InputLookup, LibraryContext } from './context'
import { importResult, type ImportRequest } from './importer'
import { addVideo, type Brought, importVideo, type VideoSource } from './import-video'
import { chainOf, lineageOf } from './lineage'
import { recallSettings } from './recall'
import type { Recalled } from '../../../shared/contract/library-clips'
import { IndexDb, indexFileOf, legacyIndexFileOf, type Rebuild } from './index-db'
import { fromRel } from './naming'
import { respondMedia, type MediaRequest, type MediaResponse } from './media'
import { followFolder, type Following } from './follow'
import { ensureFolder, openLibrary, type OpenDeps, validate } from './open'
import type { ParsedQuery } from './query'
import { ItemStore } from './store'
import { showMarks } from './item-marks'
import { idOfSubject, itemSubject, mergedMarks } from './studio-marks'
import { machineIdOf } from '../studio/machine'
import { Studio, STUDIO_FOLLOW_MS } from '../studio/studio'
import { sourceWorkers } from './workers'

export interface LibraryOptions {
  /** The designer's folder (`ports.paths.library`). */
  library: string
  /** The app's data folder: the index cache lives in `<data>/library-index/`. */
  dataDir: string
  clock: Clock
  log: Logger
  emit: (change: LibraryChanged) => void
  /** Progress of building the index from the sidecars (`library.indexing`). */
  progress?: (progress: LibraryIndexing) => void
  shell?: ShellPort
  inputs?: InputLookup
  /** Where the index's threads are (`CorePorts.workers`). */
  workers?: WorkerFiles
  /** Who makes results here (`CorePorts.maker`): recorded in each imported result's sidecar. */
  madeBy?: () => MadeBy | undefined
  /**
   * Follow the folder while open (follow.ts): what other machines add or delete shows up on its
   * own, checked at most this often (ms) where the disk gives no events. 0 or absent: only on
   * `rescan` (the CLI's short-lived engines).
   */
  followMs?: number
  /** Test seam: false follows by the periodic check alone, as on a share that gives no events. */
  followEvents?: boolean
  /** Hears what the studio's machines changed (boards and sequences follow through it); `mine`: by this process. */
  onStudioChange?: (subjects: ReadonlySet<string>, mine: boolean) => void
  /** Test seam: runs after each import step (the crash tests stop a real process there). */
  afterImportStep?: (step: ImportStep, id: string) => Promise<void> | void
}

export interface Library {
  readonly folder: string
  /** Resolves when the first page can be served. */
  ready(): Promise<void>
  /** Resolves when the folder has been checked against the index (or the index rebuilt). */
  validated(): Promise<void>
  /** `signal`: the caller has cancelled (a newer page of the view was asked for); the sweep stops. */
  list(query: ParsedQuery, signal?: AbortSignal): Promise<LibraryPage>
  locate(id: string, query: ParsedQuery, signal?: AbortSignal): Promise<{ index: number; total: number }>
  /** Items per local day for a query, in its order (the grid's layout). */
  days(query: ParsedQuery, signal?: AbortSignal): Promise<LibraryDays>
  facets(): Promise<LibraryFacets>
  /** Resolves once prompt searches answer from memory (the word index made after opening, store.ts). */
  searchReady(): Promise<void>
  get(id: string): Promise<LibraryDetail>
  /** Whether an item is indexed (the downloader asks before fetching a result again). */
  has(id: string): Promise<boolean>
  update(patch: ItemPatch): Promise<LibraryItem>
  delete(id: string): Promise<{ id: string; trashed: 'os-trash' | 'library-trash'; location?: string }>
  reveal(id: string): Promise<{ done: boolean; message?: string }>
  open(id: string): Promise<{ done: boolean; message?: string }>
  /** Drags the video out to another app (the shell's `startDrag`); see drag.ts. */
  startDrag(id: string): Promise<{ done: boolean; message?: string }>
  /** Save as… / export to a folder through the shell's dialogs; see export.ts. */
  export(ids: readonly string[], title?: string): Promise<{ saved: number; location?: string }>
  reuse(id: string): Promise<{ draft: Draft; images: InputImage[]; missing: string[] }>
  setPoster(id: string, bytes: Uint8Array): Promise<LibraryItem>
  info(): { path: string; items: number; ready: boolean }
  /** The downloader's entry point: see importer.ts. Idempotent by `request.id`. */
  importResult(request: ImportRequest): Promise<LibraryItem>
  /** The clip an item continues and those that continue it (lineage.ts). */
  lineage(id: string): Promise<{ before?: LibraryItem; after: LibraryItem[] }>
  /** The chain an item belongs to, in playing order. */
  chain(id: string): Promise<LibraryItem[]>
  /** A video brought in by hand (dropped, or `reelbox library import`); see import-video.ts. */
  importVideo(source: VideoSource, options: { maxBytes: number }): Promise<Brought>
  /** A checked video from staging into `<folder>/<name>.mp4`, as a video added by hand (an exported sequence). */
  addVideo(staged: string, target: { folder: string; name: string }): Promise<LibraryItem>
  /** A dropped video's settings as a draft (recall.ts). */
  recall(settings: string): Promise<Recalled>
  /** Where an item's video is, for the engine's own reading (joins); never sent to the page. */
  videoFile(id: string): Promise<{ file: string; item: LibraryItem }>
  /** Videos, posters and input images by opaque id; see media.ts. */
  respondMedia(kind: string, id: string, request?: MediaRequest): Promise<MediaResponse>
  /** What this library's machines edit together (marks, boards, sequences), merged from all their change logs. */
  readonly studio: Studio
  /** Checks the folder again (e.g. when the window regains focus); announces what changed. */
  rescan(): Promise<void>
  /** Finishes the work under way, writes what the index still lacks and closes it. */
  dispose(): Promise<void>
}

/** The index file of this folder, or one in memory when the data folder cannot hold it. */
function openIndex(dataDir: string, root: string, log: Logger, workers: WorkerFiles): { db: IndexDb; rebuild?: Rebuild } {
  try {
    return IndexDb.open(indexFileOf(dataDir, root), root, log, workers.checkpoint)
  } catch (error) {
    log.warn('library.inMemory', { folder: dataDir, reason: (error as Error).message })
    return { db: IndexDb.inMemory(root), rebuild: { why: 'inMemory' } }
  }
}

/**
 * The local library (issue 4 items 4–7). The folder is the truth: videos with their JSON
 * sidecars and posters; the index in the data folder only makes opening fast. See
 * docs/LIBRARY.md for the layout and the crash-safety argument.
 */
export function createLibrary(options: LibraryOptions): Library {
  const root = path.resolve(options.library)
  const workers = options.workers ?? sourceWorkers
  const { db, rebuild } = openIndex(options.dataDir, root, options.log, workers)
  const store = new ItemStore(db, options.log, options.clock, () => options.emit({ kind: 'reset', ids: [] }))
  const studio = new Studio({
    library: root,
    dataDir: options.dataDir,
    machine: machineIdOf(options.dataDir),
    log: options.log,
    now: () => options.clock.now(),
    // Another machine's edit shows within two seconds on a followed library; a command reads once.
    followMs: options.followMs ? Math.min(options.followMs, STUDIO_FOLLOW_MS) : 0,
    name: () => {
      const maker = options.madeBy?.()
      return maker?.name ?? maker?.user
    },
  })
  store.shown = (entry) => {
    const fields = studio.fieldsOf(itemSubject(entry.item.id))
    return fields ? { ...entry, item: mergedMarks(entry.item, fields) } : entry
  }

  let queue: Promise<unknown> = Promise.resolve()
  let touched: Set<string> | undefined
  let isReady = false

  const openDeps: OpenDeps = {
    root,
    db,
    rebuild,
    legacyIndexFile: legacyIndexFileOf(options.dataDir, root),
    store,
    log: options.log,
    emit: options.emit,
    progress: options.progress ?? (() => undefined),
    folderCheck: workers.folderCheck,
    touched: (id) => touched?.has(id) ?? false,
    startScan: () => void (touched = new Set()),
    endScan: () => void (touched = undefined),
  }
  const opening = openLibrary(openDeps)
  void opening.ready.then(() => void (isReady = true), () => undefined)
  // What the first page waits for; a rescan that succeeds after a failed open replaces it.
  let ready: Promise<void> = opening.ready
  let rescanning: Promise<void> | undefined
  // A failed check (the drive was not connected) is retried by the next rescan.
  let validation: Promise<void> = opening.validated

  const ctx: LibraryContext = {
    root,
    store,
    studio,
    log: options.log,
    clock: options.clock,
    shell: options.shell,
    inputs: options.inputs,
    emit: options.emit,
    get ready() {
      return ready
    },
    validated: () => validation,
    exclusive<T>(work: () => Promise<T>): Promise<T> {
      const run = queue.then(work, work)
      queue = run.catch(() => undefined)
      return run
    },
    touch: (id) => void touched?.add(id),
    afterStep: options.afterImportStep,
    madeBy: options.madeBy,
  }

  // Asked again while a check runs (focus events come in bursts): the one under way answers.
  const rescan = (): Promise<void> =>
    (rescanning ??= (async () => {
      // The other machines' marks, shown before the folder's answer is awaited.
      await studio.refresh()
      await shown
      await validation.catch(() => undefined)
      validation = ctx.exclusive(async () => {
        await ensureFolder(root)
        await validate(openDeps)
      })
      await validation
      // The drive is back (or the folder readable again): the library opens after all.
      if (!isReady) {
        isReady = true
        ready = Promise.resolve()
        options.emit({ kind: 'reset', ids: [] })
      }
    })().finally(() => (rescanning = undefined)))

  // Marks other machines (or this machine's other process) set, shown once the index is in.
  let shown: Promise<unknown> = Promise.resolve()
  const showChanged = (subjects: Iterable<string>): void => {
    const ids = [...subjects].map(idOfSubject).filter((id): id is string => id !== undefined)
    if (ids.length) shown = ready.then(() => showMarks(ctx, ids)).catch((error: Error) => options.log.warn('studio.listenerFailed', { reason: error.message }))
  }
  studio.onChange((subjects, mine) => mine || showChanged(subjects))
  if (options.onStudioChange) studio.onChange(options.onStudioChange)
  void studio.ready.then(() => showChanged(studio.subjectsUnder('item/')))

  let following: Following | undefined
  let disposed = false
  const followMs = options.followMs ?? 0
  if (followMs > 0) {
    // From the first check on (the folder may be on a drive connected later: the checks go on).
    void opening.validated.catch(() => undefined).then(() => {
      if (!disposed) following = followFolder({ root, everyMs: followMs, clock: options.clock, log: options.log, rescan, folders: () => store.folders(), events: options.followEvents })
    })
  }

  return {
    folder: root,
    ready: () => ready,
    validated: () => validation,
    list: async (query, signal) => {
      await ready
      return store.query(query, signal)
    },
    locate: async (id, query, signal) => {
      await ready
      return store.locate(id, query, signal)
    },
    days: async (query, signal) => {
      await ready
      return store.days(query, signal)
    },
    facets: async () => {
      await ready
      return store.facets()
    },
    searchReady: async () => {
      await ready
      return store.wordsReady()
    },
    get: (id) => getDetail(ctx, id),
    has: async (id) => {
      // After the folder check the index knows every item, also one a crashed import left in the
      // folder (the download turn does not ask for a result nobody can have imported yet).
      await validation.catch(() => undefined)
      return store.get(id) !== undefined
    },
    update: (patch) => updateItem(ctx, patch),
    delete: (id) => deleteItem(ctx, id),
    reveal: (id) => shellAction(ctx, id, 'reveal'),
    open: (id) => shellAction(ctx, id, 'openPath'),
    startDrag: (id) => startDrag(ctx, id),
    export: (ids, title) => exportItems(ctx, ids, title),
    reuse: (id) => reuseItem(ctx, id),
    setPoster: (id, bytes) => setPoster(ctx, id, bytes),
    info: () => ({ path: root, items: store.size, ready: isReady }),
    importResult: (request) => importResult(ctx, request),
    lineage: (id) => lineageOf(ctx, id),
    chain: (id) => chainOf(ctx, id),
    importVideo: (source, importOptions) => importVideo(ctx, source, importOptions),
    addVideo: (staged, target) => addVideo(ctx, staged, target),
    recall: (settings) => recallSettings(ctx, settings),
    videoFile: async (id) => {
      const entry = await entryOf(ctx, id)
      return { file: fromRel(root, entry.rel), item: entry.item }
    },
    respondMedia: (kind, id, request) => respondMedia(ctx, kind, id, request),
    studio,
    rescan,
    dispose: async () => {
      disposed = true
      following?.stop()
      studio.close()
      await validation.catch(() => undefined)
      await queue
      await store.flush()
      await store.close()
    },
  }
}
