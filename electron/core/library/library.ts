import path from 'node:path'
import type { LibraryChanged, LibraryDetail, LibraryFacets, LibraryPage } from '../../../shared/contract/library'
import type { Draft, InputImage } from '../../../shared/draft'
import type { LibraryItem } from '../../../shared/library'
import type { Logger } from '../logger'
import type { Clock, ShellPort } from '../ports'
import { deleteItem, getDetail, reuseItem, setPoster, shellAction, updateItem } from './actions'
import { startDrag } from './drag'
import type { ImportStep, InputLookup, LibraryContext } from './context'
import { importResult, type ImportRequest } from './importer'
import { createIndexSaver, indexFileOf } from './index-cache'
import { respondMedia, type MediaRequest, type MediaResponse } from './media'
import { ensureFolder, openLibrary, validate } from './open'
import type { ParsedQuery } from './query'
import { ItemStore } from './store'

export interface LibraryOptions {
  /** The designer's folder (`ports.paths.library`). */
  library: string
  /** The app's data folder: the index cache lives in `<data>/library-index/`. */
  dataDir: string
  clock: Clock
  log: Logger
  emit: (change: LibraryChanged) => void
  shell?: ShellPort
  inputs?: InputLookup
  /** How long index writes wait for more changes (default 500 ms). */
  indexDebounceMs?: number
  /** Test seam: runs after each import step (the crash tests stop a real process there). */
  afterImportStep?: (step: ImportStep, id: string) => Promise<void> | void
}

export interface Library {
  readonly folder: string
  /** Resolves when the first page can be served. */
  ready(): Promise<void>
  /** Resolves when the folder has been checked against the index (or the index rebuilt). */
  validated(): Promise<void>
  list(query: ParsedQuery): Promise<LibraryPage>
  locate(id: string, query: ParsedQuery): Promise<{ index: number; total: number }>
  facets(): Promise<LibraryFacets>
  get(id: string): Promise<LibraryDetail>
  /** Whether an item is indexed (the downloader asks before fetching a result again). */
  has(id: string): Promise<boolean>
  update(patch: { id: string; favourite?: boolean; rating?: number; tags?: string[] }): Promise<LibraryItem>
  delete(id: string): Promise<{ id: string; trashed: 'os-trash' | 'library-trash'; location?: string }>
  reveal(id: string): Promise<{ done: boolean; message?: string }>
  open(id: string): Promise<{ done: boolean; message?: string }>
  /** Drags the video out to another app (the shell's `startDrag`); see drag.ts. */
  startDrag(id: string): Promise<{ done: boolean; message?: string }>
  reuse(id: string): Promise<{ draft: Draft; images: InputImage[]; missing: string[] }>
  setPoster(id: string, bytes: Uint8Array): Promise<LibraryItem>
  info(): { path: string; items: number; ready: boolean }
  /** The downloader's entry point: see importer.ts. Idempotent by `request.id`. */
  importResult(request: ImportRequest): Promise<LibraryItem>
  /** Videos, posters and input images by opaque id; see media.ts. */
  respondMedia(kind: string, id: string, request?: MediaRequest): Promise<MediaResponse>
  /** Checks the folder again (e.g. when the window regains focus); announces what changed. */
  rescan(): Promise<void>
  /** Writes a pending index save. */
  dispose(): Promise<void>
}

/**
 * The local library (issue 4 items 4–7). The folder is the truth: videos with their JSON
 * sidecars and posters; the index in the data folder only makes opening fast. See
 * docs/LIBRARY.md for the layout and the crash-safety argument.
 */
export function createLibrary(options: LibraryOptions): Library {
  const root = path.resolve(options.library)
  const indexFile = indexFileOf(options.dataDir, root)
  const store = new ItemStore()
  const saver = createIndexSaver({ file: indexFile, library: root, entries: () => store.entries(), clock: options.clock, debounceMs: options.indexDebounceMs ?? 500, log: options.log })

  let queue: Promise<unknown> = Promise.resolve()
  let touched: Set<string> | undefined
  let isReady = false

  const openDeps = {
    root,
    indexFile,
    store,
    log: options.log,
    emit: options.emit,
    save: () => saver.schedule(),
    startScan: () => void (touched = new Set()),
    takeTouched: () => {
      const taken = touched ?? new Set<string>()
      touched = undefined
      return taken
    },
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
    saver,
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
  }

  return {
    folder: root,
    ready: () => ready,
    validated: () => validation,
    list: async (query) => {
      await ready
      return store.query(query)
    },
    locate: async (id, query) => {
      await ready
      return store.locate(id, query)
    },
    facets: async () => {
      await ready
      return store.facets()
    },
    get: (id) => getDetail(ctx, id),
    has: async (id) => {
      // Imports finish only after the folder check, so the index knows every item by then.
      await validation.catch(() => undefined)
      return store.get(id) !== undefined
    },
    update: (patch) => updateItem(ctx, patch),
    delete: (id) => deleteItem(ctx, id),
    reveal: (id) => shellAction(ctx, id, 'reveal'),
    open: (id) => shellAction(ctx, id, 'openPath'),
    startDrag: (id) => startDrag(ctx, id),
    reuse: (id) => reuseItem(ctx, id),
    setPoster: (id, bytes) => setPoster(ctx, id, bytes),
    info: () => ({ path: root, items: store.size, ready: isReady }),
    importResult: (request) => importResult(ctx, request),
    respondMedia: (kind, id, request) => respondMedia(ctx, kind, id, request),
    // Asked again while a check runs (focus events come in bursts): the one under way answers.
    rescan: () =>
      (rescanning ??= (async () => {
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
      })().finally(() => (rescanning = undefined))),
    dispose: async () => {
      await validation.catch(() => undefined)
      await queue
      await saver.flush()
    },
  }
}
