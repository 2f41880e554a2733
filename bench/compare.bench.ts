/**
 * The compare view in headless Chromium (issue 17), at 720p and 1080p, each against one clip
 * alone in the same run:
 *   (a) dropped frames per second of playback (`getVideoPlaybackQuality`), four clips side by
 *       side vs the same first clip alone in the library's player;
 *   (b) the sync error: each animation frame, the largest distance between the clips'
 *       `currentTime`s (those still playing), p99 over the run — at most one frame (1/30 s).
 * Fixtures: H.264 High clips made with Debian's ffmpeg (cached in the temp folder), two at
 * 30 fps and two at 24 fps, imported with the engine's own importer. The engine runs in this
 * process (web mode's server over loopback); the renderer is the built one.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { createCore } from '../electron/core'
import { startWebServer } from '../electron/web/server'
import { launchBrowser } from '../tests/e2e/support/browser'
import { seedLibrary, type SeedItem } from '../tests/e2e/support/library-seed'
import { median, report } from './support/report'

const SECONDS = 8
const MEASURE_MS = 5000
const RUNS = 3
const FRAME_MS = 1000 / 30
const root = path.resolve(import.meta.dirname, '..')
const cache = path.join(os.tmpdir(), 'reelbox-bench-compare')
const sizes = { '720p': [1280, 720], '1080p': [1920, 1080] } as const
type Size = keyof typeof sizes
/** Four different pictures, two frame rates. */
const clips = [
  { source: 'testsrc2', fps: 30 },
  { source: 'smptehdbars', fps: 24 },
  { source: 'rgbtestsrc', fps: 30 },
  { source: 'testsrc', fps: 24 },
] as const

function fixture(size: Size, i: number): string {
  const [w, h] = sizes[size]
  const { source, fps } = clips[i]!
  const file = path.join(cache, `${size}-${i}-${source}-${fps}.mp4`)
  if (existsSync(file)) return file
  // Moving content (a drawn clock over each pattern) so every frame differs, as in a real clip.
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `${source}=size=${w}x${h}:rate=${fps}:duration=${SECONDS}`, '-vf', `drawbox=x='mod(t*400,${w})':y=0:w=160:h=${h}:color=white@0.5:t=fill`, '-c:v', 'libx264', '-profile:v', 'high', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file]
  const made = spawnSync('ffmpeg', args, { stdio: 'inherit' })
  if (made.status !== 0) throw new Error(`ffmpeg could not make ${file}`)
  return file
}

// In-page code as strings: the bench is compiled by tsx, whose helpers do not exist in the page.
const QUALITY = `(() => [...document.querySelectorAll('video')].filter((v) => !v.paused).map((v) => { const q = v.getVideoPlaybackQuality(); return { dropped: q.droppedVideoFrames, total: q.totalVideoFrames } }))()`
const SAMPLE = `(async (ms) => {
  const videos = [...document.querySelectorAll('[data-testid=compare-video]')]
  const spreads = []
  const end = performance.now() + ms
  while (performance.now() < end) {
    await new Promise((r) => requestAnimationFrame(r))
    // The clips still playing, none in the middle of a seek (a loop's wrap).
    if (videos.some((v) => v.seeking)) continue
    const t = videos.filter((v) => v.currentTime < v.duration - 0.05).map((v) => v.currentTime)
    if (t.length > 1) spreads.push(Math.max(...t) - Math.min(...t))
  }
  return spreads
})`

interface Playback {
  droppedPerSec: number
  frames: number
}

/** Dropped frames per second of the videos playing now, over MEASURE_MS; `during` runs meanwhile. */
async function measure(page: Page, during?: Promise<number[]>): Promise<{ playback: Playback; spreads: number[] }> {
  const before = (await page.evaluate(QUALITY)) as Array<{ dropped: number; total: number }>
  const started = performance.now()
  const spreads = during ? await during : (await new Promise((r) => setTimeout(r, MEASURE_MS)), [])
  const after = (await page.evaluate(QUALITY)) as Array<{ dropped: number; total: number }>
  const seconds = (performance.now() - started) / 1000
  const dropped = after.reduce((sum, q, i) => sum + q.dropped - (before[i]?.dropped ?? 0), 0)
  const frames = after.reduce((sum, q, i) => sum + q.total - (before[i]?.total ?? 0), 0)
  return { playback: { droppedPerSec: dropped / seconds, frames }, spreads }
}

