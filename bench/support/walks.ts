/**
 * The baselines the library benchmarks compare with: what reading the folder costs with no
 * index at all.
 */
import type { Dirent } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'

/** Every file under the folder, read with readdir and each statted (all of a folder at once). */
export async function bareWalk(dir: string): Promise<number> {
  const dirents = await readdir(dir, { withFileTypes: true })
  const counts = await Promise.all(
    dirents.map(async (d: Dirent) => {
      const full = path.join(dir, d.name)
      if (d.isDirectory()) return bareWalk(full)
      await stat(full)
      return 1
    }),
  )
  return counts.reduce((a, b) => a + b, 0)
}

/**
 * Every sidecar read and parsed, nothing else: folder after folder (as the engine's scan goes),
 * all reads of a folder in flight at once (every folder at once runs out of file descriptors at
 * 100,000 items).
 */
export async function plainSidecarLoop(dir: string): Promise<number> {
  const dirents = await readdir(dir, { withFileTypes: true })
  const counts = await Promise.all(
    dirents.map(async (d: Dirent) => {
      if (!d.isFile() || !d.name.endsWith('.json')) return 0
      JSON.parse(await readFile(path.join(dir, d.name), 'utf8'))
      return 1
    }),
  )
  let total = counts.reduce<number>((a, b) => a + b, 0)
  for (const d of dirents) if (d.isDirectory()) total += await plainSidecarLoop(path.join(dir, d.name))
  return total
}
