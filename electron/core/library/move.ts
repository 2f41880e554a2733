import { randomBytes } from 'node:crypto'
import { access, constants, copyFile, link, mkdir, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { MoveProgress } from '../../../shared/contract/library-folder'
import { type AppError, invalidInput, problemError } from '../../../shared/errors'
import { problem, type ProblemParams } from '../../../shared/rules/problems'
import { isCode, syncDir, syncFile, writeFileAtomic } from '../files/atomic'
import type { Logger } from '../logger'
import { fromRel, isVideoName } from './naming'
import { walkLibrary } from './walk'
import type { SwitchableLibrary } from './switchable'

/**
 * Moving the library to another folder (Settings → Library folder → Move), safe against a crash
 * at any moment. Every item is complete in at least one of the two folders at every instant,
 * and a library is only ever found by scanning, so whichever folder is open shows every item:
 *   1. copying: each file is placed in the new folder under a temp name and renamed into place
 *      (a hard link on the same disk: instant, no extra space; a copy with fsync across disks),
 *      sidecars and posters before any video, so the new folder never shows a video without
 *      its sidecar; the old folder is untouched and stays the library;
 *   2. switching: the journal says "cleaning", then settings.libraryDir names the new folder;
 *   3. cleaning: each old file is removed once its copy is there with the same size, videos
 *      first (an old sidecar without its video is ignored by a scan), then empty folders.
 * The journal (`<data>/library-move.json`) lets the next start finish an interrupted move.
 */
export interface MoveJournal {
  version: 1
  from: string
  to: string
  phase: 'copying' | 'cleaning'
  startedAt: number
}

export interface MoverDeps {
  dataDir: string
  library: SwitchableLibrary
  /** Points settings.libraryDir at the new folder (which switches the library). */
  setLibraryDir(folder: string): void
  emit(progress: MoveProgress): void
  log: Logger
  now(): number
}

export interface LibraryMover {
  /** Checks the target and starts the move; progress follows as events. */
  start(to: string): Promise<MoveProgress>
  status(): MoveProgress | null
  /** Finishes a move a crash interrupted (at engine start). */
  resume(): Promise<void>
  /** Stops a running move between two files (engine shutdown); the next start finishes it. */
  stop(): Promise<void>
}

/** Thrown between files when the engine shuts down: not a failure, the journal stays. */
class Stopped extends Error {}

const field = (params: ProblemParams['move.refused']): AppError => invalidInput({ to: [problem('move.refused', params)] })

export function journalFileOf(dataDir: string): string {
  return path.join(dataDir, 'library-move.json')
}

/** Our own temp names (see writeFileAtomic): a scan skips dot-files and sweeps abandoned ones. */
const tempBeside = (file: string): string => path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  )
}

/** Places `src` at `dst` whole or not at all: a hard link where the disk allows, else a synced copy. */
async function place(src: string, dst: string): Promise<void> {
  if (await exists(dst)) return // placed before a crash: the rename made it complete
  await mkdir(path.dirname(dst), { recursive: true })
  const temp = tempBeside(dst)
  try {
    try {
      await link(src, temp)
    } catch (error) {
      // EXDEV: another disk; EPERM/ENOTSUP/EMLINK: a file system without hard links (FAT, some shares).
      if (!['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK', 'EOPNOTSUPP'].some((code) => isCode(error, code))) throw error
      await copyFile(src, temp)
      await syncFile(temp)
    }
    await rename(temp, dst)
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined)
    throw error
  }
  await syncDir(path.dirname(dst))
}

/** Sidecars and posters first, videos last (copying); the reverse when removing. */
function videosLast(files: string[]): string[] {
  return [...files.filter((f) => !isVideoName(f)), ...files.filter(isVideoName)]
}

async function removeEmptyFolders(root: string, rel = ''): Promise<void> {
  const dir = rel ? fromRel(root, rel) : root
  const dirents = await readdir(dir, { withFileTypes: true }).catch(() => [])
  for (const d of dirents) if (d.isDirectory() && !d.name.startsWith('.')) await removeEmptyFolders(root, rel ? `${rel}/${d.name}` : d.name)
  if (rel) await rmdir(dir).catch(() => undefined) // ENOTEMPTY: the designer's own files stay
}

/** Refuses a target that is the library, inside it, around it, a file, or not empty. */
async function checkTarget(from: string, to: string): Promise<void> {
  if (to === from) throw field({ why: 'same' })
  if (to.startsWith(from + path.sep)) throw field({ why: 'inside' })
  if (from.startsWith(to + path.sep)) throw field({ why: 'contains' })
  const info = await stat(to).catch((error: unknown) => (isCode(error, 'ENOENT') ? undefined : Promise.reject(error)))
  if (info) {
    if (!info.isDirectory()) throw field({ why: 'file' })
    const visible = (await readdir(to)).filter((name) => !name.startsWith('.'))
    if (visible.length > 0) throw field({ why: 'notEmpty', count: visible.length })
    await access(to, constants.W_OK).catch(() => Promise.reject(field({ why: 'notWritable' })))
    return
  }
  // Like the library itself (open.ts): never recreate a path whose drive is not connected.
  const parent = path.dirname(to)
  const parentExists = await stat(parent).then(
    (p) => p.isDirectory(),
    () => false,
  )
  if (!parentExists && !to.startsWith(os.homedir() + path.sep)) throw field({ why: 'noParent', parent })
  await mkdir(to, { recursive: true }).catch((error: unknown) => Promise.reject(field({ why: 'cannotCreate', reason: (error as Error).message })))
}

