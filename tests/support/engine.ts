import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Job, JobIn } from '../../shared/job'
import { createCore, type Core } from '../../electron/core'
import type { CorePorts, SandboxPort } from '../../electron/core/ports'
import type { Sandbox, SandboxOptions } from '../../electron/sandbox'
import { startTestSandbox } from './sandbox'

/**
 * A real engine on real folders, hosting a real Sandbox over loopback. `restart()` disposes the
 * engine and opens a new one on the same folders (the Sandbox keeps running, as a real service
 * would): what survives is only what was on disk.
 */
export interface TestEngine {
  core: Core
  sandbox: Sandbox
  dir: string
  restart(overrides?: Partial<CorePorts>): Promise<Core>
  dispose(): Promise<void>
}

export const fastPolling = { floorMs: 20, baseMs: 40, capMs: 200 }

export async function startTestEngine(options: { sandbox?: Partial<SandboxOptions>; ports?: Partial<CorePorts> } = {}): Promise<TestEngine> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-engine-'))
  const sandbox = await startTestSandbox(options.sandbox)
  const port: SandboxPort = { start: async () => ({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey }), stop: async () => undefined }
  const open = (overrides: Partial<CorePorts> = {}): Promise<Core> =>
    createCore({
      host: { shell: 'cli', version: '0.0.0-test', runtime: `Node ${process.versions.node}` },
      paths: { data: path.join(dir, 'data'), library: path.join(dir, 'library') },
      heartbeatMs: 0,
      validateOutputs: true,
      sandbox: port,
      polling: fastPolling,
      settings: settingsFile,
      ...options.ports,
      ...overrides,
    })
  // Settings survive a restart the way a file would: one document shared by both engines.
  let document: unknown
  const settingsFile = { read: () => document, write: (value: unknown) => void (document = structuredClone(value)) }
  const engine: TestEngine = {
    core: await open(),
    sandbox,
    dir,
    async restart(overrides) {
      await engine.core.dispose()
      engine.core = await open(overrides)
      return engine.core
    },
    async dispose() {
      await engine.core.dispose()
      await sandbox.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
  await engine.core.call('sandbox.enable')
  // Tests wait on the Sandbox, not on the designer's request budget.
  await engine.core.call('settings.update', { pollBudget: { requestsPerSecond: 20 } })
  return engine
}

/** What `jobWhen` watches: an engine, or a job runner with the bus it emits on. */
export interface JobSource {
  events: Pick<Core['events'], 'on'>
  jobs: { get(id: string): Job | undefined }
}

/** Resolves with the job once `done(job)` holds, from the engine's own events. */
export function jobWhen(core: JobSource, id: string, done: (job: Job) => boolean, timeoutMs = 15_000): Promise<Job> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop()
      const job = core.jobs.get(id)
      reject(new Error(`job ${id} stayed ${job?.phase} (${JSON.stringify(job && 'error' in job ? job.error : {})})`))
    }, timeoutMs)
    const check = (job: Job | undefined): void => {
      if (job && job.id === id && done(job)) {
        clearTimeout(timer)
        stop()
        resolve(job)
      }
    }
    const stop = core.events.on('job.updated', check)
    check(core.jobs.get(id))
  })
}

export const finished = (job: Job): boolean => job.phase === 'done' || job.phase === 'failed' || job.phase === 'cancelled' || job.phase === 'unknown'

/** The job, typed as the phase it must be in; fails the test, saying what it is instead, otherwise. */
export function inPhase<P extends Job['phase']>(job: Job | undefined, phase: P): JobIn<P> {
  if (job?.phase !== phase) throw new Error(`expected a ${phase} job, got ${job?.phase}: ${JSON.stringify(job && 'error' in job ? job.error : job)}`)
  return job as JobIn<P>
}
