/**
 * Shared state (electron/core/studio): how soon one machine's edit shows on another (a board or
 * a mark, the app following as it does: change events where the disk gives them, a read every
 * STUDIO_FOLLOW_MS), on a local folder and on a real network share (sshd on loopback mounted
 * twice with sshfs, a second's attribute cache on each mount); what reading an item's and a
 * board's merge costs against reading its one file as before, with 100,000 items' edits in the
 * logs; and the bytes one edit writes (its own machine's log only).
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createLogHub } from '../electron/core/logger'
import { readSidecar } from '../electron/core/library/sidecar'
import { itemSubject, mergedMarks } from '../electron/core/library/studio-marks'
import { readBoard } from '../electron/core/storyboards/board-file'
import { keepView } from '../electron/core/storyboards/board-view'
import { loadBoard } from '../electron/core/storyboards/shared-board'
import { lineOf } from '../electron/core/studio/lines'
import { Studio } from '../electron/core/studio/studio'
import { sshfsShareUnavailable, startSshfsShare } from '../tests/support/sshfs-share'
import { median, report, sideBySideMs } from './support/report'

const log = createLogHub(() => Date.now()).root
const EDITS = Number(process.env['REELBOX_BENCH_EDITS'] ?? 15)
const ITEMS = 100_000
const p95 = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** From an edit on the disk on A to B's studio having it, EDITS times at scattered moments. */
async function propagation(onA: string, onB: string, data: string): Promise<number[]> {
  const a = new Studio({ library: onA, dataDir: path.join(data, 'a'), machine: 'machinea1', log, followMs: 0 })
  const b = new Studio({ library: onB, dataDir: path.join(data, 'b'), machine: 'machineb1', log })
  await Promise.all([a.ready, b.ready])
  const times: number[] = []
  try {
    for (let n = 0; n < EDITS; n++) {
      await pause(Math.random() * 1000)
      const subject = `board/harbour/shot/s${n}`
      const arrived = new Promise<number>((resolve) => {
        const stop = b.onChange((subjects) => subjects.has(subject) && (stop(), resolve(performance.now())))
      })
      await a.set(subject, { prompt: `take ${n}` })
      const written = performance.now()
      times.push((await Promise.race([arrived, pause(30_000).then(() => Number.NaN)])) - written)
    }
  } finally {
    a.close()
    b.close()
  }
  return times
}

async function edits(dir: string): Promise<void> {
  const local = path.join(dir, 'local')
  await mkdir(local, { recursive: true })
  const localTimes = await propagation(local, local, path.join(dir, 'local-data'))
  report({ name: 'studio: an edit on A → on B, median (local folder)', value: median(localTimes), unit: 'ms', max: 2000 })
  report({ name: 'studio: an edit on A → on B, p95 (local folder)', value: p95(localTimes), unit: 'ms', max: 2000 })
  const unavailable = await sshfsShareUnavailable()
  if (unavailable) return void process.stdout.write(`studio: no sshfs share here (${unavailable}); the share's propagation is not measured.\n`)
  const share = await startSshfsShare()
  try {
    await mkdir(path.join(share.a, 'library'), { recursive: true })
    const shareTimes = await propagation(path.join(share.a, 'library'), path.join(share.b, 'library'), path.join(dir, 'share-data'))
    report({ name: 'studio: an edit on A → on B, median (sshfs)', value: median(shareTimes), unit: 'ms', baseline: { name: 'local folder', value: median(localTimes) }, max: 3000 })
    report({ name: 'studio: an edit on A → on B, p95 (sshfs)', value: p95(shareTimes), unit: 'ms', baseline: { name: 'local folder', value: p95(localTimes) } })
  } finally {
    await share.close()
  }
}

