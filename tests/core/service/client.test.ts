import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import type { Sandbox } from '../../../electron/sandbox'
import { createLogHub } from '../../../electron/core/logger'
import { systemClock } from '../../../electron/core/ports'
import { createServiceClient, type Connection, type ServiceClient, type TaskState } from '../../../electron/core/service/client'
import { dataUrl, png as solidPng } from '../../sandbox/support'
import { pollUntil } from '../../support/poll'
import { connectionTo, startTestSandbox } from '../../support/sandbox'

let sandbox: Sandbox
let connection: Connection
let png: string
const logs = createLogHub(Date.now)
const client: ServiceClient = createServiceClient({ fetch, clock: systemClock, log: logs.root, timeoutMs: 2000 })

beforeAll(async () => {
  sandbox = await startTestSandbox()
  connection = connectionTo(sandbox)
  png = dataUrl(await solidPng(320, 180, '#7c5cff'))
})
afterAll(() => sandbox.close())

/** §4.1 rule 2: polls until a terminal state. */
async function until(taskId: string, conn = connection): Promise<TaskState> {
  const { last } = await pollUntil(() => client.query(conn, taskId), (state) => state.outcome !== 'running', { failure: () => 'task never finished' })
  return last
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

describe('service client against the Sandbox', () => {
  it('§4.1/§2.2/§2.3: a text-to-video submit returns the envelope with a pending task, then polls to success with urls', async () => {
    const state = await client.submit(connection, { model: 'lumen-1', _action: 't2v', prompt: 'a lighthouse at dusk', duration: 5 })
    expect(state.requestId).toMatch(/^req_/) // §2.2
    expect(state.taskId).toMatch(/^video_/) // §2.3
    expect(state.status).toBe('pending') // §2.3: a newly accepted task shows pending
    expect(state.urls).toEqual([]) // §3: pending has empty urls
    expect(state.outcome).toBe('running')
    const done = await until(state.taskId!) // §4.1 rule 2: poll until a terminal state
    expect(done.outcome).toBe('success')
    expect(done.urls.length).toBeGreaterThan(0)
    const video = await fetch(done.urls[0]!)
    expect(video.headers.get('content-type')).toBe('video/mp4')
  })

  it('§4.1: every mode goes through the one endpoint (first frame, first-and-last, reference)', async () => {
    const i2v = await client.submit(connection, { model: 'lumen-1', _action: 'i2v', image: png })
    const firstLast = await client.submit(connection, { model: 'kestrel-v2.5', _action: 'i2v', headtailImages: { head: png.split(',')[1], tail: png.split(',')[1] } })
    const reference = await client.submit(connection, { model: 'atlas-pro', _action: 'i2v', prompt: 'the same cat, walking', characterImages: [{ imageUrl: png }, { imageUrl: png }] })
    for (const state of [i2v, firstLast, reference]) expect((await until(state.taskId!)).outcome).toBe('success')
  })

  it('§4.1 rule 1: urls in the submit answer mean done at once, nothing to poll', async () => {
    const before = sandbox.stats().requests.query
    const state = await client.submit(connection, { model: 'lumen-1-fast', _action: 't2v', prompt: 'instant' })
    expect(state.outcome).toBe('success')
    expect(state.urls[0]).toMatch(/^http:\/\/127\.0\.0\.1/)
    expect(sandbox.stats().requests.query).toBe(before)
  })

  it('§3: a failed task says why when its answer does, from the profile’s reasonPath or the usual fields, never the success word', async () => {
    const body = { model: 'lumen-1', _action: 't2v', prompt: 'doomed' }
    sandbox.faults.inject('task-failure', { route: 'submit' })
    const explained = (await client.submit(connection, body)).taskId!
    const failed = await until(explained)
    expect(failed).toMatchObject({ outcome: 'failure', status: 'failed', reason: expect.stringMatching(/^generation failed: the model could not produce/) })
    // A reasonPath is where the designer said to look, and the only place looked.
    expect((await client.query(connectionTo(sandbox, { query: { reasonPath: 'data.reason' } }), explained)).reason).toBe(failed.reason)
    expect((await client.query(connectionTo(sandbox, { query: { reasonPath: 'data.task_id' } }), explained)).reason).toBe(explained)
    expect((await client.query(connectionTo(sandbox, { query: { reasonPath: 'data.why' } }), explained)).reason).toBeUndefined()
    // Stopped with nothing but its status, the envelope's "success" (§2.2) is not taken for a reason.
    sandbox.faults.inject('task-failure', { route: 'query' })
    const silent = await until((await client.submit(connection, body)).taskId!)
    expect(silent).toMatchObject({ outcome: 'failure', status: 'failed' })
    expect(silent.reason).toBeUndefined()
    expect((await client.query(connectionTo(sandbox, { query: { reasonPath: 'message' } }), silent.taskId!)).reason).toBeUndefined()
  })

  it('§7 rule 1: a parameter the model does not support is a parameter error naming the field, with the request id', async () => {
    const error = await failure(client.submit(connection, { model: 'lumen-1-fast', _action: 't2v', prompt: 'x', seed: 7 }))
    expect(error.code).toBe('INVALID_PARAMS')
    expect(error.details?.['field']).toBe('seed')
    expect(error.fieldProblems?.['seed']).toEqual([{ code: 'service.refused', params: { field: 'seed', said: expect.stringMatching(/seed/) } }])
    expect(error.details?.['requestId']).toMatch(/^req_/)
    expect(error.retryable).toBe(false)
  })

  it('§5: a wrong key is unauthorised, and the key never reaches a log line', async () => {
    const error = await failure(client.submit({ ...connection, apiKey: 'sk-wrong-canary-123456' }, { model: 'lumen-1', _action: 't2v', prompt: 'x' }))
    expect(error.code).toBe('UNAUTHORIZED')
    expect(JSON.stringify(logs.recent(500))).not.toContain('sk-wrong-canary-123456')
    expect(JSON.stringify(logs.recent(500))).not.toContain(connection.apiKey)
  })

  it('turns every fault of the Sandbox into a typed, honest error', async () => {
    const submit = (): Promise<TaskState> => client.submit(connection, { model: 'lumen-1', _action: 't2v', prompt: 'fault' })
    const expectations: Array<[string, Partial<{ code: string; retryable: boolean }>, (e: AppError) => void]> = [
      ['reset', { code: 'NETWORK', retryable: true }, () => undefined],
      ['http500', { code: 'REMOTE_FAILED', retryable: true }, () => undefined],
      ['http502', { code: 'REMOTE_FAILED', retryable: true }, () => undefined],
      ['http503', { code: 'RATE_LIMITED', retryable: true }, (e) => expect(e.details?.['retryAfterMs']).toBe(1000)],
      ['http429', { code: 'RATE_LIMITED', retryable: true }, (e) => expect(e.details?.['retryAfterMs']).toBe(1000)],
      ['http429-date', { code: 'RATE_LIMITED', retryable: true }, (e) => expect(e.details?.['retryAfterMs']).toBeGreaterThan(0)],
      ['malformed-json', { code: 'PROTOCOL' }, () => undefined],
      ['html-page', { code: 'PROTOCOL', retryable: true }, (e) => expect(e.message).toMatch(/not JSON: “.+”/)],
      ['nonzero-code', { code: 'REMOTE_FAILED', retryable: false }, (e) => expect(e.details?.['serviceCode']).not.toBe(0)],
    ]
    for (const [kind, shape, extra] of expectations) {
      sandbox.faults.inject(kind as never, { route: 'submit' })
      const error = await failure(submit())
      expect(error, kind).toMatchObject(shape)
      extra(error)
    }
    sandbox.faults.inject('latency', { route: 'submit', ms: 800 })
    const slow = createServiceClient({ fetch, clock: systemClock, log: logs.root, timeoutMs: 200 })
    expect(await failure(slow.submit(connection, { model: 'lumen-1', _action: 't2v', prompt: 'slow' }))).toMatchObject({ code: 'TIMEOUT', retryable: true })
  })

  it('§3: an unknown status word means still running, shown as the service said it', async () => {
    const state = await client.submit(connection, { model: 'lumen-1', _action: 't2v', prompt: 'odd words' })
    sandbox.faults.inject('unknown-status', { route: 'query' })
    const odd = await client.query(connection, state.taskId!)
    expect(odd).toMatchObject({ status: 'warming_up', outcome: 'running' })
    expect((await until(state.taskId!)).outcome).toBe('success')
  })

  it('cancels through AbortSignal', async () => {
    sandbox.faults.inject('latency', { route: 'submit', ms: 1000 })
    const controller = new AbortController()
    const pending = client.submit(connection, { model: 'lumen-1', _action: 't2v', prompt: 'never mind' }, { signal: controller.signal })
    controller.abort()
    expect((await failure(pending)).code).toBe('CANCELLED')
  })
})

describe('a non-default service profile', () => {
  it('queries another path with the id in the query string, and reads other status names', async () => {
    const other = await startTestSandbox({
      query: { method: 'GET', path: '/v2/tasks/query', idIn: 'query', idParam: 'id' },
      statusNames: { pending: 'QUEUED', running: 'IN_PROGRESS', succeeded: 'FINISHED_OK', failed: 'BROKEN' },
    })
    try {
      const conn = connectionTo(other, {
        query: { method: 'GET', path: '/v2/tasks/query', idIn: 'query', idParam: 'id' },
        statuses: { success: ['finished_ok'], failure: ['broken'] },
      })
      const state = await client.submit(conn, { model: 'lumen-1', _action: 't2v', prompt: 'profile' })
      const done = await until(state.taskId!, conn)
      expect(done).toMatchObject({ status: 'FINISHED_OK', outcome: 'success' })

      // §3: with the default vocabulary, FINISHED_OK is a word it does not know: still running.
      const defaultWords = connectionTo(other, { query: { method: 'GET', path: '/v2/tasks/query', idIn: 'query', idParam: 'id' } })
      expect(await client.query(defaultWords, state.taskId!)).toMatchObject({ status: 'FINISHED_OK', outcome: 'running' })
    } finally {
      await other.close()
    }
  })

  it('sends the id in a POST body when the profile says so', async () => {
    const other = await startTestSandbox({ query: { method: 'POST', path: '/api/v1/video/query', idIn: 'body', idParam: 'task_id' } })
    try {
      const conn = connectionTo(other, { query: { method: 'POST', path: '/api/v1/video/query', idIn: 'body' } })
      const state = await client.submit(conn, { model: 'lumen-1', _action: 't2v', prompt: 'post' })
      expect((await until(state.taskId!, conn)).outcome).toBe('success')
    } finally {
      await other.close()
    }
  })
})
