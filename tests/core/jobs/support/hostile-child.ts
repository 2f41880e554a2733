/**
 * One engine, as a process of its own, doing one job against a hostile service, for the memory
 * tests: the parent reads this process's peak RSS (/proc/<pid>/status VmHWM) once the job has
 * ended, then kills it. Narrates `{"phase": …}` lines on stdout; stays alive until killed.
 *
 * env: REELBOX_HOSTILE_DATA, REELBOX_HOSTILE_LIBRARY, REELBOX_HOSTILE_BASE_URL,
 *      REELBOX_HOSTILE_RESULT_MB (Settings → Jobs: the size limit per result)
 */
import { createCore } from '../../../../electron/core'
import { createMemorySecretStore } from '../../../../electron/core/secrets/memory-store'
import { errorOf, terminalPhases } from '../../../../shared/job'

const env = (name: string): string => {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is required`)
  return value
}
const say = (message: object): void => void process.stdout.write(`${JSON.stringify(message)}\n`)

const core = await createCore({
  host: { shell: 'cli', version: 'hostile-test', runtime: `Node ${process.versions.node}` },
  paths: { data: env('REELBOX_HOSTILE_DATA'), library: env('REELBOX_HOSTILE_LIBRARY') },
  secrets: createMemorySecretStore(),
  heartbeatMs: 0,
  polling: { floorMs: 20, baseMs: 50, capMs: 150 },
})
await core.call('profiles.save', { id: 'service', name: 'Service', baseUrl: env('REELBOX_HOSTILE_BASE_URL') })
await core.call('profiles.activate', { id: 'service' })
await core.call('secrets.setApiKey', { apiKey: 'sk-hostile-test-key' })
await core.call('settings.update', { pollBudget: { requestsPerSecond: 20 }, results: { maxSizeMB: Number(env('REELBOX_HOSTILE_RESULT_MB')) } })
core.events.on('job.updated', (job) => {
  if (terminalPhases.has(job.phase) || job.phase === 'unknown') say({ phase: job.phase, error: errorOf(job)?.message })
})
await core.call('jobs.submit', { draft: { modelId: 'lumen-1', mode: 't2v', prompt: 'a hostile answer', duration: 5 } })
setInterval(() => undefined, 60_000) // until the parent has read its memory and kills it
