/**
 * One life of the engine for the crash tests: opens the engine on the given folders (resuming
 * whatever the journal holds), submits the first batch when asked, and narrates every job
 * transition on stdout as JSON lines until it is killed or everything has finished.
 *
 * env: REELBOX_CRASH_DATA, REELBOX_CRASH_LIBRARY, REELBOX_CRASH_BASE_URL, REELBOX_CRASH_KEY,
 *      REELBOX_CRASH_SUBMIT (number of jobs to submit on this run, if any),
 *      REELBOX_CRASH_RECEIVED (file counting result bytes received)
 */
import { appendFileSync } from 'node:fs'
import { createCore } from '../../../electron/core'
import { fetchOverNode } from '../../../electron/core/downloads/node-fetch'
import type { ResultFetchPort } from '../../../electron/core/ports'
import { createMemorySecretStore } from '../../../electron/core/secrets/memory-store'
import { createConfSettingsStore } from '../../../electron/node/settings-store'
import { terminalPhases } from '../../../shared/job'

const env = (name: string): string => {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is required`)
  return value
}
const say = (message: object): void => void process.stdout.write(`${JSON.stringify(message)}\n`)

const data = env('REELBOX_CRASH_DATA')

/**
 * Every byte of a result the engine receives is counted in a file as it arrives (synchronously,
 * so a kill loses no count): the parent compares the sum with what the results weigh.
 */
const received = env('REELBOX_CRASH_RECEIVED')
const countingFetch: ResultFetchPort = async (url, init) => {
  const response = await fetchOverNode(url, init)
  if (!url.pathname.includes('/files/') || !response.body) return response
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        appendFileSync(received, `${chunk.byteLength}\n`)
        controller.enqueue(chunk)
      },
    }),
  )
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers })
}
const secrets = createMemorySecretStore()
const core = await createCore({
  host: { shell: 'cli', version: 'crash-test', runtime: `Node ${process.versions.node}` },
  paths: { data, library: env('REELBOX_CRASH_LIBRARY') },
  settings: createConfSettingsStore(data),
  secrets,
  fetchResult: countingFetch,
  heartbeatMs: 0,
  polling: { floorMs: 20, baseMs: 50, capMs: 150 },
  resumeJobs: false,
})
core.events.on('job.updated', (job) => say({ id: job.id, phase: job.phase }))

if (!core.settings.activeConnection()) {
  // The Sandbox honours idempotency keys: an unsure submit is re-sent with the same key.
  await core.call('profiles.save', { id: 'service', name: 'Service', baseUrl: env('REELBOX_CRASH_BASE_URL'), serviceProfile: { idempotency: { send: true, honoured: true } } })
  await core.call('profiles.activate', { id: 'service' })
  await core.call('settings.update', { pollBudget: { requestsPerSecond: 20 }, concurrency: { jobs: 8 } })
}
await secrets.set('service', env('REELBOX_CRASH_KEY'))
await core.jobs.start()

const submit = Number(process.env['REELBOX_CRASH_SUBMIT'] ?? 0)
for (let i = 0; i < submit; i++) {
  const [job] = (await core.call('jobs.submit', { draft: { modelId: 'lumen-1', mode: 't2v', prompt: `crash test ${process.pid} ${i}`, duration: 5 } })) as Array<{ id: string }>
  say({ accepted: job!.id })
}

const check = (): void => {
  const jobs = core.jobs.list()
  if (jobs.length > 0 && jobs.every((job) => terminalPhases.has(job.phase) || job.phase === 'unknown')) say({ allDone: true })
}
core.events.on('job.updated', check)
check()
