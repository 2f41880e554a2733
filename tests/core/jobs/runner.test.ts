import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, type Job } from '../../../shared/job'
import type { LibraryDetail } from '../../../shared/contract/library'
import { finished, inPhase, jobWhen, startTestEngine, type TestEngine } from '../../support/engine'
import { pollUntil } from '../../support/poll'
import { probeMp4File } from '../../support/mp4'

let engine: TestEngine
beforeEach(async () => void (engine = await startTestEngine()))
afterEach(() => engine.dispose())

const t2v = { modelId: 'lumen-1', mode: 't2v', prompt: 'a paper boat on a rainy street', duration: 5 } as const

async function submit(draft: object = t2v, variations = 1): Promise<Job[]> {
  return (await engine.core.call('jobs.submit', { draft, variations })) as Job[]
}

describe('jobs end to end against the Sandbox', () => {
  it('submits, polls and downloads a text-to-video job into the library, journaled at every step', async () => {
    const [job] = await submit()
    expect(job!.phase).toBe('queued')
    const seen: string[] = []
    engine.core.events.on('job.updated', (j) => j.id === job!.id && seen.at(-1) !== j.phase && seen.push(j.phase))
    const done = inPhase(await jobWhen(engine.core, job!.id, finished), 'done')
    expect(seen).toEqual(expect.arrayContaining(['submitting', 'downloading', 'done']))
    expect(done.taskId).toMatch(/^video_/)
    expect(done.requestId).toMatch(/^req_/)
    const detail = (await engine.core.call('library.get', { id: done.libraryItemIds[0] })) as LibraryDetail
    expect(detail.item).toMatchObject({ modelId: 'lumen-1', mode: 't2v', sandbox: true, prompt: t2v.prompt })
    const file = path.join(engine.core.library.folder, detail.item.folder, detail.item.fileName)
    expect((await probeMp4File(file)).seconds).toBeCloseTo(5, 0)
    expect(detail.sidecar?.service.taskId).toBe(done.taskId)
    // Nothing half-written is left in staging.
    expect((await readdir(path.join(engine.core.library.folder, '.reelbox', 'staging'))).filter((f) => !f.startsWith('.'))).toEqual([])
  })

  it('§4.1 rule 1: a model that answers with urls at once goes straight to downloading', async () => {
    const before = engine.sandbox.stats().requests.query
    const [job] = await submit({ modelId: 'lumen-1-fast', mode: 't2v', prompt: 'instant' })
    expect((await jobWhen(engine.core, job!.id, finished)).phase).toBe('done')
    expect(engine.sandbox.stats().requests.query).toBe(before)
  })

  it('refuses a bad draft before anything is queued, naming the field', async () => {
    const error = await engine.core.call('jobs.submit', { draft: { ...t2v, duration: 7 } }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'INVALID_INPUT', details: { fields: { duration: [{ code: 'duration.notOffered', params: { value: 7, allowed: [5, 10] } }] } } })
    expect(engine.core.jobs.list()).toEqual([])
  })

  it('Variations: N submits N jobs with different seeds', async () => {
    const jobs = await submit({ ...t2v, seed: 42 }, 3)
    expect(jobs.map((j) => j.draft.seed)[0]).toBe(42)
    expect(new Set(jobs.map((j) => j.draft.seed)).size).toBe(3)
  })

  it('a failed task says why in plain words; retry submits a new job linked to the old', async () => {
    // The service says why (in its task record) …
    engine.sandbox.faults.inject('task-failure', { route: 'submit' })
    const [explained] = await submit()
    const why = inPhase(await jobWhen(engine.core, explained!.id, finished), 'failed')
    expect(why.error).toMatchObject({ code: 'REMOTE_FAILED', details: { serviceStatus: 'failed', reason: expect.stringMatching(/could not produce a video/) } })
    expect(why.error?.message).toMatch(/^The service could not make this video: generation failed: the model could not produce/)
    // … or says nothing but the status, under an envelope whose message is "success".
    engine.sandbox.faults.inject('task-failure', { route: 'query' })
    const [job] = await submit()
    const failed = inPhase(await jobWhen(engine.core, job!.id, finished), 'failed')
    expect(failed.error).toMatchObject({ code: 'REMOTE_FAILED', details: { serviceStatus: 'failed' } })
    expect(failed.error?.details?.['reason']).toBeUndefined()
    expect(failed.error?.message).toBe('The service could not make this video; it reported “failed” without saying why.')
    const retry = (await engine.core.call('jobs.retry', { id: job!.id })) as Job
    expect(retry.retryOf).toBe(job!.id)
    expect((await jobWhen(engine.core, retry.id, finished)).phase).toBe('done')
  })

  it('every fault of the Sandbox ends in success after retry or a typed error on the job', async () => {
    const outcomes: Record<string, string> = {}
    for (const [kind, route] of [
      ['reset', 'submit'], ['http500', 'submit'], ['http502', 'submit'], ['http503', 'submit'], ['http429', 'submit'], ['http429-date', 'submit'],
      ['malformed-json', 'submit'], ['html-page', 'submit'], ['nonzero-code', 'submit'], ['latency', 'submit'],
      ['reset', 'query'], ['http500', 'query'], ['http503', 'query'], ['http429', 'query'], ['malformed-json', 'query'], ['html-page', 'query'],
      ['nonzero-code', 'query'], ['unknown-status', 'query'], ['task-failure', 'query'],
      ['expired-url', 'result'], ['truncated-body', 'result'], ['etag-change', 'result'], ['reset', 'result'], ['http503', 'result'],
    ] as const) {
      engine.sandbox.faults.clear()
      engine.sandbox.faults.inject(kind, { route, ms: 100 })
      const [job] = await submit()
      const end = await jobWhen(engine.core, job!.id, finished, 20_000)
      outcomes[`${kind}@${route}`] = end.phase === 'done' ? 'done' : `${end.phase}:${errorOf(end)?.code}`
      // Whatever happened, it is one of the two honest endings, never stuck, never untyped.
      expect(end.phase === 'done' || (end.phase === 'failed' && end.error.code), `${kind}@${route}: ${JSON.stringify(errorOf(end))}`).toBeTruthy()
    }
    // Retryable faults heal; a task failure and a non-zero code are reported, not retried forever.
    expect(outcomes['task-failure@query']).toBe('failed:REMOTE_FAILED')
    expect(outcomes['nonzero-code@submit']).toBe('failed:REMOTE_FAILED')
    for (const healed of ['reset@submit', 'http503@submit', 'http429@submit', 'malformed-json@query', 'expired-url@result', 'truncated-body@result', 'etag-change@result']) {
      expect(outcomes[healed], healed).toBe('done')
    }
  }, 120_000)

  it('stop waiting stops polling and keeps the task; checking again still brings the video into the library', async () => {
    const [job] = await submit()
    await jobWhen(engine.core, job!.id, (j) => j.phase === 'pending' || j.phase === 'running')
    const stopped = inPhase((await engine.core.call('jobs.cancel', { id: job!.id })) as Job, 'stopped')
    expect(stopped).toMatchObject({ stoppedBy: 'designer', taskId: expect.stringMatching(/^video_/) })
    // The service goes on without us: its task finishes while nobody asks.
    const polls = engine.sandbox.stats().requests.query
    await pollUntil(async () => engine.sandbox.tasks().find((task) => task.taskId === stopped.taskId), (task) => task?.phase === 'succeeded' && task.file !== undefined, { intervalMs: 50 })
    expect(engine.sandbox.stats().requests.query).toBe(polls)
    expect(engine.core.jobs.get(job!.id)?.phase).toBe('stopped')
    // Check again: the finished task is found and its video downloaded.
    const again = (await engine.core.call('jobs.checkAgain', { id: job!.id })) as Job
    expect(again.phase).toBe('running')
    const done = inPhase(await jobWhen(engine.core, job!.id, finished), 'done')
    expect(done.libraryItemIds).toEqual([`${job!.id}-0`])
  })

  it('a job with no task yet is cancelled, not stopped', async () => {
    engine.sandbox.faults.inject('latency', { route: 'submit', ms: 2000 })
    await engine.core.call('settings.update', { concurrency: { jobs: 1 } })
    const [, waiting] = await submit(t2v, 2)
    expect(((await engine.core.call('jobs.cancel', { id: waiting!.id })) as Job).phase).toBe('cancelled')
  })
})

