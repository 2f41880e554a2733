/**
 * Library benchmarks (issue 4 item 10), each against a baseline measured side by side:
 *   (a) open a 10,000-item library with a warm index until the first page is ready
 *       vs a bare readdir+stat walk of the same folder — target ≤ 0.5×;
 *   (b) full validation of the folder against the index vs that walk — ≤ 1.5×;
 *   (c) rebuild from the sidecars vs a plain readdir+readFile+JSON.parse loop — ≤ 1.3×;
 *   (d) a query (search + filter + first page) over 100,000 items in memory vs a naive filter.
 */
import type { Dirent } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { LibraryQuery, type LibraryItem } from '../shared/library'
import type { Entry } from '../electron/core/library/entry'
import { indexFileOf } from '../electron/core/library/index-cache'
import { createLibrary, type Library } from '../electron/core/library/library'
import { ItemStore } from '../electron/core/library/store'
import { createLogHub } from '../electron/core/logger'
import { systemClock } from '../electron/core/ports'
import { makeMp4 } from '../tests/core/library/support/mp4'
import { median, medianMs, report } from './support/report'
import { benchSidecar, writeBenchLibrary } from './support/sidecars'

const ITEMS = Number(process.env['REELBOX_BENCH_ITEMS'] ?? 10_000)
const QUERY_ITEMS = 100_000
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

/** Baseline: every file under the folder, read with readdir and each statted. */
async function bareWalk(dir: string): Promise<number> {
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

/** Baseline: every sidecar read and parsed, nothing else. */
async function plainSidecarLoop(dir: string): Promise<number> {
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
    process.stdout.write(`index cache: ${((await stat(indexFileOf(data, root))).size / 2 ** 20).toFixed(1)} MB for ${ITEMS} items\n`)

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
      await rm(indexFile, { force: true })
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

    await queryBench()
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

async function queryBench(): Promise<void> {
  const entries: Entry[] = []
  for (let n = 0; n < QUERY_ITEMS; n++) {
    const s = benchSidecar(n, Date.UTC(2024, 0, 1) + n * 600_000, `v${n}.mp4`, 1000)
    const item: LibraryItem = {
      id: s.id, origin: 'generated', prompt: s.prompt, modelId: s.model.id, family: s.model.family, version: s.model.version, mode: s.mode,
      finishedAt: s.finishedAt, favourite: s.favourite, rating: s.rating, tags: s.tags, sandbox: false, hasPoster: true, fileName: `v${n}.mp4`, folder: '',
    }
    entries.push({ item, rel: item.fileName, sidecar: 'ok', stamp: '1:1' })
  }
  const store = new ItemStore()
  store.replaceAll(entries)
  const query = LibraryQuery.parse({ search: 'fox snow', families: ['kestrel'], minRating: 2, limit: 100 })
  store.query(query) // prompts' lowercase forms are computed once, on the first search
  // Each run is a new query (the store caches a query's matches until the next change): the
  // upper date bound moves by a millisecond, far beyond every item, so the answer is the same.
  let salt = 0
  const first = await medianMs(async () => {
    const page = store.query({ ...query, to: Date.UTC(2100, 0, 1) + salt++ })
    if (page.items.length !== 100) throw new Error('query page incomplete')
  }, 21, 0)
  const naive = await medianMs(async () => {
    const words = ['fox', 'snow']
    entries.filter((e) => e.item.family === 'kestrel' && e.item.rating >= 2 && words.every((w) => e.item.prompt.toLowerCase().includes(w))).slice(0, 100)
  }, 21, 1)
  report({
    name: `library: search + filter + first page over ${QUERY_ITEMS} items`,
    value: first,
    unit: 'ms',
    baseline: { name: 'naive Array.filter', value: naive },
    note: 'new query each run; paging the same query afterwards is a slice',
  })
  const searchOnly = await medianMs(async () => {
    store.query({ ...LibraryQuery.parse({ search: 'neon rain' }), to: Date.UTC(2100, 0, 1) + salt++ })
  }, 21, 0)
  report({ name: `library: search alone ("neon rain") over ${QUERY_ITEMS} items`, value: searchOnly, unit: 'ms', note: 'every prompt scanned' })
  const facets = await medianMs(async () => {
    store.upsert(entries[0]!) // any change drops the cached counts
    store.facets()
  }, 21, 1)
  report({ name: `library: facets over ${QUERY_ITEMS} items`, value: facets, unit: 'ms' })
  const next = await medianMs(async () => {
    store.query({ ...query, offset: 500 })
  }, 21, 1)
  report({ name: `library: next page of the same query (${QUERY_ITEMS} items)`, value: next, unit: 'ms' })
}

await main()
