/**
 * What `reelbox submit --wait` costs before and after the bytes (issue 24 item 2's remainder): a
 * stand-in service on loopback whose submit answer already holds the URL of a small MP4 (a few
 * KB, served by the same server), so the command's time is nearly all its fixed cost: starting,
 * opening the engine, journaling, the import. Against bare Node (`node -e ''`) run alternately,
 * round by round, so both see the same load: the command's spawn to the submit request reaching
 * the service (the submit is journaled before it is sent), and spawn to exit (the video in the
 * library). Medians after a warm-up. The result's URL names the server by address (127.0.0.1) in
 * one command and by host name (localhost) in the next, alternately: a host name needs the
 * connections that look it up through the engine (downloads/connect.ts), an address does not.
 *
 * The command's CPU time (user + system, GNU time's `-o` file) is reported beside the wall clock:
 * on two cores shared with other work the wall clock is mostly waiting for a core, the CPU time
 * is what the command itself costs.
 *
 * REELBOX_BENCH_BEFORE=<another checkout, built>: its `reelbox` is timed in the same rounds too
 * (a branch against main, side by side).
 */
import { execFile, execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { median, report } from './support/report'

const RUNS = 9
const WARMUP = 1
const run = promisify(execFile)
const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-bench-submit-start-'))
execFileSync(process.execPath, ['scripts/build-node.mjs'], { stdio: 'ignore' })

const video = path.join(dir, 'small.mp4')
execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=s=320x180:r=24', '-t', '0.5', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', video])
const bytes = await readFile(video)
console.log(`result: ${(bytes.length / 1024).toFixed(0)} KB`)

// The stand-in service: every submit is done at once, its answer holding the result's URL.
let submittedAt: number | undefined
let next = 0
let host: 'address' | 'name' = 'address'
function handle(req: IncomingMessage, res: ServerResponse): void {
  if (req.method === 'GET' && req.url?.startsWith('/small.mp4')) return void res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': bytes.length }).end(bytes)
  submittedAt ??= performance.now()
  req.resume()
  req.on('end', () => {
    const taskId = `task_${++next}`
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, message: 'success', request_id: `req_${next}`, data: { task_id: taskId, task_status: 'succeeded', urls: [`${host === 'name' ? base.replace('127.0.0.1', 'localhost') : base}/small.mp4?${taskId}`] } }))
  })
}
const service = createServer(handle)
await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`
const before = process.env['REELBOX_BENCH_BEFORE']
const envOf = (name: string): NodeJS.ProcessEnv => ({ ...process.env, REELBOX_DATA_DIR: path.join(dir, name, 'data'), REELBOX_LIBRARY_DIR: path.join(dir, name, 'library'), REELBOX_API_KEY: 'sk-bench-start', REELBOX_SECRET_STORE: 'session' })

/** One `reelbox submit --wait` of `checkout`: spawn to the submit at the service, spawn to exit, and its CPU time. */
async function submitWait(checkout: string, name: string): Promise<Times> {
  submittedAt = undefined
  const cpuFile = path.join(dir, 'cpu')
  const start = performance.now()
  await run('/usr/bin/time', ['-f', '%U %S', '-o', cpuFile, process.execPath, path.join(checkout, 'bin/reelbox.mjs'), 'submit', '--model', 'lumen-1', '--mode', 't2v', '--prompt', `small ${next}`, '--duration', '5', '--wait', '--base-url', base], { env: envOf(name), timeout: 120_000 })
  const exit = performance.now() - start
  if (submittedAt === undefined) throw new Error('the command exited without submitting')
  const [user = NaN, system = NaN] = (await readFile(cpuFile, 'utf8')).trim().split(/\s+/).map(Number)
  return { submit: submittedAt - start, exit, cpu: (user + system) * 1000 }
}

async function bare(): Promise<number> {
  const start = performance.now()
  await run(process.execPath, ['-e', ''])
  return performance.now() - start
}

interface Times {
  submit: number
  exit: number
  cpu: number
}
type Side = { [K in keyof Times]: number[] }
const node: number[] = []
const sides: Record<string, Side> = {}
const side = (name: string): Side => (sides[name] ??= { submit: [], exit: [], cpu: [] })
try {
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const round: Array<[string, Times]> = []
    const baseline = await bare()
    for (const kind of ['address', 'name'] as const) {
      host = kind
      round.push([`this checkout, ${kind}`, await submitWait('.', `ours-${kind}`)])
      if (before) round.push([`before, ${kind}`, await submitWait(before, `before-${kind}`)])
    }
    if (i < WARMUP) continue
    node.push(baseline)
    for (const [name, times] of round) {
      side(name).submit.push(times.submit)
      side(name).exit.push(times.exit)
      side(name).cpu.push(times.cpu)
    }
  }
} finally {
  service.close()
  await rm(dir, { recursive: true, force: true })
}
const ms = (list: number[]): string => list.map((n) => n.toFixed(0)).join(' ')
console.log(`node -e '': ${ms(node)} ms`)
for (const [name, times] of Object.entries(sides)) console.log(`${name}: spawn → submit at the service ${ms(times.submit)} ms; spawn → exit ${ms(times.exit)} ms; CPU ${ms(times.cpu)} ms`)
console.log(`load average at the end: ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`)

const baseline = { name: "node -e ''", value: median(node) }
for (const [name, times] of Object.entries(sides)) {
  report({ name: `submit --wait, small result (${name}): spawn to the submit at the service`, value: median(times.submit), unit: 'ms', baseline })
  report({ name: `submit --wait, small result (${name}): spawn to exit, video in the library`, value: median(times.exit), unit: 'ms', baseline })
  report({ name: `submit --wait, small result (${name}): CPU time (user + system)`, value: median(times.cpu), unit: 'ms' })
}
// This checkout's CPU time against the other's, same rounds: the comparison the load moves least.
if (before) {
  for (const kind of ['address', 'name']) {
    const ours = sides[`this checkout, ${kind}`]
    const theirs = sides[`before, ${kind}`]
    if (ours && theirs) report({ name: `submit --wait, small result by ${kind}: CPU time, this checkout`, value: median(ours.cpu), unit: 'ms', baseline: { name: 'before', value: median(theirs.cpu) } })
  }
}
