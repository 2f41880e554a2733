/**
 * Result downloads (issue 4 item 10): a 512 MB file from a loopback server, against curl on the
 * same file and server, run alternately (throughput at least 0.9× curl's); and peak memory growth
 * while downloading 100 MB, 512 MB and 1 GB (at most 64 MB, and flat: 1 GB / 100 MB ≤ 1.1×).
 */
import { execFileSync, spawn } from 'node:child_process'
import { createReadStream } from 'node:fs'
import { mkdtemp, open, rm, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { systemLookup } from '../electron/core/downloads/address'
import { createDownloader } from '../electron/core/downloads/download'
import { jobLimitsFrom } from '../electron/core/jobs/deps'
import { createLogHub } from '../electron/core/logger'
import { systemClock } from '../electron/core/ports'
import { defaultSettings } from '../shared/settings'
import { median, report } from './support/report'

const MB = 1024 * 1024
const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-bench-dl-'))

async function makeFile(name: string, size: number): Promise<string> {
  const file = path.join(dir, name)
  const handle = await open(file, 'w')
  const block = Buffer.alloc(4 * MB)
  for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((i * 2654435761) >>> 0, i)
  for (let written = 0; written < size; written += block.length) await handle.write(block, 0, Math.min(block.length, size - written))
  await handle.close()
  return file
}

const files = new Map<string, string>()
const server = createServer((req, res) => {
  const file = files.get(req.url ?? '')
  if (!file) return void res.writeHead(404).end()
  void stat(file).then((info) => {
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': info.size, etag: '"bench"' })
    createReadStream(file, { highWaterMark: 1 * MB }).pipe(res)
  })
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const downloader = createDownloader({ lookup: systemLookup, clock: systemClock, log: createLogHub(Date.now).root })
const limits = jobLimitsFrom(defaultSettings)

async function ours(url: string): Promise<{ ms: number; peakGrowth: number; peak: number }> {
  const partFile = path.join(dir, 'ours.part')
  await rm(partFile, { force: true })
  await rm(`${partFile}.json`, { force: true })
  globalThis.gc?.()
  const before = process.memoryUsage().rss
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5)
  const start = performance.now()
  await downloader.download({ url, partFile, serviceBaseUrl: base, maxBytes: limits.resultBytes, stallMs: limits.stallMs })
  const ms = performance.now() - start
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  return { ms, peakGrowth: peak - before, peak }
}

async function curl(url: string): Promise<number> {
  const out = path.join(dir, 'curl.out')
  const start = performance.now()
  await new Promise<void>((resolve, reject) => {
    const child = spawn('curl', ['-s', '-f', '-o', out, url], { stdio: 'ignore' })
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`curl exited ${code}`))))
  })
  return performance.now() - start
}

let hasCurl = true
try {
  execFileSync('curl', ['--version'], { stdio: 'ignore' })
} catch {
  hasCurl = false
  process.stderr.write('download bench: curl is not installed (apt-get install curl); skipping the throughput comparison, measuring memory only.\n')
}

const size = 512 * MB
files.set('/512', await makeFile('512.bin', size))
if (hasCurl) {
  const oursMs: number[] = []
  const curlMs: number[] = []
  for (let run = 0; run < 4; run++) {
    // Alternate, so both see the same page cache and machine load; the first pair warms up.
    const c = await curl(`${base}/512`)
    const o = (await ours(`${base}/512`)).ms
    if (run > 0) {
      curlMs.push(c)
      oursMs.push(o)
    }
  }
  const mbps = (ms: number): number => size / MB / (ms / 1000)
  report({ name: 'download 512 MB from loopback: throughput', value: mbps(median(oursMs)), unit: 'MB/s', baseline: { name: 'curl, same file', value: mbps(median(curlMs)) }, target: 0.9, atLeast: true })
}

const peaks: Record<string, number> = {}
for (const [label, bytes] of [['100 MB', 100 * MB], ['512 MB', size], ['1 GB', 1024 * MB]] as const) {
  const route = `/${bytes}`
  if (!files.has(route)) files.set(route, bytes === size ? files.get('/512')! : await makeFile(`${bytes}.bin`, bytes))
  const run = await ours(`${base}${route}`)
  peaks[label] = run.peak / MB
  report({ name: `download ${label}: peak memory growth`, value: run.peakGrowth / MB, unit: 'MB', max: 64 })
}
// Growth itself is a few MB of noise either way, so "the same for 100 MB and 1 GB" compares the
// process's peak resident memory during each download.
report({ name: 'peak RSS downloading 1 GB vs 100 MB (flat)', value: peaks['1 GB']!, unit: 'MB', baseline: { name: 'downloading 100 MB', value: peaks['100 MB']! }, target: 1.1 })

server.close()
await rm(dir, { recursive: true, force: true })
