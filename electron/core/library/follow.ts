import fs from 'node:fs'
import { readdir } from 'node:fs/promises'
import { sharedMountOf } from '../files/mounts'
import type { Logger } from '../logger'
import type { Clock } from '../ports'
import { fromRel } from './naming'

/**
 * Following the library folder while the engine runs (issue 27 item 4): what another machine
 * made (or deleted) in a shared library shows up without a manual rescan. Two ways in, both
 * ending in the library's own rescan (the folder check on its own thread, then only the changed
 * folders compared):
 *
 * - file-system events, where they work (local disks): a burst of them is one check, soon;
 * - a periodic check, for where they do not (SMB/NFS shares and sync engines' folders give no
 *   events, or only for this machine's own writes). It is cheap on a studio-sized library and
 *   stays cheap on a huge one: the next check waits at least COST_FACTOR times the CPU the last
 *   one took, so checking never takes more than a small share of one core, and at least as long
 *   as the last one took, so a slow disk or share is never asked without a pause. A folder the
 *   mount table says is on a network share (files/mounts.ts) is checked more often, SHARE_MS,
 *   and not watched: there the check is the only way another machine's change arrives.
 *
 * On macOS and Windows one recursive watch covers the library. Linux has no recursive watch of
 * its own (Node's emulation stats every file), so there the library folder, the folders right
 * in it and each folder that holds items (with those above it) are watched, refreshed after
 * every check; a new folder deeper down is noticed by its parent.
 */
export interface Following {
  stop(): void
}

export interface FollowOptions {
  root: string
  /** The shortest time between two periodic checks. */
  everyMs: number
  clock: Clock
  log: Logger
  rescan(): Promise<void>
  /** The folders the index holds items in (Linux watches each). */
  folders(): Iterable<string>
  /** False: no file-system events, the periodic check alone (as on a network share; tests). */
  events?: boolean
}

/** The periodic check of a live engine (CorePorts.libraryFollowMs): with the check's own time, within the 5 s the studio is promised. */
export const LIBRARY_FOLLOW_MS = 2_500
/** The periodic check on a network share, within the bound COST_FACTOR sets. */
export const SHARE_MS = 1_000
const COST_FACTOR = 10
/** Events come in bursts (a video, its sidecar, its poster, a sync engine's temp files): one check after the last. */
const SETTLE_MS = 250

export function followFolder(options: FollowOptions): Following {
  const { clock, log } = options
  const recursive = process.platform === 'darwin' || process.platform === 'win32'
  const watchers = new Map<string, fs.FSWatcher>()
  let timer: unknown
  let soon: unknown
  let running = false
  let again = false
  let stopped = false
  let lastFailure = ''
  let watchFailed = false
  let everyMs = options.everyMs
  let events = options.events !== false

  const check = async (): Promise<void> => {
    if (stopped) return
    if (running) {
      // The check under way may have passed the folder that changed: one more after it.
      again = true
      return
    }
    clock.clearTimeout(timer)
    running = true
    const started = clock.now()
    // The CPU of all the engine's threads (the check walks on one of its own): work that runs
    // beside the check counts too, which errs toward checking less. Its time on a share is mostly
    // the network's, which costs this machine nothing.
    const cpuBefore = process.cpuUsage()
    try {
      await options.rescan()
      lastFailure = ''
    } catch (error) {
      // A share that dropped off the network: said once, tried again at the next check.
      const message = (error as Error).message
      if (message !== lastFailure) log.warn('library.followFailed', { reason: message })
      lastFailure = message
    }
    running = false
    if (stopped) return
    await watchFolders()
    if (stopped) return
    if (again) {
      again = false
      void check()
      return
    }
    const cpu = process.cpuUsage(cpuBefore)
    const cpuMs = (cpu.user + cpu.system) / 1000
    timer = clock.setTimeout(() => void check(), Math.max(everyMs, COST_FACTOR * cpuMs, clock.now() - started))
  }

  const onEvent = (name: string | Buffer | null): void => {
    // Our own corner, edit locks and temp files (dot-names) say nothing about items.
    if (typeof name === 'string' && name.split(/[\\/]/).some((part) => part.startsWith('.'))) return
    clock.clearTimeout(soon)
    soon = clock.setTimeout(() => void check(), SETTLE_MS)
  }

  /** Watches one folder; true when it was not watched before. */
  const watch = (rel: string): boolean => {
    if (watchers.has(rel) || watchFailed || !events) return false
    try {
      const watcher = fs.watch(rel ? fromRel(options.root, rel) : options.root, { recursive, persistent: false }, (_event, name) => onEvent(name))
      watcher.on('error', () => {
        watcher.close()
        watchers.delete(rel)
      })
      watchers.set(rel, watcher)
      return true
    } catch (error) {
      // Out of watches (Linux's inotify limit), or a file system without events: the periodic check covers it.
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'ENOENT') {
        watchFailed = true
        log.info('library.noEvents', { reason: (error as Error).message })
      }
      return false
    }
  }

  async function watchFolders(first = false): Promise<void> {
    watch('')
    if (recursive || watchFailed || !events) return
    // The library's own folders (months, projects), where a first item arrives in a new folder,
    const wanted = new Set(['', ...(await topFolders(options.root))])
    if (stopped) return
    // Each folder with items and the folders above it (where a new sibling folder appears).
    for (const rel of options.folders()) for (let at = rel; at && !wanted.has(at); at = at.slice(0, Math.max(0, at.lastIndexOf('/')))) wanted.add(at)
    let fresh = false
    for (const rel of wanted) fresh = watch(rel) || fresh
    // A new folder may have filled before it was watched (another machine's first video of a month).
    if (fresh && !first) onEvent(null)
    for (const [rel, watcher] of watchers) {
      if (wanted.has(rel)) continue
      watcher.close()
      watchers.delete(rel)
    }
  }

  const start = async (): Promise<void> => {
    const share = await sharedMountOf(options.root)
    if (stopped) return
    if (share) {
      events = false
      everyMs = Math.min(everyMs, SHARE_MS)
      log.info('library.followShare', { fstype: share.fstype, source: share.source })
    }
    await watchFolders(true)
    if (!stopped) timer = clock.setTimeout(() => void check(), everyMs)
  }
  void start()
  return {
    stop() {
      stopped = true
      clock.clearTimeout(timer)
      clock.clearTimeout(soon)
      for (const watcher of watchers.values()) watcher.close()
      watchers.clear()
    },
  }
}

/** The folders right in the library (dot-folders are ours or a sync engine's). */
async function topFolders(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => [])
  return entries.filter((d) => d.isDirectory() && !d.name.startsWith('.')).map((d) => d.name)
}
