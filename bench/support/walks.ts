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

/** Every sidecar read and parsed, nothing else (all reads of a folder in flight at once). */
export async function plainSidecarLoop(dir: string): Promise<number> {
  const dirents = await readdir(dir, { withFileTypes: true })
  const counts = await Promise.all(
    dirents.map(async (d: Dirent) => {
      const full = path.join(dir, d.name)
      if (d.isDirectory()) return plainSidecarLoop(full)
      if (!d.name.endsWith('.json')) return 0
      JSON.parse(await readFile(full, 'utf8'))
      return 1
    }),
  )
  return counts.reduce((a, b) => a + b, 0)
}
