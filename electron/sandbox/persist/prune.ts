import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { isTempName } from './atomic'
import type { StoredTask } from './schema'

export interface PruneResult {
  kept: StoredTask[]
  droppedTasks: number
  removedFiles: number
}

/**
 * Drops tasks created before `cutoff` (Sandbox clock) and the files only they used; also files
 * no task names that are older than `fileCutoff` (wall clock: a result rendered before a crash
 * that never reached the state file is kept a while, a restored task may render into it again),
 * and leftovers of writes a crash cut short.
 */
export async function prune(dirs: { root: string; results: string; inputs: string }, tasks: StoredTask[], cutoff: number, fileCutoff: number): Promise<PruneResult> {
  const kept = tasks.filter((task) => task.createdAt >= cutoff)
  const dropped = tasks.filter((task) => task.createdAt < cutoff)
  const results = names(kept, dropped, (task) => (task.resultId ? [`${task.resultId}.mp4`] : []))
  const inputs = names(kept, dropped, (task) => task.render?.images.flatMap((image) => ('file' in image ? [image.file] : [])) ?? [])
  const removed = (await sweep(dirs.results, results)) + (await sweep(dirs.inputs, inputs)) + (await sweep(dirs.root, undefined))
  return { kept, droppedTasks: dropped.length, removedFiles: removed }

  /** Without `set`, only leftovers of cut-short writes (the root holds state.json and its temp files). */
  async function sweep(dir: string, set: { used: Set<string>; orphaned: Set<string> } | undefined): Promise<number> {
    let count = 0
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const file = path.join(dir, name)
      let remove = isTempName(name) || (set?.orphaned.has(name) ?? false)
      if (!remove && set && !set.used.has(name)) remove = ((await stat(file).catch(() => undefined))?.mtimeMs ?? Infinity) < fileCutoff
      if (remove && (await rm(file, { force: true }).then(() => true, () => false))) count += 1
    }
    return count
  }
}

/** Files the kept tasks use, and files only dropped tasks used. */
function names(kept: StoredTask[], dropped: StoredTask[], of: (task: StoredTask) => string[]): { used: Set<string>; orphaned: Set<string> } {
  const used = new Set(kept.flatMap(of))
  return { used, orphaned: new Set(dropped.flatMap(of).filter((name) => !used.has(name))) }
}
