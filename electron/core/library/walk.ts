import { opendir, rm } from 'node:fs/promises'
import type { Logger } from '../logger'
import { fromRel } from './naming'

/**
 * How the library folder is walked: every folder under it, one at a time, subfolders in name
 * order, dot-entries and symlinks skipped, by the scan (scanner.ts) and a library move (move.ts).
 * The folder check's thread (folder-check.ts) walks it the same way in its own plain JavaScript.
 */

// writeFileAtomic's temp names (".<name>.<pid>.<hex>.tmp"): ours, left by a crash mid-write.
export const OUR_TEMP = /^\..+\.(\d+)\.[0-9a-f]{12}\.tmp$/

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

export interface Folder {
  rel: string
  files: string[]
  subdirs: string[]
}

/**
 * One folder's files and subfolders; skips dot-entries and symlinks, and sweeps our dead temp
 * files. Read in batches of entries (opendir), so a folder of 300,000 files is never one long
 * stretch on the engine's thread.
 */
export async function readFolder(root: string, rel: string): Promise<Folder> {
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
 * One folder, or `undefined` when it cannot be read (permissions, a network share): that is
 * logged and reported to `unreadable`. The library folder itself that cannot be read is an error.
 */
export async function readOrSkip(root: string, rel: string, log: Logger, unreadable: (rel: string) => void): Promise<Folder | undefined> {
  try {
    return await readFolder(root, rel)
  } catch (error) {
    if (!rel) throw error
    log.warn('library.folderUnreadable', { folder: rel, reason: (error as Error).message })
    unreadable(rel)
    return undefined
  }
}

/** Visits every folder under the library, one at a time, subfolders in name order; unreadable ones are skipped. */
export async function eachFolder(root: string, log: Logger, visit: (folder: Folder) => Promise<void>, unreadable: (rel: string) => void = () => undefined): Promise<void> {
  async function walk(rel: string): Promise<void> {
    const folder = await readOrSkip(root, rel, log, unreadable)
    if (!folder) return
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