export function createLibraryMover(deps: MoverDeps): LibraryMover {
  const journalFile = journalFileOf(deps.dataDir)
  let last: MoveProgress | null = null
  let running: Promise<void> | undefined
  let stopping = false
  const checkpoint = (): void => {
    if (stopping) throw new Stopped('stopped')
  }

  function report(progress: MoveProgress): MoveProgress {
    last = progress
    deps.emit(progress)
    return progress
  }

  async function copyAll(journal: MoveJournal, files: string[], items: number): Promise<void> {
    let done = 0
    for (const rel of videosLast(files)) {
      await place(fromRel(journal.from, rel), fromRel(journal.to, rel))
      checkpoint()
      report({ from: journal.from, to: journal.to, phase: 'copying', done: ++done, total: files.length, items })
    }
  }

  async function cleanAll(journal: MoveJournal, items: number): Promise<string[]> {
    const files = await walkLibrary(journal.from, deps.log).catch(() => [] as string[])
    const ordered = [...files.filter(isVideoName), ...files.filter((f) => !isVideoName(f))]
    const kept: string[] = []
    let done = 0
    for (const rel of ordered) {
      const [src, dst] = [await stat(fromRel(journal.from, rel)).catch(() => undefined), await stat(fromRel(journal.to, rel)).catch(() => undefined)]
      // Never remove a file whose copy is not there whole: that one stays where it was.
      if (src && dst && src.size === dst.size) await rm(fromRel(journal.from, rel), { force: true }).catch(() => kept.push(rel))
      else if (src) kept.push(rel)
      checkpoint()
      report({ from: journal.from, to: journal.to, phase: 'cleaning', done: ++done, total: ordered.length, items })
    }
    await removeEmptyFolders(journal.from)
    return kept
  }

  async function run(journal: MoveJournal): Promise<void> {
    const files = journal.phase === 'copying' ? await walkLibrary(journal.from, deps.log) : []
    const items = files.filter(isVideoName).length
    if (journal.phase === 'copying') {
      try {
        await copyAll(journal, files, items)
      } catch (error) {
        if (error instanceof Stopped) throw error
        // The old folder is untouched and still the library: take back what was placed.
        for (const rel of files) await rm(fromRel(journal.to, rel), { force: true }).catch(() => undefined)
        await removeEmptyFolders(journal.to)
        await rm(journalFile, { force: true })
        const note = { code: 'library.moveFailed', params: { to: journal.to, from: journal.from, reason: (error as Error).message } } as const
        deps.log.error(note.code, note.params)
        report({ from: journal.from, to: journal.to, phase: 'failed', done: 0, total: files.length, items, note })
        return
      }
      journal = { ...journal, phase: 'cleaning' }
      await writeFileAtomic(journalFile, JSON.stringify(journal))
    }
    report({ from: journal.from, to: journal.to, phase: 'switching', done: 0, total: 0, items })
    deps.setLibraryDir(journal.to)
    await deps.library.switchTo(journal.to)
    const kept = await cleanAll(journal, items)
    await rm(journalFile, { force: true })
    const note = kept.length ? ({ code: 'library.moveLeftFiles', params: { count: kept.length, from: journal.from, to: journal.to } } as const) : undefined
    if (note) deps.log.warn(note.code, note.params)
    deps.log.info('library.moved', { from: journal.from, to: journal.to, count: items })
    report({ from: journal.from, to: journal.to, phase: 'done', done: items, total: items, items, note })
  }

  function launch(journal: MoveJournal): void {
    running = deps.library
      .hold(() => run(journal))
      .catch((error: unknown) => {
        if (error instanceof Stopped) return void deps.log.info('library.moveLater', { to: journal.to })
        const note = { code: 'library.moveStopped', params: { reason: (error as Error).message } } as const
        deps.log.error(note.code, note.params)
        report({ from: journal.from, to: journal.to, phase: 'failed', done: 0, total: 0, items: 0, note })
      })
      .finally(() => (running = undefined))
  }

  return {
    async start(to) {
      if (running) throw field({ why: 'busy' })
      const from = path.resolve(deps.library.folder)
      const target = path.resolve(to)
      await checkTarget(from, target)
      const files = await walkLibrary(from, deps.log).catch((error: unknown) => {
        throw problemError('DISK', problem('folder.unreadable', { folder: from, reason: (error as Error).message }))
      })
      const journal: MoveJournal = { version: 1, from, to: target, phase: 'copying', startedAt: deps.now() }
      await writeFileAtomic(journalFile, JSON.stringify(journal))
      const progress = report({ from, to: target, phase: 'copying', done: 0, total: files.length, items: files.filter(isVideoName).length })
      launch(journal)
      return progress
    },
    status: () => last,
    async resume() {
      const text = await readFile(journalFile, 'utf8').catch(() => undefined)
      if (text === undefined) return
      let journal: MoveJournal
      try {
        journal = JSON.parse(text) as MoveJournal
      } catch {
        deps.log.warn('library.moveJournalDropped')
        await rm(journalFile, { force: true })
        return
      }
      // Copying: the old folder must still be the library; otherwise the designer chose another since.
      if (journal.phase === 'copying' && path.resolve(deps.library.folder) !== journal.from) {
        deps.log.warn('library.moveNotResumed', { to: journal.to, folder: deps.library.folder })
        await rm(journalFile, { force: true })
        return
      }
      deps.log.info('library.moveResumed', { from: journal.from, to: journal.to })
      launch(journal)
      await running
    },
    async stop() {
      stopping = true
      await running
    },
  }
}
