/**
 * A large result, start to finish (issue 24 item 3): a job whose submit answer already holds the
 * URL of a 255 MB MP4 served by nginx on loopback (`sendfile on`), `reelbox submit --wait` from
 * the command's start to its exit (the video in the library), against `curl` fetching the same
 * URL to a file, run alternately; medians. And the command's peak memory with the 255 MB result
 * against the same with a 1 MB one (flat: the bytes stream, whatever the size). CPU time (user +
 * system, GNU time) beside each, since on a shared machine it moves far less than the clock.
 *
 * REELBOX_BENCH_BEFORE=<another checkout, built>: its `reelbox` is timed in the same rounds too
 * (ours, before, curl, ours, before, curl…), so a change is compared under the same load.
 */
import { execFile, execFileSync, spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { median, report } from './support/report'

const RUNS = 5
const API_KEY = 'sk-bench-download'
const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-bench-result-'))
const www = path.join(dir, 'www')
await mkdir(www)
execFileSync(process.execPath, ['scripts/build-node.mjs'], { stdio: 'ignore' })

// Noise encoded losslessly: about 60 MB a second of 720p, so about 255 MB of real H.264 with its index at the end (ffmpeg's default).
const ffmpeg = (seconds: number, file: string): void => void execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=gray:s=1280x720:r=30,noise=alls=100:allf=t', '-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', path.join(www, file)])
ffmpeg(4.2, 'big.mp4')
ffmpeg(0.1, 'small.mp4')
const bigSize = (await stat(path.join(www, 'big.mp4'))).size
console.log(`result: ${(bigSize / 1e6).toFixed(0)} MB`)

// nginx as this user (no master process), on a free loopback port.
const probe = createServer()
await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
const nginxPort = (probe.address() as AddressInfo).port
await new Promise((resolve) => probe.close(resolve))
const temp = (name: string): string => `${name} ${path.join(dir, `nginx-${name}`)};`
await writeFile(
  path.join(dir, 'nginx.conf'),
  `daemon off; master_process off; worker_processes 1; pid ${path.join(dir, 'nginx.pid')}; error_log ${path.join(dir, 'nginx-error.log')};
events { worker_connections 64; }
http {
  access_log off; sendfile on; tcp_nopush on; types { video/mp4 mp4; }
  ${['client_body_temp_path', 'proxy_temp_path', 'fastcgi_temp_path', 'uwsgi_temp_path', 'scgi_temp_path'].map(temp).join(' ')}
  server { listen 127.0.0.1:${nginxPort}; root ${www}; }
}
`,
)
const nginx = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir, '-e', path.join(dir, 'nginx-error.log')], { stdio: 'ignore' })
const cdn = `http://127.0.0.1:${nginxPort}`
for (let i = 0; ; i++) {
  const ok = await fetch(`${cdn}/small.mp4`).then((r) => r.arrayBuffer().then(() => r.ok)).catch(() => false)
  if (ok) break
  if (i > 100) throw new Error(`nginx did not start: ${await readFile(path.join(dir, 'nginx-error.log'), 'utf8').catch(() => '')}`)
  await new Promise((resolve) => setTimeout(resolve, 50))
}

