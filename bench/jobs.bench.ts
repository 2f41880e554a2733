/**
 * 1,000 active jobs against the Sandbox (issue 4 item 10): every request stays within the
 * request budget, and the engine's event loop stays responsive (delay p99 ≤ 20 ms; baseline: the
 * same process idle). The Sandbox runs in its own process; its tasks stay running throughout.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { createCatalogService } from '../electron/core/catalog/service'
import { createEventBus } from '../electron/core/events'
import { createInputStore } from '../electron/core/images/store'
import { systemLookup } from '../electron/core/downloads/address'
import { jobLimitsFrom } from '../electron/core/jobs/deps'
import { createJobRunner } from '../electron/core/jobs/runner'
import { createLogHub } from '../electron/core/logger'
import { systemClock } from '../electron/core/ports'
import { createServiceClient } from '../electron/core/service/client'
import { encodeBody, shapeRequest } from '../electron/core/shaping/request'
import { ServiceProfile } from '../shared/profile'
import { defaultSettings } from '../shared/settings'
import { report } from './support/report'

const JOBS = 1000
const BUDGET = 50 // requests per second

const sandboxProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/support/sandbox-process.ts'], {
  env: { ...process.env, REELBOX_SANDBOX_OPTIONS: JSON.stringify({ timing: { pendingMs: 2000, runningMs: 3_600_000 } }) },
  stdio: ['ignore', 'pipe', 'inherit'],
})
const first = await createInterface({ input: sandboxProcess.stdout })[Symbol.asyncIterator]().next()
const { baseUrl, apiKey } = JSON.parse(String(first.value)) as { baseUrl: string; apiKey: string }

const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-bench-jobs-'))
const log = createLogHub(Date.now).root
const events = createEventBus()
const requests: number[] = []
const countingFetch: typeof fetch = (input, init) => {
  requests.push(performance.now())
  return fetch(input, init)
}
const catalog = createCatalogService({ dataDir: dir, fetch, log, events })
await catalog.load()
const inputs = createInputStore({ dataDir: dir, log })
const profile = ServiceProfile.parse({ idempotency: { send: true, honoured: true } })
const runner = createJobRunner({
  dataDir: dir,
  clock: systemClock,
  log,
  events,
  fetch: countingFetch,
  lookup: systemLookup,
  client: createServiceClient({ fetch: countingFetch, clock: systemClock, log }),
  limits: () => ({ ...jobLimitsFrom(defaultSettings), jobs: JOBS, downloads: 2, requestsPerSecond: BUDGET, maxWaitMs: 3_600_000 }),
  activeConnection: () => ({ profileId: 'bench', baseUrl, sandbox: true }),
  connectionFor: async () => ({ baseUrl, apiKey, profile }),
  findModel: (id) => catalog.model(id),
  shapeRequest: (draft) => shapeRequest({ catalog, inputs }, draft),
  buildBody: (draft) => encodeBody({ catalog, inputs }, draft),
  library: { folder: () => dir, writable: async () => undefined, has: async () => false, importResult: async ({ id }) => ({ id }) },
})
await runner.start()

// Baseline: the same process, idle.
const idle = monitorEventLoopDelay({ resolution: 1 })
idle.enable()
await new Promise((resolve) => setTimeout(resolve, 3000))
idle.disable()

const busy = monitorEventLoopDelay({ resolution: 1 })
busy.enable()
const started = performance.now()
for (let i = 0; i < JOBS; i++) await runner.submit({ modelId: 'lumen-1', mode: 't2v', prompt: `job ${i}`, duration: 5 })
// Let all of them be submitted and polled for a while.
await new Promise((resolve) => setTimeout(resolve, 35_000))
busy.disable()
const active = runner.list().filter((job) => job.phase === 'pending' || job.phase === 'running').length

// The budget: no one-second window holds more than the rate plus the bucket's one-second burst.
let worst = 0
for (let i = 0, j = 0; i < requests.length; i++) {
  while (requests[i]! - requests[j]! >= 1000) j++
  worst = Math.max(worst, i - j + 1)
}
// Sustained: over any ten seconds, the average stays at the budget (the burst spreads out).
let sustained = 0
for (let i = 0, j = 0; i < requests.length; i++) {
  while (requests[i]! - requests[j]! >= 10_000) j++
  sustained = Math.max(sustained, (i - j + 1) / 10)
}
const ms = (ns: number): number => ns / 1e6
process.stdout.write(`${requests.length} requests in ${((performance.now() - started) / 1000).toFixed(1)} s; ${active} of ${JOBS} jobs active at the end.\n`)
report({ name: `1,000 active jobs: busiest second of requests (budget ${BUDGET}/s)`, value: worst, unit: 'req', max: 2 * BUDGET, note: 'rate + one second of burst' })
report({ name: `1,000 active jobs: busiest 10 s, requests per second (budget ${BUDGET}/s)`, value: sustained, unit: 'req/s', max: BUDGET * 1.1 })
report({ name: '1,000 active jobs: event-loop delay p99', value: ms(busy.percentile(99)), unit: 'ms', baseline: { name: 'same process idle', value: ms(idle.percentile(99)) }, max: 20 })

await runner.dispose()
sandboxProcess.kill('SIGTERM')
await rm(dir, { recursive: true, force: true })