async function runSize(page: Page, size: Size): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `reelbox-bench-compare-${size}-`))
  const items: SeedItem[] = clips.map((clip, i) => ({ id: `clip${i}-0`, prompt: `${clip.source} at ${clip.fps} fps`, modelId: 'lumen-1', family: 'lumen', version: '1', mode: 't2v', finishedAt: Date.now() - i * 1000, hue: i * 90, poster: true, file: fixture(size, i) }))
  await seedLibrary({ dataDir: path.join(dir, 'data'), libraryDir: path.join(dir, 'library'), items })
  const core = await createCore({ host: { shell: 'web', version: 'bench', runtime: `Node ${process.versions.node}` }, paths: { data: path.join(dir, 'data'), library: path.join(dir, 'library') }, heartbeatMs: 0, connectionCheckMs: 0 })
  await core.call('settings.update', { firstRunDone: true })
  await core.library.validated()
  const server = await startWebServer({ core, rendererDir: path.join(root, 'out/renderer') })
  try {
    await page.goto(`${server.url}`)
    await page.waitForFunction(() => document.querySelector('.status.open') !== null)
    const alone: Playback[] = []
    const four: Playback[] = []
    const spreads: number[] = []
    for (let run = 0; run < RUNS; run++) {
      // One clip alone: the library's own player, autoplaying.
      await page.goto(`${server.origin}/?run=${size}${run}#/library?item=clip0-0`)
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLVideoElement>('[data-testid=detail-video]')].some((v) => !v.paused && v.readyState >= 3))
      alone.push((await measure(page)).playback)
      // All four, compared.
      await page.goto(`${server.origin}/?run=${size}${run}c#/library`)
      await page.locator('[data-testid=library-tile][aria-busy=false]').nth(3).waitFor()
      for (let i = 0; i < 4; i++) await page.locator(`[data-testid=library-tile][data-id="clip${i}-0"]`).click({ modifiers: ['ControlOrMeta'] })
      await page.click('[data-testid=pick-compare]')
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLVideoElement>('[data-testid=compare-video]')].filter((v) => !v.paused && v.readyState >= 3).length === 4)
      const sampled = await measure(page, page.evaluate(`${SAMPLE}(${MEASURE_MS})`) as Promise<number[]>)
      four.push(sampled.playback)
      spreads.push(...sampled.spreads)
      process.stdout.write(`${size} run ${run + 1}: alone ${alone.at(-1)!.droppedPerSec.toFixed(2)} dropped/s; four ${sampled.playback.droppedPerSec.toFixed(2)} dropped/s of ${sampled.playback.frames} frames; ${sampled.spreads.length} sync samples\n`)
    }
    const sorted = [...spreads].sort((a, b) => a - b)
    const p99 = (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0) * 1000
    const dropped = median(four.map((p) => p.droppedPerSec))
    const baseline = median(alone.map((p) => p.droppedPerSec))
    report({
      name: `compare 4-up ${size}: dropped frames per second (four clips)`,
      value: dropped,
      unit: 'frames/s',
      baseline: { name: 'one clip alone', value: baseline },
      note: `median of ${RUNS} × ${MEASURE_MS / 1000} s; per clip ${(dropped / 4).toFixed(2)}/s`,
    })
    report({ name: `compare 4-up ${size}: sync error p99 (largest currentTime spread per frame)`, value: p99, unit: 'ms', max: FRAME_MS, note: `${spreads.length} frames; median ${((sorted[Math.floor(sorted.length / 2)] ?? 0) * 1000).toFixed(1)} ms, p90 ${((sorted[Math.floor(sorted.length * 0.9)] ?? 0) * 1000).toFixed(1)} ms, max ${((sorted.at(-1) ?? 0) * 1000).toFixed(1)} ms; one frame at 30 fps = ${FRAME_MS.toFixed(1)} ms` })
  } finally {
    await server.close()
    await core.dispose()
  }
}

await mkdir(cache, { recursive: true })
const browser = await launchBrowser()
try {
  const page = await browser.browser.newPage()
  for (const size of ['720p', '1080p'] as const) await runSize(page, size)
} finally {
  await browser.close()
}
