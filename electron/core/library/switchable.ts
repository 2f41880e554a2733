import { copyFile, mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { LibraryChanged } from '../../../shared/contract/library'
import { isCode } from '../files/atomic'
import type { Logger } from '../logger'
import type { Library } from './library'
import { stagingDir } from './naming'

/**
 * The library the rest of the engine holds: one stable object whose folder can change under it
 * (settings.libraryDir, `library.move`). The transports, the media routes and the job runner keep
 * this object; every call goes to the library open right now.
 */
export interface SwitchableLibrary extends Library {
  /** Opens `folder` as the library and closes the old one (resolves once it is closed). */
  switchTo(folder: string): Promise<void>
  /**
   * Runs `work` while every change to the library (imports, edits, deletes, posters) waits, after
   * the changes already under way have finished. Reads go on. `library.move` runs inside this.
   */
  hold<T>(work: () => Promise<T>): Promise<T>
}

export interface SwitchableOptions {
  folder: string
  /** Opens one folder as a library; `emit` is dropped once that library is no longer current. */
  open(folder: string, emit: (change: LibraryChanged) => void): Library
  emit(change: LibraryChanged): void
  log: Logger
}

/**
 * A download that started before a switch was staged in the old folder's `.reelbox/staging/`; the
 * importer only takes files from its own staging folder (a rename, same disk), so bring it over.
 */
async function restage(stagedFile: string, folder: string): Promise<string> {
  const staging = stagingDir(folder)
  const staged = path.resolve(stagedFile)
  if (staged.startsWith(staging + path.sep)) return staged
  await mkdir(staging, { recursive: true })
  const target = path.join(staging, path.basename(staged))
  try {
    await rename(staged, target)
  } catch (error) {
    if (!isCode(error, 'EXDEV')) throw error
    await copyFile(staged, target)
    await rm(staged, { force: true })
  }
  return target
}

export function createSwitchableLibrary(options: SwitchableOptions): SwitchableLibrary {
  let generation = 0
  const openAt = (folder: string): Library => {
    const mine = ++generation
    return options.open(path.resolve(folder), (change) => {
      if (mine === generation) options.emit(change)
    })
  }
  // Opened on first use, so an engine that never touches the library (most `reelbox` commands)
  // neither scans the folder nor writes its index.
  let currentFolder = path.resolve(options.folder)
  let opened: Library | undefined
  const current = (): Library => (opened ??= openAt(currentFolder))
  let switching: Promise<void> = Promise.resolve()
  let gate: Promise<void> = Promise.resolve()
  const inFlight = new Set<Promise<unknown>>()

  /** A change waits for a hold to end; a hold waits for the changes that started before it. */
  function change<T>(run: (library: Library) => Promise<T>): Promise<T> {
    return gate.then(() => {
      const running = run(current())
      inFlight.add(running)
      void running.then(
        () => inFlight.delete(running),
        () => inFlight.delete(running),
      )
      return running
    })
  }

  // Reads go straight to the library open now; changes pass the gate (see `hold`). A Proxy, so a
  // method added to Library later is forwarded without being listed here again.
  const own: Omit<SwitchableLibrary, Exclude<keyof Library, 'folder' | 'update' | 'delete' | 'setPoster' | 'importResult' | 'importVideo' | 'addVideo' | 'dispose'>> = {
    get folder() {
      return currentFolder
    },
    update: (patch) => change((library) => library.update(patch)),
    delete: (id) => change((library) => library.delete(id)),
    setPoster: (id, bytes) => change((library) => library.setPoster(id, bytes)),
    importResult: (request) =>
      change(async (library) => {
        const stagedFile = await restage(request.stagedFile, library.folder)
        return library.importResult({ ...request, stagedFile })
      }),
    importVideo: (source, importOptions) => change((library) => library.importVideo(source, importOptions)),
    addVideo: (staged, target) => change(async (library) => library.addVideo(await restage(staged, library.folder), target)),

    switchTo(folder) {
      const target = path.resolve(folder)
      switching = switching.then(async () => {
        if (target === currentFolder) return
        const old = opened
        const was = currentFolder
        currentFolder = target
        opened = old && openAt(target)
        // Every view of the library is now of another folder.
        options.emit({ kind: 'reset', ids: [] })
        options.log.info('library.switched', { folder: target, was })
        await old?.dispose().catch((error: unknown) => options.log.warn('library.closeFailed', { folder: was, reason: (error as Error).message }))
      })
      return switching
    },

    hold(work) {
      const before = gate
      let release!: () => void
      gate = new Promise<void>((resolve) => (release = resolve))
      return before.then(async () => {
        try {
          await Promise.allSettled([...inFlight])
          return await work()
        } finally {
          release()
        }
      })
    },

    async dispose() {
      await switching
      await opened?.dispose()
    },
  }
  // A method read off this object must keep following the current library: a caller may hold
  // it for the app's lifetime (Electron's media scheme handler does), across a folder switch.
  const forwarders = new Map<PropertyKey, unknown>()
  return new Proxy(own as SwitchableLibrary, {
    get: (target, key, receiver) => {
      if (key in target) return Reflect.get(target, key, receiver)
      const library = current()
      if (typeof Reflect.get(library, key) !== 'function') return Reflect.get(library, key)
      if (!forwarders.has(key)) forwarders.set(key, (...args: unknown[]) => (Reflect.get(current(), key) as (...a: unknown[]) => unknown).apply(current(), args))
      return forwarders.get(key)
    },
    has: (target, key) => key in target || key in current(),
  })
}
