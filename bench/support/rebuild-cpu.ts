/**
 * The rebuild against the plain read-and-parse loop in one process, alternately, wall clock and
 * CPU time (process.cpuUsage: every thread of the process). On a shared machine the CPU time is
 * the figure that says what the code costs. Usage:
 *   node --import tsx bench/support/rebuild-cpu.ts <library> <data> [runs] [rebuild-only]
 */
import { rm } from 'node:fs/promises'
import { indexFileOf } from '../../electron/core/library/index-db'
import { createLibrary } from '../../electron/core/library/library'
import { createLogHub } from '../../electron/core/logger'
import { systemClock } from '../../electron/core/ports'
import { plainSidecarLoop } from './walks'

const [library, data, runsArg, only] = process.argv.slice(2) as [string, string, string?, string?]
const runs = Number(runsArg ?? 3)
const log = createLogHub(() => Date.now()).root

async function measure(work: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  await work()
  const used = process.cpuUsage(cpu0)
  return { wall: performance.now() - t0, cpu: (used.user + used.system) / 1000 }
}

async function rebuild(): Promise<void> {
  const file = indexFileOf(data, library)
  for (const suffix of ['', '-wal', '-shm']) await rm(file + suffix, { force: true })
  const lib = createLibrary({ library, dataDir: data, clock: systemClock, log, emit: () => undefined })
  await lib.ready()
  await lib.dispose()
  if (lib.info().items === 0) throw new Error('nothing indexed')
}

for (let run = 0; run < runs; run++) {
  const loop = only ? undefined : await measure(() => plainSidecarLoop(library))
  const built = await measure(rebuild)
  const f = (n: number): string => n.toFixed(0)
  process.stdout.write(
    `run ${run}: rebuild ${f(built.wall)} ms wall, ${f(built.cpu)} ms CPU` +
      (loop ? `; loop ${f(loop.wall)} ms wall, ${f(loop.cpu)} ms CPU; ratio wall ${(built.wall / loop.wall).toFixed(2)}×, CPU ${(built.cpu / loop.cpu).toFixed(2)}×` : '') +
      '\n',
  )
}
