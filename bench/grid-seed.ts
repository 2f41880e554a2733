/**
 * Libraries for the grid benchmarks, written the way Reelbox writes them (month folders, a video,
 * a sidecar and a poster per item) but fast: one real MP4 and one real JPEG hard-linked under
 * every name, a sidecar per item, then the engine builds its index once. Kept in the temp folder
 * between runs (a 100,000-item library takes a minute to make).
 */
import { existsSync } from 'node:fs'
import { link, mkdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { createLibrary } from '../electron/core/library/library'
import { createLogHub } from '../electron/core/logger'
import { systemClock } from '../electron/core/ports'
import { makeMp4 } from '../tests/core/library/support/mp4'
import { writeBenchLibrary } from './support/sidecars'

/** Part of the cached library's folder name: bump it when what a library holds changes. */
const FORMAT = 'v3'
/** One item every ten minutes: 144 a day, the same density at every size. */
const SPACING_MS = 600_000
const LINKS_PER_SOURCE = 50_000

export interface GridLibrary {
  root: string
  data: string
  library: string
}

/** A library of `count` items ending now (newest first), with its index built. */
export async function gridLibrary(count: number): Promise<GridLibrary> {
  const root = path.join(os.tmpdir(), `reelbox-bench-grid-${FORMAT}-${count}`)
  const library = path.join(root, 'library')
  const data = path.join(root, 'data')
  if (existsSync(path.join(root, 'ready'))) return { root, library, data }
  await rm(root, { recursive: true, force: true })
  await mkdir(library, { recursive: true })
  const started = performance.now()
  const mp4 = await makeMp4({ width: 320, height: 180, frames: 24 })
  const jpeg = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#3b3f8f' } }).jpeg().toBuffer()
  // A file takes at most 65,000 links on ext4: one source pair per block of items.
  const sources: Array<{ video: string; poster: string }> = []
  for (let block = 0; block * LINKS_PER_SOURCE < count; block++) {
    const pair = { video: path.join(root, `clip-${block}.mp4`), poster: path.join(root, `poster-${block}.jpg`) }
    await writeFile(pair.video, mp4)
    await writeFile(pair.poster, jpeg)
    sources.push(pair)
  }
  const end = Date.now()
  await writeBenchLibrary(library, count, {
    finishedAt: (n) => end - n * SPACING_MS,
    video: (n, file) => link(sources[Math.floor(n / LINKS_PER_SOURCE)]!.video, file),
    videoSize: mp4.length,
    poster: (n, file) => link(sources[Math.floor(n / LINKS_PER_SOURCE)]!.poster, file),
    batch: 128,
  })
  const log = createLogHub(() => Date.now()).root
  const built = createLibrary({ library, dataDir: data, clock: systemClock, log, emit: () => undefined })
  await built.validated()
  await built.dispose()
  if (built.info().items !== count) throw new Error(`expected ${count} items, the index has ${built.info().items}`)
  await writeFile(path.join(root, 'ready'), '')
  process.stdout.write(`made a ${count}-item library in ${Math.round(performance.now() - started)} ms (${root})\n`)
  return { root, library, data }
}

/** A fresh, empty library (the baseline for the first paint). */
export async function emptyLibrary(): Promise<GridLibrary> {
  const root = path.join(os.tmpdir(), `reelbox-bench-grid-${FORMAT}-empty-${process.pid}`)
  await rm(root, { recursive: true, force: true })
  await mkdir(path.join(root, 'library'), { recursive: true })
  return { root, library: path.join(root, 'library'), data: path.join(root, 'data') }
}
