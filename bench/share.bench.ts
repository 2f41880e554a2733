/**
 * How soon a video copied into a shared library by one machine is listed on another (the bar:
 * "a video made on one machine shows on another within 3 s (median) on such a share"). Machine A
 * copies a video and its sidecar in; machine B, a running engine following the folder as the
 * app does (LIBRARY_FOLLOW_MS), announces the item. Measured on a real network share, sshd on
 * loopback mounted twice with sshfs (tests/support/sshfs-share.ts, a second's attribute cache on
 * each mount, as SMB and NFS clients keep), against the same on a local folder side by side, where
 * file-system events bring it. Copies land at scattered moments of B's checking (a pause of
 * 0–1 s between them), so the figures are what a designer waits, not one phase of the poll.
 */
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { LibraryChanged } from '../shared/contract/library'
import { LIBRARY_FOLLOW_MS } from '../electron/core/library/follow'
import { createLibrary, type Library } from '../electron/core/library/library'
import { sidecarOf } from '../electron/core/library/naming'
import { createLogHub } from '../electron/core/logger'
import { systemClock } from '../electron/core/ports'
import { makeMp4 } from '../tests/core/library/support/mp4'
import { resultFields, stage } from '../tests/core/library/support/fixtures'
import { sshfsShareUnavailable, startSshfsShare } from '../tests/support/sshfs-share'
import { buildNode } from '../scripts/build-node.mjs'
import { isStale, nodeSources, root } from '../scripts/freshness.mjs'
import { median, report } from './support/report'

const COPIES = Number(process.env['REELBOX_BENCH_COPIES'] ?? 10)
/** Arrival is waited for this long at most: a copy not listed by then is a failure, not a figure. */
const GIVE_UP_MS = 60_000

const log = createLogHub(() => Date.now()).root
// The folder check's thread as the app runs it, built (from the sources, each start would compile it).
if (isStale('out/cli/index.mjs', nodeSources)) await buildNode()
const workers = { checkpoint: path.join(root, 'out/cli/workers/checkpoint.mjs'), folderCheck: path.join(root, 'out/cli/workers/folder-check.mjs') }
const p95 = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!

interface Made {
  id: string
  rel: string
  video: string
}

/** Results made on a machine of its own, to copy into the shared folder. */
async function makeResults(dir: string): Promise<Made[]> {
  const root = path.join(dir, 'elsewhere')
  const library = createLibrary({ library: root, dataDir: path.join(dir, 'elsewhere-data'), clock: systemClock, log, emit: () => undefined })
  const video = await makeMp4({ width: 64, height: 48, frames: 12 })
  const made: Made[] = []
  for (let n = 0; n < COPIES; n++) {
    const fields = resultFields({ id: `copy${n}-0`, jobId: `copy${n}`, prompt: `a paper boat, copy ${n}`, finishedAt: Date.UTC(2025, 2, 14, 9, n) })
    const item = await library.importResult({ ...fields, stagedFile: await stage(root, video) })
    const rel = `${item.folder}/${item.fileName}`
    made.push({ id: item.id, rel, video: path.join(root, rel) })
  }
  await library.dispose()
  return made
}

/** Copies each result in through `onA` and times until B, on `onB`, announces it. */
async function propagation(made: readonly Made[], onA: string, onB: string, data: string): Promise<number[]> {
  const waiting = new Map<string, () => void>()
  const emit = (change: LibraryChanged): void => {
    if (change.kind === 'added' || change.kind === 'updated') for (const id of change.ids) waiting.get(id)?.()
  }
  const b: Library = createLibrary({ library: onB, dataDir: data, clock: systemClock, log, emit, followMs: LIBRARY_FOLLOW_MS, workers })
  await b.validated()
  const times: number[] = []
  try {
    for (const [n, result] of made.entries()) {
      // A deterministic scatter (golden ratio steps), so both folders get the same pauses.
      await new Promise((resolve) => setTimeout(resolve, ((n * 0.618) % 1) * 1000))
      const listed = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${result.id} not listed on B within ${GIVE_UP_MS} ms`)), GIVE_UP_MS)
        waiting.set(result.id, () => {
          clearTimeout(timer)
          resolve()
        })
      })
      const target = path.join(onA, result.rel)
      await mkdir(path.dirname(target), { recursive: true })
      await copyFile(result.video, target)
      await copyFile(sidecarOf(result.video), sidecarOf(target))
      const copied = performance.now()
      await listed
      times.push(performance.now() - copied)
      waiting.delete(result.id)
    }
  } finally {
    await b.dispose()
  }
  return times
}

async function main(): Promise<void> {
  const unavailable = await sshfsShareUnavailable()
  if (unavailable) {
    process.stdout.write(`share bench skipped: ${unavailable}\n`)
    return
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-bench-share-'))
  const share = await startSshfsShare()
  try {
    const made = await makeResults(dir)
    const local = path.join(dir, 'local-library')
    const localTimes = await propagation(made, local, local, path.join(dir, 'local-b-data'))
    const shareTimes = await propagation(made, path.join(share.a, 'library'), path.join(share.b, 'library'), path.join(dir, 'share-b-data'))
    process.stdout.write(`local (ms): ${localTimes.map(Math.round).join(' ')}\nsshfs (ms): ${shareTimes.map(Math.round).join(' ')}\n`)
    const note = `${COPIES} copies of a video and its sidecar, each timed from the end of the copy on A to B's announcement`
    report({ name: 'share: copied on A → listed on B, median (sshfs)', value: median(shareTimes), unit: 'ms', baseline: { name: 'local folder', value: median(localTimes) }, max: 3000, note })
    report({ name: 'share: copied on A → listed on B, p95 (sshfs)', value: p95(shareTimes), unit: 'ms', baseline: { name: 'local folder', value: p95(localTimes) } })
  } finally {
    await share.close()
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
