/**
 * Joining a sequence by packet copy (issue 16): ten 10-second 1080p clips into one MP4 with
 * `joinClips` (the engine's), against reading the same bytes from disk — target ≤ 2× — and, for
 * scale, against copying them (reading and writing the same bytes, the least a join can cost).
 * The clip is made once with Debian's ffmpeg (x264 at about 8 Mb/s, what a service delivers at
 * 1080p) and copied ten times, so the page cache holds all of them for the warm measurements.
 * When the bench may drop the page cache (root on Linux), it also measures both from the disk
 * itself, cold, which is what the "reading the same bytes from disk" says.
 */
import { execFile, execFileSync } from 'node:child_process'
import { copyFile, mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { joinClips } from '../electron/core/sequences/join'
import { median, report } from './support/report'

const CLIPS = 10
const RUNS = 7

/** Reads every file in 4 MB pieces (the join's own piece size); with `to`, writes them there too. */
async function readAll(files: readonly string[], to?: string): Promise<number> {
  const buffer = Buffer.alloc(4 * 1024 * 1024)
  const out = to === undefined ? undefined : await open(to, 'w')
  let total = 0
  for (const file of files) {
    const handle = await open(file, 'r')
    try {
      for (let n = 1; n > 0; total += n) {
        n = (await handle.read(buffer, 0, buffer.length, null)).bytesRead
        if (out && n > 0) await out.write(buffer, 0, n)
      }
    } finally {
      await handle.close()
    }
  }
  await out?.close()
  return total
}

/** Writes dirty pages back and empties the page cache, so the next read comes from the disk; false when not allowed. */
async function dropCaches(): Promise<boolean> {
  try {
    execFileSync('sync')
    await writeFile('/proc/sys/vm/drop_caches', '3')
    return true
  } catch {
    return false
  }
}

/** The same join and read, each after the page cache was emptied. */
async function cold(files: readonly string[], clips: Parameters<typeof joinClips>[0], out: string): Promise<void> {
  const reads: number[] = []
  const joins: number[] = []
  for (let run = 0; run < 5; run++) {
    if (!(await dropCaches())) return void process.stdout.write('cold runs skipped: the page cache cannot be dropped here (needs root on Linux)\n')
    let start = performance.now()
    await readAll(files)
    reads.push(performance.now() - start)
    await dropCaches()
    start = performance.now()
    await joinClips(clips, out)
    joins.push(performance.now() - start)
    await rm(out)
  }
  report({
    name: `join: ${CLIPS} × 10 s 1080p clips by packet copy, cold page cache`,
    value: median(joins),
    unit: 'ms',
    baseline: { name: 'reading the same bytes from disk', value: median(reads) },
    target: 2,
  })
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-join-bench-'))
  try {
    const clip = path.join(dir, 'clip.mp4')
    await promisify(execFile)('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=24', '-t', '10', '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '8M', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', clip])
    const files = Array.from({ length: CLIPS }, (_, i) => path.join(dir, `clip-${i}.mp4`))
    for (const file of files) await copyFile(clip, file)
    const clips = files.map((file) => ({ file, name: path.basename(file) }))
    const bytes = await readAll(files)
    process.stdout.write(`${CLIPS} clips of 10 s at 1080p: ${(bytes / 2 ** 20).toFixed(1)} MB\n`)

    const reads: number[] = []
    const copies: number[] = []
    const joins: number[] = []
    const out = path.join(dir, 'joined.mp4')
    const copy = path.join(dir, 'copy.mp4')
    for (let run = 0; run <= RUNS; run++) {
      let start = performance.now()
      await readAll(files)
      const read = performance.now() - start
      // Each output is a new file, as a real export is, and is removed as soon as it is measured:
      // its dirty pages go with it, so neither measurement pays for the other's write-back.
      start = performance.now()
      await readAll(files, copy)
      const copied = performance.now() - start
      await rm(copy)
      start = performance.now()
      const joined = await joinClips(clips, out)
      const join = performance.now() - start
      if (Math.abs(joined.durationSec - CLIPS * 10) > 0.1) throw new Error(`joined ${joined.durationSec} s, expected ${CLIPS * 10}`)
      if (run === RUNS) process.stdout.write(`joined file: ${((await stat(out)).size / 2 ** 20).toFixed(1)} MB\n`)
      await rm(out)
      // The first run warms the caches and the JIT.
      if (run > 0) {
        reads.push(read)
        copies.push(copied)
        joins.push(join)
      }
    }
    report({
      name: `join: ${CLIPS} × 10 s 1080p clips by packet copy`,
      value: median(joins),
      unit: 'ms',
      baseline: { name: 'reading the same bytes, page cache warm', value: median(reads) },
      target: 2,
    })
    report({
      name: `join: ${CLIPS} × 10 s 1080p clips, against copying them`,
      value: median(joins),
      unit: 'ms',
      baseline: { name: 'reading and writing the same bytes', value: median(copies) },
      target: 1.5,
      note: 'the least any join can cost: every byte is read once and written once; the rest is reading the clips’ indexes',
    })
    await cold(files, clips, out)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