describe('jobs survive a restart', () => {
  it('a job in flight when the engine stops finishes after it starts again, exactly once', async () => {
    const [job] = await submit()
    await jobWhen(engine.core, job!.id, (j) => j.phase === 'pending' || j.phase === 'running')
    const core = await engine.restart()
    expect(core.jobs.get(job!.id)?.phase).toMatch(/pending|running|downloading|done/)
    const done = await jobWhen(core, job!.id, finished)
    expect(done.phase).toBe('done')
    const page = (await core.call('library.list', {})) as { total: number }
    expect(page.total).toBe(1)
  })

  it('a submit that may have reached the service is never silently sent twice without idempotency', async () => {
    // A connection whose profile promises no idempotency, and a reset after the task was created.
    await engine.core.call('profiles.save', { id: 'plain', name: 'Plain', baseUrl: engine.sandbox.baseUrl, serviceProfile: {} })
    await engine.core.call('profiles.activate', { id: 'plain' })
    await engine.core.call('secrets.setApiKey', { apiKey: engine.sandbox.apiKey })
    engine.sandbox.faults.inject('reset', { route: 'submit' })
    const tasksBefore = engine.sandbox.tasks().length
    const [job] = await submit()
    const unknown = inPhase(await jobWhen(engine.core, job!.id, finished), 'unknown')
    expect(unknown.error.message).toMatch(/may or may not/)
    expect(engine.sandbox.tasks().length).toBe(tasksBefore + 1) // it did reach the service
    // The designer decides: forget it.
    expect(((await engine.core.call('jobs.resolveUnknown', { id: job!.id, action: 'forget' })) as Job).phase).toBe('cancelled')
  })

  it('with idempotency honoured, an unsure submit is sent again with the same key: one task, not two', async () => {
    engine.sandbox.faults.inject('reset', { route: 'submit' })
    const tasksBefore = engine.sandbox.tasks().length
    const [job] = await submit()
    const done = await jobWhen(engine.core, job!.id, finished)
    expect(done.phase).toBe('done')
    expect(engine.sandbox.tasks().length).toBe(tasksBefore + 1)
  })
})
