import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { defaultSettings } from '../../../shared/settings'
import { createEventBus } from '../../../electron/core/events'
import { jobLimitsFrom } from '../../../electron/core/jobs/deps'
import { createJobRunner, type JobRunner } from '../../../electron/core/jobs/runner'
import { createLogHub, type LogSink } from '../../../electron/core/logger'
import type { ServiceClient, TaskState } from '../../../electron/core/service/client'
import { jobWhen } from '../../support/engine'
import { useTempDir } from '../../support/temp'
import { runnerAround } from './support/fake-service'

/**
 * An answer that arrives after the designer stopped waiting (the query was already answered when
 * the stop aborted it) must not bring the job back: the reducer ignores a `polled` on a stopped
 * job, and the runner says so in its log. The service is a fake of our own ServiceClient port
 * whose query answers only when the test lets it.
 */
let runner: JobRunner
let release: (state: TaskState) => void
let asked: () => void
const lines: Array<Parameters<LogSink>[0]> = []
const events = createEventBus()

const client: ServiceClient = {
  submit: async () => ({ taskId: 'video_late', requestId: 'req_late', status: 'pending', outcome: 'running', urls: [] }),
  // Ignores the abort, as a fetch whose answer had already arrived would.
  query: () =>
    new Promise((resolve) => {
      release = resolve
      asked()
    }),
}

beforeEach(async () => {
  const dir = await useTempDir('reelbox-late-')
  const logs = createLogHub(Date.now)
  logs.addSink((line) => void lines.push(line))
  runner = createJobRunner({
    ...runnerAround(dir),
    clock: { now: Date.now, setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) },
    log: logs.root,
    events,
    client,
    polling: { floorMs: 1, baseMs: 1, capMs: 1 },
    limits: () => jobLimitsFrom(defaultSettings),
  })
  await runner.start()
})
afterEach(() => runner.dispose())

describe('an answer that comes too late', () => {
  it('a poll answered after Stop waiting leaves the job stopped, and the log says it was ignored', async () => {
    const polling = new Promise<void>((resolve) => (asked = resolve))
    const [job] = await runner.submit({ modelId: 'lumen-1', mode: 't2v', prompt: 'late' })
    await polling
    const stopped = await runner.cancel(job!.id)
    expect(stopped).toMatchObject({ phase: 'stopped', taskId: 'video_late' })
    release({ taskId: 'video_late', status: 'succeeded', outcome: 'success', urls: ['https://cdn.example/late.mp4'] })
    await expect.poll(() => lines.some((line) => line.message.includes('“polled” ignored while stopped'))).toBe(true)
    expect(runner.get(job!.id)?.phase).toBe('stopped')
    // Checking again is what brings it in, when the designer asks.
    const again = new Promise<void>((resolve) => (asked = resolve))
    await runner.checkAgain(job!.id)
    await again
    release({ taskId: 'video_late', status: 'succeeded', outcome: 'success', urls: ['https://cdn.example/late.mp4'] })
    await jobWhen({ events, jobs: runner }, job!.id, (j) => j.phase === 'downloading' || j.phase === 'failed' || j.phase === 'done')
  })
})