/** An item's marks and a 200-shot board as merged, with every item of 100,000 edited once, against their files alone. */
async function reads(dir: string): Promise<void> {
  const library = path.join(dir, 'big')
  const changes = path.join(library, '.reelbox-shared', 'changes')
  await mkdir(changes, { recursive: true })
  const lines: string[] = []
  for (let i = 0; i < ITEMS; i++) lines.push(lineOf([1_700_000_000_000 + i, 0], itemSubject(`item${i}`), { favourite: i % 2 === 0, [`tag/t${i % 50}`]: true }))
  const shots = 200
  for (let i = 0; i < shots; i++) lines.push(lineOf([1_800_000_000_000 + i, 0], `board/harbour/shot/s${i + 1}`, { prompt: `shot ${i + 1}, edited` }))
  await writeFile(path.join(changes, 'machinea1.jsonl'), lines.join(''))
  const sidecar = path.join(dir, 'clip.json')
  await writeFile(sidecar, JSON.stringify({ schemaVersion: 1, id: 'item77', origin: 'added', finishedAt: 1, media: { file: 'clip.mp4', durationSec: 5, width: 64, height: 48, codec: 'avc1', size: 1000 }, favourite: false, rating: 0, tags: [] }, null, 2))
  const board = path.join(library, 'Storyboards', 'harbour.storyboard.json')
  await mkdir(path.dirname(board), { recursive: true })
  await writeFile(board, JSON.stringify({ title: 'Harbour', shots: Array.from({ length: shots }, (_, i) => ({ prompt: `shot ${i + 1}`, model: 'lumen-1', mode: 't2v', duration: 5 })) }, null, 2))
  // As the board's writer leaves it: the merged board in its file, and that view recorded.
  const boardWriter = new Studio({ library, dataDir: path.join(dir, 'a-data'), machine: 'machinea1', log, followMs: 0 })
  await boardWriter.ready
  await keepView(boardWriter, library, board, log, { claim: true })
  boardWriter.close()

  let started = performance.now()
  const studio = new Studio({ library, dataDir: path.join(dir, 'big-data'), machine: 'machineb1', log, followMs: 0 })
  await studio.ready
  report({ name: `studio: open a library whose log holds ${ITEMS.toLocaleString('en')} items' edits`, value: performance.now() - started, unit: 'ms', note: `${((await stat(path.join(changes, 'machinea1.jsonl'))).size / 1e6).toFixed(1)} MB of log, read and merged once per open` })

  const item = await sideBySideMs(async () => {
    const read = await readSidecar(sidecar)
    if (read.parsed.kind !== 'invalid') mergedMarks(read.parsed.sidecar, studio.fieldsOf(itemSubject('item77')))
  }, () => readSidecar(sidecar), 400, 50)
  report({ name: 'studio: read an item, its sidecar with the merged marks', value: item.way, unit: 'ms', baseline: { name: 'its sidecar alone', value: item.baseline }, target: 1.3 })
  const read = await sideBySideMs(() => loadBoard(studio, library, board), () => readBoard(board), 400, 50)
  report({ name: `studio: read a ${shots}-shot board, every shot edited elsewhere`, value: read.way, unit: 'ms', baseline: { name: 'its file alone', value: read.baseline }, target: 1.3, note: 'as the board is read on each change: its file as last read' })
  // The first read of a file's text: copies of the board (one key, the id in them), each read once.
  const copies = await Promise.all(Array.from({ length: 220 }, async (_, i) => {
    const copy = path.join(path.dirname(board), `copy-${i}.storyboard.json`)
    await copyFile(board, copy)
    return copy
  }))
  let next = 0
  const first = await sideBySideMs(() => loadBoard(studio, library, copies[next++]!), () => readBoard(board), 200, 10)
  report({ name: `studio: first read of a ${shots}-shot board's file, every shot edited elsewhere`, value: first.way, unit: 'ms', baseline: { name: 'its file alone', value: first.baseline } })

  // One favourite: the bytes it adds to this machine's log, and no other machine's file touched.
  const theirs = path.join(changes, 'machinea1.jsonl')
  const [theirsBefore, ownBefore] = [await readFile(theirs), await stat(path.join(changes, 'machineb1.jsonl')).then((s) => s.size, () => 0)]
  studio.close()
  const writer = new Studio({ library, dataDir: path.join(dir, 'big-data'), machine: 'machineb1', log, followMs: 0 })
  await writer.ready
  started = performance.now()
  await writer.set(itemSubject('item77'), { favourite: true })
  const took = performance.now() - started
  const own = (await stat(path.join(changes, 'machineb1.jsonl'))).size - ownBefore
  const untouched = Buffer.compare(theirsBefore, await readFile(theirs)) === 0
  report({ name: 'studio: bytes one favourite writes (its machine’s log only)', value: own, unit: 'B', max: 200, note: `${took.toFixed(1)} ms to the disk (datasync); the other machine's log ${untouched ? 'untouched' : 'CHANGED'}` })
  if (!untouched) process.exitCode = 1
  writer.close()
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-bench-studio-'))
try {
  await reads(dir)
  await edits(dir)
} finally {
  await rm(dir, { recursive: true, force: true })
}
