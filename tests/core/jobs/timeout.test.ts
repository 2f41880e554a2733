import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultSettings } from '../../../shared/settings'
import { createEventBus } from '../../../electron/core/events'
import { jobLimitsFrom } from '../../../electron/core/jobs/deps'
import { createJobRunner, type JobRunner } from '../../../electron/core/jobs/runner'
import { createLogHub } from '../../../electron/core/logger'
import type { ServiceClient, TaskState } from '../../../electron/core/service/client'
import { inPhase, jobWhen } from '../../support/engine'
import { fakeClock } from '../../support/fake-clock'
import { useTempDir } from '../../support/temp'
import { runnerAround } from './support/fake-service'

/**
 * The max wait (issue 4 item 2): a task the service keeps "running" past it stops being polled
 * and the job is `stopped` with its task kept; "check again" puts it back. Time is our fake clock; the service is
 * a fake of our own ServiceClient port that never finishes.
 */
const MAX_WAIT = 10 * 60_000
let dir: string
let runner: JobRunner
let polls: number
const clock = fakeClock()
const events = createEventBus()

const running: TaskState = { taskId: 'video_1', requestId: 'req_1', status: 'running', outcome: 'running', urls: [] }
const client: ServiceClient = {
  submit: async () => ({ ...running, status: 'pending' }),
  query: async () => (polls++, running),
}

beforeEach(async () => {
  polls = 0
  dir = await useTempDir('reelbox-timeout-')
  runner = createJobRunner({
    ...runnerAround(dir),
    clock,
    log: createLogHub(clock.now).root,
    events,
    client,
    random: () => 0.5,
    limits: () => ({ ...jobLimitsFrom(defaultSettings), downloads: 1, requestsPerSecond: 5, maxWaitMs: MAX_WAIT }),
  })
  await runner.start()
})
afterEach(() => runner.dispose())

describe('the max wait', () => {
  it('stops polling a task that never ends, keeps its task, and polls again when asked to check again', async () => {
    const [job] = await runner.submit({ modelId: 'lumen-1', mode: 't2v', prompt: 'slow' })
    // The journal writes are real (fsync): wait for them, not for the clock.
    await jobWhen({ events, jobs: runner }, job!.id, (j) => j.phase === 'pending')
    // Its first poll is scheduled (the journal watcher holds the other timer).
    await expect.poll(() => clock.pending()).toBe(2)
    // Step time only when the runner is idle, waiting on the clock (its poll timer is armed).
    const idle = (): Promise<void> => vi.waitFor(() => expect(clock.pending() === 2 || runner.get(job!.id)?.phase === 'stopped').toBe(true))
    for (let waited = 0; waited <= MAX_WAIT + 60_000; waited += 15_000) {
      await idle()
      await clock.advance(15_000)
    }
    const stopped = await jobWhen({ events, jobs: runner }, job!.id, (j) => j.phase === 'stopped')
    expect(stopped).toMatchObject({ phase: 'stopped', stoppedBy: 'timeout', taskId: 'video_1' })
    // Backoff caps at 15 s, so ten minutes held dozens of polls; after the stop, none.
    expect(polls).toBeGreaterThan(30)
    const before = polls
    await clock.advance(5 * 60_000)
    expect(polls).toBe(before)

    const again = inPhase(await runner.checkAgain(job!.id), 'running')
    expect(again).toMatchObject({ taskId: 'video_1', deadlineAt: clock.now() + MAX_WAIT })
    await idle()
    await clock.advance(15_000)
    await idle()
    expect(polls).toBeGreaterThan(before)
  })
})
