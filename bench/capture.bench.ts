/**
 * Taking a clip's last frame in the page (issue 16): the renderer's own `captureFrame`
 * (renderer/src/media/frames.ts: mediabunny over WebCodecs in a worker, the frame drawn at full size) on a
 * 10-second 1080p clip, against what headless Chromium takes to seek a `<video>` (metadata
 * already loaded) to that frame and paint it — target ≤ 2× — with no task on the page's thread
 * over 50 ms while capturing (PerformanceObserver `longtask`). The PNG encoding that follows
 * (OffscreenCanvas.convertToBlob) is reported on its own row.
 */
import { execFile } from 'node:child_process'
import { createReadStream } from 'node:fs'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { build } from 'esbuild'
import { launchBrowser } from '../tests/e2e/support/browser'
import { median, report } from './support/report'

const RUNS = 7
const FPS = 24
const root = path.resolve(import.meta.dirname, '..')

const page = `<!doctype html><meta charset="utf-8"><body><script type="module">
import { captureFrame } from './frames.js'
const longTasks = []
new PerformanceObserver((list) => { for (const entry of list.getEntries()) longTasks.push(entry.duration) }).observe({ type: 'longtask' })
// Long-task entries arrive a little after their task: wait for them before reading.
const timed = async (work) => { longTasks.length = 0; const start = performance.now(); await work(); const ms = performance.now() - start; await new Promise((r) => setTimeout(r, 300)); return { ms, longest: Math.max(0, ...longTasks) } }
window.capture = (encode) => timed(() => captureFrame('/clip.mp4', 'last', { encode }))
window.seekAndPaint = async (at) => {
  const video = document.createElement('video')
  video.muted = true
  video.preload = 'auto'
  video.src = '/clip.mp4'
  await new Promise((resolve) => video.addEventListener('loadeddata', resolve, { once: true }))
  const canvas = new OffscreenCanvas(video.videoWidth, video.videoHeight)
  const result = await timed(async () => {
    video.currentTime = at
    await new Promise((resolve) => video.requestVideoFrameCallback(resolve))
    canvas.getContext('2d').drawImage(video, 0, 0)
  })
  video.removeAttribute('src')
  video.load()
  return result
}
// The observer must see a long task when there is one, or "none over 50 ms" would mean nothing.
window.selfTest = () => timed(() => new Promise((resolve) => setTimeout(() => { const until = performance.now() + 80; while (performance.now() < until); resolve() }, 0)))
window.ready = true
</script>`

/** Serves the page, its script and the clip, with Range answers (what `<video>` and mediabunny ask). */
async function serve(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.ts': 'text/javascript', '.mp4': 'video/mp4' }
  const server = createServer(async (req, res) => {
    const name = req.url === '/' ? 'index.html' : path.basename(req.url ?? '')
    const file = path.join(dir, name)
    const size = await stat(file).then((s) => s.size, () => -1)
    if (size < 0) return void res.writeHead(404).end()
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '')
    const start = range ? Number(range[1]) : 0
    const end = range?.[2] ? Math.min(size - 1, Number(range[2])) : size - 1
    res.writeHead(range ? 206 : 200, { 'content-type': types[path.extname(name)] ?? 'application/octet-stream', 'content-length': end - start + 1, 'accept-ranges': 'bytes', ...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}) })
    createReadStream(file, { start, end }).pipe(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-capture-bench-'))
  const browser = await launchBrowser()
  const server = await serve(dir)
  try {
    // A service-like 1080p clip: H.264 High, a key frame every 2 s, 10 s long.
    await promisify(execFile)('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=${FPS}`, '-t', '10', '-c:v', 'libx264', '-preset', 'veryfast', '-g', String(2 * FPS), '-pix_fmt', 'yuv420p', '-movflags', '+faststart', path.join(dir, 'clip.mp4')])
    // The page's module and its frame worker, which it loads as `./frame-worker.ts` (Vite's name).
    const bundle = (entry: string, outfile: string) => build({ entryPoints: [path.join(root, 'renderer/src/media', entry)], bundle: true, format: 'esm', outfile: path.join(dir, outfile), tsconfig: path.join(root, 'tsconfig.json'), logLevel: 'error' })
    await bundle('frames.ts', 'frames.js')
    await bundle('frame-worker.ts', 'frame-worker.ts')
    await writeFile(path.join(dir, 'index.html'), page)
    const tab = await browser.browser.newPage()
    await tab.goto(server.url)
    await tab.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true)

    type Timed = { ms: number; longest: number }
    const probe = (await tab.evaluate(() => (window as unknown as { selfTest(): Promise<Timed> }).selfTest())) as Timed
    if (probe.longest < 75) throw new Error(`the long-task observer missed an 80 ms task (saw ${probe.longest} ms)`)
    const at = 10 - 1 / FPS / 2
    const seeks: Timed[] = []
    const captures: Timed[] = []
    const encoded: Timed[] = []
    for (let run = 0; run <= RUNS; run++) {
      const seek = (await tab.evaluate((t) => (window as unknown as { seekAndPaint(t: number): Promise<Timed> }).seekAndPaint(t), at)) as Timed
      const capture = (await tab.evaluate(() => (window as unknown as { capture(encode: boolean): Promise<Timed> }).capture(false))) as Timed
      const withPng = (await tab.evaluate(() => (window as unknown as { capture(encode: boolean): Promise<Timed> }).capture(true))) as Timed
      // The first run warms the caches and the JIT.
      if (run === 0) continue
      seeks.push(seek)
      captures.push(capture)
      encoded.push(withPng)
    }
    const longest = Math.max(...captures.map((c) => c.longest), ...encoded.map((c) => c.longest))
    process.stdout.write(`longest tasks: capture ${captures.map((c) => Math.round(c.longest)).join(', ')} ms; with PNG ${encoded.map((c) => Math.round(c.longest)).join(', ')} ms; seek ${seeks.map((c) => Math.round(c.longest)).join(', ')} ms\n`)
    report({
      name: 'capture: the last frame of a 10 s 1080p clip, full size (mediabunny, WebCodecs)',
      value: median(captures.map((c) => c.ms)),
      unit: 'ms',
      baseline: { name: 'a <video> seek to it and paint', value: median(seeks.map((s) => s.ms)) },
      target: 2,
    })
    report({ name: 'capture: the same, then encoded as PNG (what is stored)', value: median(encoded.map((c) => c.ms)), unit: 'ms', note: 'informational' })
    report({ name: 'capture: the longest task on the page’s thread while capturing', value: longest, unit: 'ms', max: 50 })
  } finally {
    await server.close()
    await browser.close()
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
