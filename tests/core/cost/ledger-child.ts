/**
 * One life of an engine for the ledger's crash test: opens the engine on the given folders
 * (resuming the journal's jobs), submits jobs when asked, clears finished jobs once all have
 * ended when asked, and narrates on stdout as JSON lines until it is killed.
 *
 * env: LEDGER_DATA, LEDGER_LIBRARY, LEDGER_BASE_URL, LEDGER_KEY, LEDGER_SUBMIT (jobs to submit), LEDGER_CLEAR (1: clear finished at the end)
 */
import { createCore } from '../../../electron/core'
import { createMemorySecretStore } from '../../../electron/core/secrets/memory-store'
import { createConfSettingsStore } from '../../../electron/node/settings-store'
import { terminalPhases } from '../../../shared/job'

const env = (name: string): string => process.env[name] ?? ''
const say = (message: object): void => void process.stdout.write(`${JSON.stringify(message)}\n`)

const secrets = createMemorySecretStore()
const core = await createCore({
  host: { shell: 'cli', version: 'ledger-test', runtime: `Node ${process.versions.node}` },
  paths: { data: env('LEDGER_DATA'), library: env('LEDGER_LIBRARY') },
  settings: createConfSettingsStore(env('LEDGER_DATA')),
  secrets,
  heartbeatMs: 0,
  polling: { floorMs: 20, baseMs: 50, capMs: 150 },
  resumeJobs: false,
})
core.events.on('job.updated', (job) => say({ id: job.id, phase: job.phase }))
core.events.on('job.removed', ({ id }) => say({ removed: id }))

if (!core.settings.activeConnection()) {
  // An ordinary connection to the stand-in service, so the catalogue's prices apply (the Sandbox's own costs nothing).
  await core.call('profiles.save', { id: 'service', name: 'Service', baseUrl: env('LEDGER_BASE_URL'), serviceProfile: { idempotency: { send: true, honoured: true } } })
  await core.call('profiles.activate', { id: 'service' })
  await core.call('settings.update', { pollBudget: { requestsPerSecond: 20 }, concurrency: { jobs: 8 } })
}
await secrets.set('service', env('LEDGER_KEY'))
await core.jobs.start()

for (let i = 0; i < Number(env('LEDGER_SUBMIT') || 0); i++) {
  const [job] = (await core.call('jobs.submit', { draft: { modelId: 'lumen-1-fast', mode: 't2v', prompt: `ledger ${process.pid} ${i}` } })) as Array<{ id: string }>
  say({ accepted: job!.id })
}

let clearing = false
const check = (): void => {
  const jobs = core.jobs.list()
  if (jobs.length === 0 && env('LEDGER_CLEAR') === '1') return say({ cleared: { removed: 0 } })
  if (jobs.length === 0 || !jobs.every((job) => terminalPhases.has(job.phase))) return
  say({ allDone: true })
  if (env('LEDGER_CLEAR') === '1' && !clearing) {
    clearing = true
    void core.call('jobs.clearFinished').then((result) => say({ cleared: result }))
  }
}
core.events.on('job.updated', check)
check()
