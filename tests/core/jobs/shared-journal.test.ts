import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { taskIdOf, type Job } from '../../../shared/job'
import { createCore, type Core } from '../../../electron/core'
import { createMemorySecretStore } from '../../../electron/core/secrets/memory-store'
import { createConfSettingsStore } from '../../../electron/node/settings-store'
import type { Sandbox } from '../../../electron/sandbox'
import { fastPolling, finished, jobWhen } from '../../support/engine'
import { startTestSandbox } from '../../support/sandbox'
import { useTempDir } from '../../support/temp'

/**
 * The app and the `reelbox` command share one journal and library. A job the command submits
 * (and leaves, without --wait) shows up in the running app, which finishes it once the command's
 * process is gone; nothing is polled or downloaded twice.
 */
const run = promisify(execFile)
let sandbox: Sandbox
let dir: string
let app: Core

beforeAll(async () => {
  sandbox = await startTestSandbox({ timing: { pendingMs: 300, runningMs: 600, progressSteps: 2 } })
  dir = await useTempDir('reelbox-shared-')
  const data = path.join(dir, 'data')
  const secrets = createMemorySecretStore()
  app = await createCore({
    host: { shell: 'web', version: 'test', runtime: 'node' },
    paths: { data, library: path.join(dir, 'library') },
    settings: createConfSettingsStore(data),
    secrets,
    heartbeatMs: 0,
    polling: fastPolling,
  })
  await app.call('profiles.save', { id: 'service', name: 'Service', baseUrl: sandbox.baseUrl, serviceProfile: { idempotency: { send: true, honoured: true } } })
  await app.call('profiles.activate', { id: 'service' })
  await app.call('secrets.setApiKey', { apiKey: sandbox.apiKey })
})
afterAll(async () => {
  await app.dispose()
  await sandbox.close()
})

describe('one journal, two engines', () => {
  it('a job `reelbox submit` leaves behind appears in the running app, which finishes it once', async () => {
    const appeared = new Promise<Job>((resolve) => app.events.on('job.updated', (job) => job.draft.prompt === 'from the command line' && resolve(job)))
    const { stdout } = await run(process.execPath, ['bin/reelbox.mjs', 'submit', '--model', 'lumen-1', '--prompt', 'from the command line', '--json', '--library', path.join(dir, 'library')], {
      env: { ...process.env, REELBOX_DATA_DIR: path.join(dir, 'data'), REELBOX_SECRET_STORE: 'session', REELBOX_API_KEY: sandbox.apiKey },
    })
    const submitted = (JSON.parse(stdout) as { jobs: Job[] }).jobs[0]!
    expect(taskIdOf(submitted)).toMatch(/^video_/)
    expect((await appeared).id).toBe(submitted.id)
    const done = await jobWhen(app, submitted.id, finished, 20_000)
    expect(done.phase).toBe('done')
    expect(sandbox.stats().tasksCreated).toBe(1)
    const page = (await app.call('library.list', {})) as { total: number }
    expect(page.total).toBe(1)
  }, 40_000)
})
