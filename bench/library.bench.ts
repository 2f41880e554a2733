/**
 * Library benchmarks (issue 4 item 10) on a library written file by file, each against a
 * baseline measured side by side (the index at 100,000 and 1,000,000 items: library-index.bench.ts):
 *   (a) open a 10,000-item library with a warm index until the first page is ready
 *       vs a bare readdir+stat walk of the same folder — target ≤ 0.5×;
 *   (b) full validation of the folder against the index vs that walk — ≤ 1.5×;
 *   (c) rebuild from the sidecars vs a plain readdir+readFile+JSON.parse loop — ≤ 1.3×.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { LibraryQuery } from '../shared/library'
import { indexFileOf } from '../electron/core/library/index-db'
import { createLibrary, type Library } from '../electron/core/library/library'
import { createLogHub } from '../electron/core/logger'
import { systemClock } from '../electron/core/ports'
import { makeMp4 } from '../tests/core/library/support/mp4'
import { median, medianMs, report } from './support/report'
import { writeBenchLibrary } from './support/sidecars'
import { bareWalk, plainSidecarLoop } from './support/walks'

const ITEMS = Number(process.env['REELBOX_BENCH_ITEMS'] ?? 10_000)
const RUNS = 7

/** A library as Reelbox writes it, a poster for half the items. */
async function generate(root: string, count: number): Promise<void> {
  const video = await makeMp4()
  const poster = Buffer.alloc(4096, 0xd8)
  await writeBenchLibrary(root, count, {
    finishedAt: (n) => Date.UTC(2024, 0, 1) + n * 600_000,
    video: (_n, file) => writeFile(file, video),
    videoSize: video.length,
    poster: async (n, file) => {
      if (n % 2 === 0) await writeFile(file, poster)
    },
  })
}

const log = createLogHub(() => Date.now()).root
const open = (root: string, data: string): Library =>
  createLibrary({ library: root, dataDir: data, clock: systemClock, log, emit: () => undefined })
const firstPage = LibraryQuery.parse({})

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-bench-'))
  const root = path.join(dir, 'library')
  const data = path.join(dir, 'data')
  try {
    const t0 = performance.now()
    await generate(root, ITEMS)
    process.stdout.write(`generated ${ITEMS} items (${await bareWalk(root)} files) in ${Math.round(performance.now() - t0)} ms\n`)
    const warm = open(root, data)
    await warm.validated()
    await warm.dispose()
    if (warm.info().items !== ITEMS) throw new Error(`expected ${ITEMS} items, the library has ${warm.info().items}`)
    process.stdout.write(`index: ${((await stat(indexFileOf(data, root))).size / 2 ** 20).toFixed(1)} MB for ${ITEMS} items\n`)

    // Baselines and measurements interleave run by run, so both see the same cache state.
    const walkTimes: number[] = []
    const openTimes: number[] = []
    const validateTimes: number[] = []
    for (let run = 0; run < RUNS + 1; run++) {
      const w = await medianMs(() => bareWalk(root), 1, 0)
      let lib: Library | undefined
      const o = await medianMs(async () => {
        lib = open(root, data)
        const page = await lib.list(firstPage)
        if (page.items.length !== 100) throw new Error('first page incomplete')
      }, 1, 0)
      await lib!.validated()
      const v = await medianMs(() => lib!.rescan(), 1, 0)
      await lib!.dispose()
      if (run > 0) {
        walkTimes.push(w)
        openTimes.push(o)
        validateTimes.push(v)
      }
    }
    const walk = { name: 'readdir+stat walk', value: median(walkTimes) }
    report({ name: `library: open ${ITEMS} items, first page (warm index)`, value: median(openTimes), unit: 'ms', baseline: walk, target: 0.5 })
    report({ name: `library: validate ${ITEMS} items against the folder`, value: median(validateTimes), unit: 'ms', baseline: walk, target: 1.5 })

    const indexFile = indexFileOf(data, root)
    const loopTimes: number[] = []
    const rebuildTimes: number[] = []
    for (let run = 0; run < RUNS + 1; run++) {
      const l = await medianMs(() => plainSidecarLoop(root), 1, 0)
      for (const suffix of ['', '-wal', '-shm']) await rm(indexFile + suffix, { force: true })
      let lib: Library | undefined
      const r = await medianMs(async () => {
        lib = open(root, data)
        await lib.ready()
      }, 1, 0)
      await lib!.dispose()
      if (run > 0) {
        loopTimes.push(l)
        rebuildTimes.push(r)
      }
    }
    report({
      name: `library: rebuild ${ITEMS} items from sidecars`,
      value: median(rebuildTimes),
      unit: 'ms',
      baseline: { name: 'readdir+readFile+JSON.parse loop', value: median(loopTimes) },
      target: 1.3,
    })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
