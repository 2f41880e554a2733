import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../electron/sandbox'
import { classifyStatus, defaultServiceProfile } from '../../shared/profile'
import { base64, call, dataUrl, png, pollToEnd, query, startTestSandbox, submit } from './support'
import { say } from '../../shared/locales'

let sandbox: Sandbox
let red: Buffer
let blue: Buffer

beforeAll(async () => {
  sandbox = await startTestSandbox()
  red = await png(320, 180, '#d04020')
  blue = await png(180, 320, '#2040d0')
})
afterAll(() => sandbox.close())

describe('Sandbox: auth (§5)', () => {
  it('answers 401 with an envelope when the bearer key is missing or wrong', async () => {
    const missing = await call(`${sandbox.baseUrl}/api/v1/video/generation`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
    const wrong = await submit(sandbox, { model: 'alpha-1', _action: 't2v', prompt: 'x' }, { Authorization: 'Bearer sk-sandbox-not-the-key' })
    const wrongQuery = await query(sandbox, 'video_x', { Authorization: 'Bearer nope-nope-nope' })
    for (const answer of [missing, wrong, wrongQuery]) {
      expect(answer.status).toBe(401)
      expect(answer.json.code).not.toBe(0)
      expect(answer.json.request_id).toMatch(/^req_\w+$/)
      expect(JSON.stringify(answer.json)).not.toContain(sandbox.apiKey)
    }
    expect(missing.json.message).toMatch(/API key/)
  })
})

describe('Sandbox: submit (§2.1–2.3, §4.1)', () => {
  it('accepts every mode with every image format and answers the envelope with a pending task', async () => {
    const bodies = [
      { model: 'alpha-1', _action: 't2v', prompt: 'a lighthouse at dusk', duration: 4, resolution: '720x1280', seed: 7 },
      { model: 'alpha-1', _action: 'i2v', image: dataUrl(red), prompt: 'slow push in' },
      { model: 'alpha-1', _action: 'i2v', characterImages: [{ url: dataUrl(red) }, { url: dataUrl(blue) }] },
      { model: 'beta-2', _action: 'i2v', image: { imageUrl: base64(red) }, prompt: 'wind', sound: true, duration: 3 },
      { model: 'beta-2', _action: 'i2v', headtailImages: { first_frame: base64(red), last_frame: base64(blue) }, resolution: '9:16' },
      { model: 'alpha-1', _action: 'i2v', image: `${sandbox.baseUrl}/no-such-image.png` },
    ]
    const modes: string[] = []
    for (const body of bodies) {
      const answer = await submit(sandbox, body)
      expect(answer.status, JSON.stringify(answer.json)).toBe(200)
      // §2.2: code 0, the word for success, req_<id>; §2.3: video_<id>, pending, empty urls.
      expect(answer.json).toMatchObject({ code: 0, message: 'success' })
      expect(answer.json.request_id).toMatch(/^req_[0-9a-f]+$/)
      expect(answer.json.data).toMatchObject({ task_status: 'pending', urls: [] })
      expect(String(answer.json.data?.task_id)).toMatch(/^video_[0-9a-f]+$/)
      modes.push(sandbox.tasks().find((t) => t.taskId === answer.json.data?.task_id)?.mode ?? '?')
    }
    expect(modes).toEqual(['t2v', 'i2v', 'reference', 'i2v', 'first-last', 'i2v'])
  })

  it('runs a task pending → running → succeeded with urls and progress (§3)', async () => {
    // Windows wide enough that a loaded machine still sees each status at least once.
    const slow = await startTestSandbox({ timing: { pendingMs: 800, runningMs: 1000, progressSteps: 5 } })
    try {
      const first = await submit(slow, { model: 'alpha-1', _action: 't2v', prompt: 'waves', duration: 2 })
      const taskId = String(first.json.data?.task_id)
      const { statuses, progress, last } = await pollToEnd(() => query(slow, taskId))
      expect([...new Set(statuses)]).toEqual(['pending', 'running', 'succeeded'])
      expect(progress).toEqual([...progress].sort((a, b) => a - b))
      expect(progress.at(-1)).toBe(100)
      expect(last.json).toMatchObject({ code: 0, message: 'success', data: { task_id: taskId } })
      const urls = last.json.data?.urls as string[]
      expect(urls).toHaveLength(1)
      expect(urls[0]).toMatch(new RegExp(`^${slow.baseUrl}/files/[0-9a-f]+\\.mp4\\?exp=\\d+&sig=`))
      const video = await fetch(urls[0]!)
      expect(video.status).toBe(200)
      expect(video.headers.get('content-type')).toBe('video/mp4')
      // The default profile reads these names as the sandbox means them.
      expect(statuses.map((s) => classifyStatus(s, defaultServiceProfile))).toContain('running')
      expect(classifyStatus('succeeded', defaultServiceProfile)).toBe('success')
      expect(classifyStatus('failed', defaultServiceProfile)).toBe('failure')
    } finally {
      await slow.close()
    }
  })

  it('answers an immediate model with urls in the submit response (§4.1 rule 1)', async () => {
    const answer = await submit(sandbox, { model: 'beta-fast', _action: 't2v', prompt: 'instant' })
    expect(answer.json.code).toBe(0)
    expect(answer.json.data?.task_status).toBe('succeeded')
    expect((answer.json.data?.urls as string[]).length).toBe(1)
  })

  it('answers 404 with an envelope for an unknown task', async () => {
    const answer = await query(sandbox, 'video_doesnotexist')
    expect(answer.status).toBe(404)
    expect(answer.json.code).not.toBe(0)
    expect(answer.json.message).toContain('video_doesnotexist')
  })
})

describe('Sandbox: parameter errors name the field (§7)', () => {
  const cases: Array<[string, () => unknown, string]> = [
    ['unknown model', () => ({ model: 'lumen-99', _action: 't2v', prompt: 'x' }), 'model'],
    ['missing model', () => ({ _action: 't2v', prompt: 'x' }), 'model'],
    ['wrong _action', () => ({ model: 'alpha-1', _action: 'v2v', prompt: 'x' }), '_action'],
    ['missing required prompt', () => ({ model: 'alpha-1', _action: 't2v' }), 'prompt'],
    ['prompt too long', () => ({ model: 'beta-2', _action: 'i2v', image: { imageUrl: base64(red) }, prompt: 'x'.repeat(51) }), 'prompt'],
    ['duration not allowed', () => ({ model: 'alpha-1', _action: 't2v', prompt: 'x', duration: 7 }), 'duration'],
    ['duration as a string', () => ({ model: 'alpha-1', _action: 't2v', prompt: 'x', duration: '2' }), 'duration'],
    ['resolution not allowed', () => ({ model: 'alpha-1', _action: 't2v', prompt: 'x', resolution: '4k' }), 'resolution'],
    ['too many characterImages', () => ({ model: 'alpha-1', _action: 'i2v', characterImages: Array.from({ length: 4 }, () => ({ url: dataUrl(red) })) }), 'characterImages'],
    ['too few characterImages', () => ({ model: 'alpha-1', _action: 'i2v', characterImages: [] }), 'characterImages'],
    ['characterImages element without its key', () => ({ model: 'alpha-1', _action: 'i2v', characterImages: [{ url: dataUrl(red) }, { imageUrl: dataUrl(red) }] }), 'characterImages[1].url'],
    ['bad base64', () => ({ model: 'beta-2', _action: 'i2v', image: { imageUrl: 'not*base64!' }, prompt: 'x' }), 'image.imageUrl'],
    ['base64 that is not an image', () => ({ model: 'beta-2', _action: 'i2v', image: { imageUrl: Buffer.from('hello world!').toString('base64') }, prompt: 'x' }), 'image.imageUrl'],
    ['bad data URL', () => ({ model: 'alpha-1', _action: 'i2v', image: 'data:image/png,rawbytes' }), 'image'],
    ['raw base64 where a data URL is wanted', () => ({ model: 'alpha-1', _action: 'i2v', image: base64(red) }), 'image'],
    ['data URL where raw base64 is wanted', () => ({ model: 'beta-2', _action: 'i2v', headtailImages: { first_frame: dataUrl(red), last_frame: base64(blue) } }), 'headtailImages.first_frame'],
    ['image object without its key', () => ({ model: 'beta-2', _action: 'i2v', image: { url: base64(red) }, prompt: 'x' }), 'image.imageUrl'],
    ['string where an object is wanted', () => ({ model: 'beta-2', _action: 'i2v', image: base64(red), prompt: 'x' }), 'image'],
    ['missing last frame', () => ({ model: 'beta-2', _action: 'i2v', headtailImages: { first_frame: base64(red) } }), 'headtailImages.last_frame'],
    ['audio switch not a boolean', () => ({ model: 'beta-2', _action: 'i2v', image: { imageUrl: base64(red) }, prompt: 'x', sound: 'yes' }), 'sound'],
  ]

  it.each(cases)('%s → 400 naming %s', async (_name, body, field) => {
    const answer = await submit(sandbox, body())
    expect(answer.status).toBe(400)
    expect(answer.json.code).toBeGreaterThanOrEqual(40001)
    expect(answer.json.message).toMatch(new RegExp(`^(invalid|unsupported) parameter: ${field.replace(/[[\].]/g, '\\$&')}\\b`))
    expect(answer.json.data).toEqual({ field })
  })

  it('refuses an image below the model’s minimum side, naming it', async () => {
    const tiny = await png(32, 32)
    const answer = await submit(sandbox, { model: 'alpha-1', _action: 'i2v', image: dataUrl(tiny) })
    expect(answer.status).toBe(400)
    expect(answer.json.message).toMatch(/^invalid parameter: image is too small/)
  })

  it('refuses a body that is not JSON, or not sent as JSON (§5)', async () => {
    const notJson = await submit(sandbox, '{"model": ')
    expect(notJson.status).toBe(400)
    expect(notJson.json.message).toMatch(/JSON/)
    const wrongType = await submit(sandbox, { model: 'alpha-1', _action: 't2v', prompt: 'x' }, { 'Content-Type': 'text/plain' })
    expect(wrongType.status).toBe(400)
    expect(wrongType.json.message).toMatch(/Content-Type/)
  })
})

describe('Sandbox: unsupported fields (§2.1 rule 1, §7 rule 1)', () => {
  const body = (): unknown => ({ model: 'alpha-1', _action: 'i2v', image: dataUrl(red), seed: 42 }) // i2v takes no seed

  it('strict: a parameter error naming the field', async () => {
    const answer = await submit(sandbox, body())
    expect(answer.status).toBe(400)
    expect(answer.json.message).toMatch(/^unsupported parameter: seed\b/)
  })

  it('lenient: the field is silently ignored', async () => {
    const lenient = await startTestSandbox({ validation: 'lenient' })
    try {
      const answer = await submit(lenient, body())
      expect(answer.status).toBe(200)
      expect(answer.json.data?.task_status).toBe('pending')
    } finally {
      await lenient.close()
    }
  })
})

describe('Sandbox: idempotency keys (issue 4 item 1)', () => {
  const body = { model: 'alpha-1', _action: 't2v', prompt: 'same request twice', duration: 2 }

  it('answers the same key with the same task and the same answer', async () => {
    const first = await submit(sandbox, body, { 'Idempotency-Key': 'key-one' })
    const again = await submit(sandbox, { ...body }, { 'Idempotency-Key': 'key-one' })
    expect(again.json).toEqual(first.json)
    const other = await submit(sandbox, body, { 'Idempotency-Key': 'key-two' })
    expect(other.json.data?.task_id).not.toBe(first.json.data?.task_id)
  })

  it('refuses the same key with a different body', async () => {
    await submit(sandbox, body, { 'Idempotency-Key': 'key-three' })
    const clash = await submit(sandbox, { ...body, prompt: 'something else' }, { 'Idempotency-Key': 'key-three' })
    expect(clash.status).toBe(409)
  })

  it('creates a new task each time when told not to honour keys', async () => {
    const forgetful = await startTestSandbox({ honourIdempotency: false })
    try {
      const a = await submit(forgetful, body, { 'Idempotency-Key': 'k' })
      const b = await submit(forgetful, body, { 'Idempotency-Key': 'k' })
      expect(a.json.data?.task_id).not.toBe(b.json.data?.task_id)
    } finally {
      await forgetful.close()
    }
  })
})

describe('Sandbox: a non-default service profile', () => {
  it('serves the query where the profile says, with its status names', async () => {
    const other = await startTestSandbox({
      query: { method: 'POST', path: '/api/v1/video/task', idIn: 'body', idParam: 'id' },
      statusNames: { running: 'processing', succeeded: 'completed', failed: 'error' },
    })
    const byQuery = await startTestSandbox({ query: { method: 'GET', path: '/api/v1/video/status', idIn: 'query', idParam: 'task_id' } })
    try {
      const created = await submit(other, { model: 'alpha-1', _action: 't2v', prompt: 'x', duration: 2 })
      const taskId = String(created.json.data?.task_id)
      const ask = (): ReturnType<typeof call> =>
        call(`${other.baseUrl}/api/v1/video/task`, { method: 'POST', headers: { Authorization: `Bearer ${other.apiKey}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ id: taskId }) })
      const { statuses } = await pollToEnd(ask, (s) => s === 'completed' || s === 'error')
      expect(statuses.at(-1)).toBe('completed')
      expect(statuses.every((s) => ['pending', 'processing', 'completed'].includes(s))).toBe(true)
      // The default path is not served by this Sandbox.
      expect((await query(other, taskId)).status).toBe(404)

      const second = await submit(byQuery, { model: 'alpha-1', _action: 't2v', prompt: 'y', duration: 2 })
      const id = String(second.json.data?.task_id)
      const viaQueryString = await call(`${byQuery.baseUrl}/api/v1/video/status?task_id=${id}`, { headers: { Authorization: `Bearer ${byQuery.apiKey}` } })
      expect(viaQueryString.json.data?.task_id).toBe(id)
    } finally {
      await other.close()
      await byQuery.close()
    }
  })

  it('refuses a query route that cannot carry the id, naming the option', async () => {
    await expect(startTestSandbox({ query: { path: '/api/v1/video/status', idIn: 'path' } })).rejects.toThrow(/query\.path/)
  })
})

describe('Sandbox: logs and the CLI entry', () => {
  it('never writes the API key to its log, whatever happens', async () => {
    const canary = 'sk-sandbox-CANARY-7f3a9c1e'
    const lines: string[] = []
    const logged = await startTestSandbox({ apiKey: canary, logger: { info: (code, params) => lines.push(say('en', `log.${code}`, params)), warn: (code, params) => lines.push(say('en', `log.${code}`, params)) } })
    try {
      await submit(logged, { model: 'alpha-1', _action: 't2v', prompt: canary })
      await submit(logged, { model: 'alpha-1', _action: 't2v', prompt: 'x' }, { 'X-Sandbox-Fault': 'http500' })
      await submit(logged, { model: 'nope' })
      await submit(logged, { model: 'alpha-1' }, { Authorization: `Bearer ${canary}x` })
      expect(lines.length).toBeGreaterThan(2)
      expect(lines.filter((line) => line.includes('CANARY'))).toEqual([])
    } finally {
      await logged.close()
    }
  })
})
