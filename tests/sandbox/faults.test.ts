import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FaultKind, faultKinds, type Sandbox } from '../../electron/sandbox'
import { call, pollToEnd, query, rawGet, startTestSandbox, submit } from './support'

let sandbox: Sandbox
const t2v = { model: 'alpha-1', _action: 't2v', prompt: 'faults', duration: 2 }

beforeAll(async () => {
  sandbox = await startTestSandbox()
})
afterAll(() => sandbox.close())
beforeEach(() => sandbox.faults.clear())

async function newTask(): Promise<string> {
  const answer = await submit(sandbox, t2v)
  return String(answer.json.data?.task_id)
}

async function resultUrl(): Promise<string> {
  const answer = await submit(sandbox, { model: 'beta-fast', _action: 't2v', prompt: 'result for faults' })
  return (answer.json.data?.urls as string[])[0]!
}

/** Every kind is exercised below; this keeps the list and the tests from drifting apart. */
const covered = new Set<FaultKind>()
const cover = (...kinds: FaultKind[]): void => kinds.forEach((k) => covered.add(k))

describe('Sandbox faults on the API, by request header', () => {
  it('latency: answers normally, not before the delay', async () => {
    cover('latency')
    const started = performance.now()
    const answer = await submit(sandbox, t2v, { 'X-Sandbox-Fault': 'latency=150' })
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
    expect(answer.json.code).toBe(0)
    expect(sandbox.stats().faults.latency).toBeGreaterThanOrEqual(1)
  })

  it.each([
    ['http500', 500, undefined],
    ['http502', 502, undefined],
    ['http503', 503, /^\d+$/],
    ['http429', 429, /^\d+$/],
  ] as const)('%s: HTTP %i with an envelope and no task created', async (kind, status, retryAfter) => {
    cover(kind)
    const before = sandbox.stats().tasksCreated
    const answer = await submit(sandbox, t2v, { 'X-Sandbox-Fault': kind })
    expect(answer.status).toBe(status)
    expect(answer.json.code).not.toBe(0)
    if (retryAfter) expect(answer.headers.get('retry-after')).toMatch(retryAfter)
    expect(sandbox.stats().tasksCreated).toBe(before)
  })

  it('http429-date: Retry-After is an HTTP date in the future', async () => {
    cover('http429-date')
    const answer = await submit(sandbox, t2v, { 'X-Sandbox-Fault': 'http429-date' })
    expect(answer.status).toBe(429)
    const when = Date.parse(answer.headers.get('retry-after') ?? '')
    expect(when).toBeGreaterThan(Date.now())
  })

  it('html-page: a 502 gateway page that is not JSON', async () => {
    cover('html-page')
    const response = await fetch(`${sandbox.baseUrl}/api/v1/video/generation/video_x`, { headers: { Authorization: `Bearer ${sandbox.apiKey}`, 'X-Sandbox-Fault': 'html-page' } })
    expect(response.status).toBe(502)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await response.text()).toMatch(/<html>/)
  })

  it('nonzero-code: HTTP 200 whose envelope code says no', async () => {
    cover('nonzero-code')
    const answer = await submit(sandbox, t2v, { 'X-Sandbox-Fault': 'nonzero-code' })
    expect(answer.status).toBe(200)
    expect(answer.json.code).not.toBe(0)
    expect(answer.json.message).toBeTruthy()
  })

  it('malformed-json on submit: the answer is broken but the task exists; the same key gets it back', async () => {
    cover('malformed-json')
    const headers = { Authorization: `Bearer ${sandbox.apiKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'malformed-1' }
    const response = await fetch(`${sandbox.baseUrl}/api/v1/video/generation`, { method: 'POST', headers: { ...headers, 'X-Sandbox-Fault': 'malformed-json' }, body: JSON.stringify(t2v) })
    expect(response.status).toBe(200)
    await expect(response.json()).rejects.toThrow()
    const task = sandbox.tasks().find((t) => t.idempotencyKey === 'malformed-1')
    expect(task).toBeDefined()
    const again = await submit(sandbox, t2v, { 'Idempotency-Key': 'malformed-1' })
    expect(again.json.data?.task_id).toBe(task?.taskId)
  })

  it('reset on submit: the connection drops after the task was created; the same key gets it back', async () => {
    cover('reset')
    const before = sandbox.stats().tasksCreated
    await expect(submit(sandbox, t2v, { 'Idempotency-Key': 'reset-1', 'X-Sandbox-Fault': 'reset' })).rejects.toThrow()
    expect(sandbox.stats().tasksCreated).toBe(before + 1)
    const again = await submit(sandbox, t2v, { 'Idempotency-Key': 'reset-1' })
    expect(again.json.data?.task_id).toBe(sandbox.tasks().find((t) => t.idempotencyKey === 'reset-1')?.taskId)
    expect(sandbox.stats().tasksCreated).toBe(before + 1)
  })

  it('unknown-status: one answer with a status nobody knows, then the task goes on', async () => {
    cover('unknown-status')
    const taskId = await newTask()
    const odd = await query(sandbox, taskId, { 'X-Sandbox-Fault': 'unknown-status' })
    expect(odd.json.data?.task_status).toBe('warming_up')
    const { statuses } = await pollToEnd(() => query(sandbox, taskId))
    expect(statuses.at(-1)).toBe('succeeded')
  })

  it('task-failure: on submit the task ends failed with a reason; on query it fails at once, saying nothing more', async () => {
    cover('task-failure')
    const failing = await submit(sandbox, t2v, { 'X-Sandbox-Fault': 'task-failure' })
    const { last } = await pollToEnd(() => query(sandbox, String(failing.json.data?.task_id)))
    // The query itself went well: code 0 and the success word, the task's failure in its record.
    expect(last.json).toMatchObject({ code: 0, message: 'success' })
    expect(last.json.data).toMatchObject({ task_status: 'failed', urls: [] })
    expect(String(last.json.data?.reason)).toMatch(/failed/)

    const taskId = await newTask()
    const now = await query(sandbox, taskId, { 'X-Sandbox-Fault': 'task-failure' })
    expect(now.json).toMatchObject({ code: 0, message: 'success' })
    expect(now.json.data?.task_status).toBe('failed')
    expect(now.json.data).not.toHaveProperty('reason')
    expect((await query(sandbox, taskId)).json.data?.task_status).toBe('failed')
  })

  it('refuses an unknown kind in the header, naming the header', async () => {
    const answer = await submit(sandbox, t2v, { 'X-Sandbox-Fault': 'gremlins' })
    expect(answer.status).toBe(400)
    expect(answer.json.message).toMatch(/X-Sandbox-Fault.*gremlins/)
  })
})

describe('Sandbox faults on result downloads', () => {
  it('expired-url: 410 once, then the file', async () => {
    cover('expired-url')
    const url = await resultUrl()
    sandbox.faults.inject('expired-url', { route: 'result' })
    expect((await rawGet(url)).status).toBe(410)
    expect((await rawGet(url)).status).toBe(200)
  })

  it('truncated-body: the full Content-Length is promised, fewer bytes arrive', async () => {
    cover('truncated-body')
    const url = await resultUrl()
    const cut = await rawGet(url, { 'X-Sandbox-Fault': 'truncated-body' })
    expect(cut.status).toBe(200)
    expect(cut.complete).toBe(false)
    expect(cut.body.length).toBeLessThan(Number(cut.headers['content-length']))
    expect(cut.body.length).toBeGreaterThan(0)
  })

  it('etag-change: the ETag changes and a Range request gets the whole file', async () => {
    cover('etag-change')
    const url = await resultUrl()
    const first = await rawGet(url, { Range: 'bytes=0-99' })
    expect(first.status).toBe(206)
    const etag = String(first.headers.etag)
    sandbox.faults.inject('etag-change')
    const changed = await rawGet(url, { Range: 'bytes=100-', 'If-Range': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(changed.body.length).toBe(Number(changed.headers['content-length']))
    // The old validator no longer matches: If-Range with it gets the whole file again.
    expect((await rawGet(url, { Range: 'bytes=100-', 'If-Range': etag })).status).toBe(200)
    expect((await rawGet(url, { Range: 'bytes=100-', 'If-Range': String(changed.headers.etag) })).status).toBe(206)
  })

  it('reset and http503 also hit downloads', async () => {
    const url = await resultUrl()
    await expect(rawGet(url, { 'X-Sandbox-Fault': 'reset' })).rejects.toThrow()
    const busy = await rawGet(url, { 'X-Sandbox-Fault': 'http503' })
    expect(busy.status).toBe(503)
    expect(busy.headers['retry-after']).toMatch(/^\d+$/)
  })
})

describe('Sandbox fault control', () => {
  it('injects in-process for a count of requests on one route', async () => {
    const taskId = await newTask()
    sandbox.faults.inject('http503', { route: 'query', count: 2 })
    expect((await submit(sandbox, t2v)).status).toBe(200) // another route: untouched
    expect((await query(sandbox, taskId)).status).toBe(503)
    expect((await query(sandbox, taskId)).status).toBe(503)
    expect((await query(sandbox, taskId)).status).toBe(200)
    expect(() => sandbox.faults.inject('unknown-status', { route: 'submit' })).toThrow(/query/)
  })

  it('injects over HTTP with the same key, loopback only', async () => {
    const control = (body: unknown, key = sandbox.apiKey): ReturnType<typeof call> =>
      call(`${sandbox.baseUrl}/__sandbox/faults`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    expect((await control({ kind: 'http500' }, 'wrong-key-123')).status).toBe(401)
    const bad = await control({ kind: 'gremlins' })
    expect(bad.status).toBe(400)
    expect(bad.json.message).toMatch(/kind/)
    expect((await control({ kind: 'http502', route: 'submit' })).status).toBe(200)
    expect((await submit(sandbox, t2v)).status).toBe(502)
    expect((await submit(sandbox, t2v)).status).toBe(200)
  })

  it('fails requests by probability', async () => {
    const flaky = await startTestSandbox({ faults: { probability: 1, kinds: ['http503'] } })
    try {
      for (let i = 0; i < 3; i++) expect((await submit(flaky, t2v)).status).toBe(503)
      expect(flaky.stats().faults.http503).toBe(3)
    } finally {
      await flaky.close()
    }
  })

  it('covers every fault kind', () => {
    expect([...covered].sort()).toEqual([...faultKinds].sort())
  })
})