// The stand-in service: every submit is done at once, its answer holding the result's URL.
let result = 'big.mp4'
let next = 0
function handle(req: IncomingMessage, res: ServerResponse): void {
  req.resume()
  req.on('end', () => {
    const taskId = `task_${++next}`
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, message: 'success', request_id: `req_${next}`, data: { task_id: taskId, task_status: 'succeeded', urls: [`${cdn}/${result}`] } }))
  })
}
const service = createServer(handle)
await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`

const env = { ...process.env, REELBOX_DATA_DIR: path.join(dir, 'data'), REELBOX_LIBRARY_DIR: path.join(dir, 'library'), REELBOX_API_KEY: API_KEY }
const run = promisify(execFile)

const before = process.env['REELBOX_BENCH_BEFORE']

/** One `reelbox submit --wait` of the checkout in `cwd`, timed, with its CPU time and peak memory (GNU time's %U %S %M). */
async function ours(cwd = process.cwd()): Promise<{ ms: number; cpuMs: number; peakKb: number }> {
  const timeFile = path.join(dir, 'time.txt')
  const start = performance.now()
  await run('/usr/bin/time', ['-f', '%U %S %M', '-o', timeFile, process.execPath, 'bin/reelbox.mjs', 'submit', '--model', 'lumen-1', '--mode', 't2v', '--prompt', `large ${next}`, '--duration', '5', '--wait', '--base-url', base], { cwd, env, timeout: 120_000 })
  const ms = performance.now() - start
  const [user, system, peakKb] = (await readFile(timeFile, 'utf8')).trim().split('\n').at(-1)!.split(' ').map(Number)
  return { ms, cpuMs: (user! + system!) * 1000, peakKb: peakKb! }
}

async function curl(): Promise<number> {
  const out = path.join(dir, 'curl.mp4')
  const start = performance.now()
  await run('curl', ['-s', '-f', '-o', out, `${cdn}/big.mp4`])
  const ms = performance.now() - start
  await rm(out, { force: true })
  return ms
}

await ours() // warm both: the page cache holds the file, the bundle is compiled once
if (before) execFileSync(process.execPath, ['scripts/build-node.mjs'], { cwd: before, stdio: 'ignore' })
if (before) await ours(before)
await curl()
const oursMs: number[] = []
const oursCpu: number[] = []
const beforeMs: number[] = []
const beforeCpu: number[] = []
const beforePeaks: number[] = []
const curlMs: number[] = []
const peaks: number[] = []
for (let i = 0; i < RUNS; i++) {
  const mine = await ours()
  oursMs.push(mine.ms)
  oursCpu.push(mine.cpuMs)
  peaks.push(mine.peakKb)
  if (before) {
    const theirs = await ours(before)
    beforeMs.push(theirs.ms)
    beforeCpu.push(theirs.cpuMs)
    beforePeaks.push(theirs.peakKb)
  }
  curlMs.push(await curl())
  // The library keeps each result; the page cache should not have to hold them all.
  await rm(path.join(dir, 'library'), { recursive: true, force: true })
}
result = 'small.mp4'
const smallPeaks: number[] = []
for (let i = 0; i < 3; i++) smallPeaks.push((await ours()).peakKb)
const list = (values: number[]): string => values.map((v) => v.toFixed(0)).join(' ')
console.log(`reelbox submit --wait: ${list(oursMs)} ms (CPU ${list(oursCpu)} ms); curl: ${list(curlMs)} ms`)
if (before) console.log(`before (${before}): ${list(beforeMs)} ms (CPU ${list(beforeCpu)} ms), peak memory ${beforePeaks.map((kb) => (kb / 1024).toFixed(0)).join(' ')} MB`)
console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`)
console.log(`peak memory: 255 MB result ${peaks.map((kb) => (kb / 1024).toFixed(0)).join(' ')} MB; 1 MB result ${smallPeaks.map((kb) => (kb / 1024).toFixed(0)).join(' ')} MB`)

report({
  name: `submit --wait of a ${(bigSize / 1e6).toFixed(0)} MB result (nginx, loopback)`,
  value: median(oursMs),
  unit: 'ms',
  baseline: { name: 'curl, same URL', value: median(curlMs) },
  target: 1.5,
  note: `${RUNS} runs alternating with curl; the whole command (start, submit, download, check, settings item, library) against curl writing the file`,
})
if (before) {
  report({ name: 'submit --wait of the large result, this checkout', value: median(oursMs), unit: 'ms', baseline: { name: 'before', value: median(beforeMs) } })
  report({ name: 'submit --wait of the large result: CPU time, this checkout', value: median(oursCpu), unit: 'ms', baseline: { name: 'before', value: median(beforeCpu) } })
}
report({ name: 'submit --wait peak memory, 255 MB result', value: median(peaks) / 1024, unit: 'MB', baseline: { name: '1 MB result', value: median(smallPeaks) / 1024 }, target: 1.1 })

nginx.kill()
service.close()
await rm(dir, { recursive: true, force: true })
