/**
 * One library size measured in a process of its own (so its memory is its own): run as
 * `node --expose-gc --import tsx bench/support/library-probe.ts <library> <data> <what>` by
 * bench/library-index.bench.ts, prints one `PROBE {json}` line. `what`:
 *   open    — open with a warm index until the first page, then favourite toggles (bytes written,
 *             longest stall), then the engine's memory holding the library (queries run, GC'd);
 *   query   — search "two words" + a filter + first page, against a naive scan in memory;
 *   rescan  — the focus re-check: its time and the longest stall of the engine's thread (`stalls`).
 */
import { readFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { DatabaseSync } from '@photostructure/sqlite'
import { LibraryQuery } from '../../shared/library'
import { indexFileOf } from '../../electron/core/library/index-db'
import { createLibrary, type Library } from '../../electron/core/library/library'
import { createLogHub } from '../../electron/core/logger'
import { systemClock } from '../../electron/core/ports'
import { median } from './report'
import { benchModel, benchPrompt } from './sidecars'

const [library = '', data = '', what = 'open'] = process.argv.slice(2)
const log = createLogHub(() => Date.now()).root
const open = (): Library => createLibrary({ library, dataDir: data, clock: systemClock, log, emit: () => undefined })
const gc = (): void => (globalThis as { gc?: () => void }).gc?.()

/** Bytes this process has handed to write() so far (the sidecar, the index, its log). */
function written(): number {
  return Number(/wchar:\s*(\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))?.[1] ?? 0)
}

/**
 * What the scheduler counts for the engine's (main) thread, in ms (`/proc/<pid>/task/<pid>/schedstat`,
 * nanoseconds): `cpu`, the time it ran; `queued`, the time it was ready but waited for a core that
 * another process (or our own worker threads) held.
 */
function threadTimes(): { cpu: number; queued: number } {
  const [cpu = 0, queued = 0] = readFileSync(`/proc/${process.pid}/task/${process.pid}/schedstat`, 'utf8').split(' ').map(Number)
  return { cpu: cpu / 1e6, queued: queued / 1e6 }
}

/** The longest of each measure over the turns of a 1 ms timer while `work` ran. */
export interface Stalls {
  /** The event-loop delay: what a user feels, the machine's load included. */
  wall: number
  /** The engine's own CPU time between two turns: its work between yields, whatever the load. */
  cpu: number
  /** Between two turns, the time the thread did not wait for a core: its work and its blocking calls (synchronous I/O, locks). */
  own: number
}

/**
 * The longest stretch the engine's thread was held while `work` ran, three ways (`Stalls`). The
 * turns are a 1 ms interval's: a turn may hold several short tasks, so `cpu` and `own` err long,
 * never short.
 */
async function stalls(work: () => Promise<unknown>): Promise<Stalls> {
  const delay = monitorEventLoopDelay({ resolution: 1 })
  let cpu = 0
  let own = 0
  let last = { ...threadTimes(), at: performance.now() }
  const turn = (): void => {
    const now = { ...threadTimes(), at: performance.now() }
    cpu = Math.max(cpu, now.cpu - last.cpu)
    // The interval's own 1 ms asleep is not a stall (monitorEventLoopDelay subtracts it too).
    own = Math.max(own, now.at - last.at - (now.queued - last.queued) - 1)
    last = now
  }
  const timer = setInterval(turn, 1)
  delay.enable()
  await work()
  delay.disable()
  clearInterval(timer)
  turn()
  return { wall: delay.max / 1e6, cpu, own }
}

export const searchQuery = LibraryQuery.parse({ search: 'neon rain', families: ['kestrel'], minRating: 2, limit: 100 })

/** The same measures over an idle second: what the machine itself adds (other processes, GC). */
const idleStalls = (): Promise<Stalls> => stalls(() => new Promise((resolve) => setTimeout(resolve, 1000)))

