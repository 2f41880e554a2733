import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, SANDBOX_TOOL } from '../../electron/sandbox'
import { probeMp4 } from '../support/mp4'
import { base64, dataUrl, png, pollToEnd, query, rawGet, startTestSandbox, submit } from './support'

let sandbox: Sandbox
let clock = Date.now()

beforeAll(async () => {
  // A hand-moved clock: URLs expire when the test says so, not when a timer fires.
  sandbox = await startTestSandbox({ timing: { pendingMs: 0, runningMs: 0 }, urlTtlMs: 60_000, render: { longSide: 480, fps: 12 }, now: () => clock })
})
afterAll(() => sandbox.close())

async function finished(body: unknown): Promise<string> {
  const answer = await submit(sandbox, body)
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  const { last } = await pollToEnd(() => query(sandbox, String(answer.json.data?.task_id)))
  expect(last.json.data?.task_status).toBe('succeeded')
  return (last.json.data?.urls as string[])[0]!
}

describe('Sandbox results are real, labelled H.264 MP4s rendered from the request', () => {
  it('renders every mode at the asked duration and aspect', async () => {
    const landscape = await png(640, 360, '#c03020')
    const portrait = await png(360, 640, '#2040c0')
    const cases = [
      { body: { model: 'alpha-1', _action: 't2v', prompt: 'a paper boat on a pond', duration: 4, resolution: '720x1280', seed: 3 }, seconds: 4, aspect: 9 / 16 },
      { body: { model: 'alpha-1', _action: 'i2v', image: dataUrl(landscape) }, seconds: 2, aspect: 16 / 9 },
      { body: { model: 'beta-2', _action: 'i2v', headtailImages: { first_frame: base64(landscape), last_frame: base64(portrait) }, resolution: '9:16' }, seconds: 5, aspect: 9 / 16 },
      { body: { model: 'alpha-1', _action: 'i2v', characterImages: [{ url: dataUrl(portrait) }, { url: dataUrl(landscape) }] }, seconds: 2, aspect: 9 / 16 },
    ]
    for (const { body, seconds, aspect } of cases) {
      const video = await rawGet(await finished(body))
      expect(video.status).toBe(200)
      const mp4 = probeMp4(video.body)
      expect(mp4.codec).toMatch(/^avc1\./)
      expect(mp4.seconds).toBeCloseTo(seconds, 1)
      expect(mp4.frames).toBe(seconds * 12)
      expect(Math.max(mp4.width, mp4.height)).toBe(480)
      expect(mp4.width / mp4.height).toBeCloseTo(aspect, 1)
      expect(mp4.tool).toBe(SANDBOX_TOOL)
      expect(mp4.comment).toMatch(/^Reelbox Sandbox: rendered locally/)
    }
  })
})

describe('Sandbox result downloads', () => {
  let url: string
  let size: number
  let etag: string

  beforeAll(async () => {
    const answer = await submit(sandbox, { model: 'beta-fast', _action: 't2v', prompt: 'ranges' })
    url = (answer.json.data?.urls as string[])[0]!
    const whole = await rawGet(url)
    size = whole.body.length
    etag = String(whole.headers.etag)
    expect(whole.headers['accept-ranges']).toBe('bytes')
    expect(whole.headers['content-type']).toBe('video/mp4')
    expect(Number(whole.headers['content-length'])).toBe(size)
    expect(etag).toMatch(/^"[^"]+"$/)
  })

  it('answers a Range with 206 and the exact bytes', async () => {
    const whole = await rawGet(url)
    const part = await rawGet(url, { Range: 'bytes=100-199' })
    expect(part.status).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`)
    expect(part.body.equals(whole.body.subarray(100, 200))).toBe(true)
    const tail = await rawGet(url, { Range: 'bytes=-10' })
    expect(tail.body.equals(whole.body.subarray(size - 10))).toBe(true)
    const resume = await rawGet(url, { Range: `bytes=${size - 5}-`, 'If-Range': etag })
    expect(resume.status).toBe(206)
    expect(resume.body.length).toBe(5)
  })

  it('answers 416 for a range past the end', async () => {
    const answer = await rawGet(url, { Range: `bytes=${size}-` })
    expect(answer.status).toBe(416)
    expect(answer.headers['content-range']).toBe(`bytes */${size}`)
  })

  it('answers 304 for a matching If-None-Match, and HEAD without a body', async () => {
    expect((await rawGet(url, { 'If-None-Match': etag })).status).toBe(304)
    const head = await rawGet(url, {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(Number(head.headers['content-length'])).toBe(size)
    expect(head.body.length).toBe(0)
  })

  it('refuses a tampered signature, and an expired URL until the task is queried again', async () => {
    expect((await rawGet(url.replace(/sig=.{4}/, 'sig=AAAA'))).status).toBe(403)
    const taskId = sandbox.tasks().find((t) => t.model === 'beta-fast')!.taskId
    clock += 60_001
    const expired = await rawGet(url)
    expect(expired.status).toBe(403)
    expect(expired.body.toString()).toMatch(/expired/)
    const fresh = ((await query(sandbox, taskId)).json.data?.urls as string[])[0]!
    expect(fresh).not.toBe(url)
    expect((await rawGet(fresh)).status).toBe(200)
  })
})