async function probeOpen(): Promise<object> {
  const started = performance.now()
  const lib = open()
  const page = await lib.list(LibraryQuery.parse({}))
  const openMs = performance.now() - started
  if (page.items.length !== 100) throw new Error('first page incomplete')
  await lib.validated()
  const items = page.items.slice(0, 20)
  const bytes: number[] = []
  const toggles: number[] = []
  const held = await stalls(async () => {
    for (let round = 0; round < 3; round++) {
      for (const item of items) {
        const before = written()
        const t = performance.now()
        await lib.update({ id: item.id, favourite: round % 2 === 0 ? !item.favourite : item.favourite })
        toggles.push(performance.now() - t)
        bytes.push(written() - before)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    }
  })
  // What the engine holds with the library open and used: the grid's queries, facets, a search.
  await lib.facets()
  await lib.days(LibraryQuery.parse({}))
  await lib.list(searchQuery)
  await lib.list({ ...LibraryQuery.parse({}), offset: Math.floor(lib.info().items / 2) })
  await lib.searchReady() // the prompts' word index is part of what it holds
  gc()
  gc()
  const rss = process.memoryUsage().rss
  await lib.dispose()
  return { items: lib.info().items, openMs, toggleBytes: median(bytes), toggleMs: median(toggles), toggleStallMs: held.wall, toggleCpuMs: held.cpu, idleStallMs: (await idleStalls()).wall, rss }
}

async function probeQuery(): Promise<object> {
  const lib = open()
  await lib.validated()
  await lib.facets() // the columns are in
  await lib.searchReady() // and the prompts' words
  const count = lib.info().items
  // The naive scan: every item in memory as the JSON index kept it, prompts lowercased on the fly.
  const items = Array.from({ length: count }, (_, n) => ({ prompt: `${benchPrompt(n)} #${n}`, family: benchModel(n).family, rating: n % 5 }))
  const times: number[] = []
  const naive: number[] = []
  let total = 0
  // Alternately, so that both meet the same load on a shared machine.
  for (let run = 0; run < 9; run++) {
    // A new query each run (no cached matches): the upper date bound moves by a millisecond.
    const t = performance.now()
    const page = await lib.list({ ...searchQuery, to: Date.UTC(2100, 0, 1) + run })
    times.push(performance.now() - t)
    total = page.total
    const n = performance.now()
    const words = ['neon', 'rain']
    const hits = items.filter((e) => e.family === 'kestrel' && e.rating >= 2 && words.every((w) => e.prompt.toLowerCase().includes(w)))
    hits.slice(0, 100)
    naive.push(performance.now() - n)
    if (hits.length !== total) throw new Error(`naive scan found ${hits.length}, the index ${total}`)
  }
  const next = performance.now()
  await lib.list({ ...searchQuery, to: Date.UTC(2100, 0, 1) + 8, offset: 500 })
  const nextMs = performance.now() - next
  const facets = performance.now()
  await lib.update({ id: (await lib.list(LibraryQuery.parse({ limit: 1 }))).items[0]!.id, rating: 3 }) // any change drops cached counts
  await lib.facets()
  const facetsMs = performance.now() - facets
  await lib.dispose()
  // A naive scan of the index itself: every row read and tested, no FTS, no columns in memory.
  const db = new DatabaseSync(indexFileOf(data, library), { readOnly: true })
  const scan = db.prepare("select id from items where family = 'kestrel' and rating >= 2 and instr(search, 'neon') > 0 and instr(search, 'rain') > 0 order by finishedAt desc, id")
  const scans: number[] = []
  for (let run = 0; run < 3; run++) {
    const t = performance.now()
    const rows = scan.all()
    scans.push(performance.now() - t)
    if (rows.length !== total) throw new Error(`the index scan found ${rows.length}, the query ${total}`)
  }
  db.close()
  return { queryMs: median(times), naiveMs: median(naive), indexScanMs: median(scans), total, nextMs, facetsMs }
}

async function probeRescan(): Promise<object> {
  const lib = open()
  await lib.validated()
  await lib.facets()
  const times: number[] = []
  const held: Stalls[] = []
  for (let run = 0; run < 3; run++) {
    const t = performance.now()
    held.push(await stalls(() => lib.rescan()))
    times.push(performance.now() - t)
  }
  const idle = await idleStalls()
  await lib.dispose()
  const longest = (of: keyof Stalls): number => Math.max(...held.map((h) => h[of]))
  return { rescanMs: median(times), rescanStallMs: longest('wall'), rescanCpuMs: longest('cpu'), rescanOwnMs: longest('own'), idleStallMs: idle.wall, idleCpuMs: idle.cpu }
}

const probes = { open: probeOpen, query: probeQuery, rescan: probeRescan } as const
const result = await probes[what as keyof typeof probes]()
process.stdout.write(`PROBE ${JSON.stringify(result)}\n`)
