/**
 * A service unlike the default one (issue 14), over real loopback HTTP, with only a profile:
 * its errors keep their words and name the refused field, its results as `[{url, cover}]` or one
 * `video_url` reach the library (with the service's own poster), and a success whose results the
 * profile cannot read fails the job at once, saying where they likely are.
 */
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogHub } from '../../../electron/core/logger'
import { systemClock } from '../../../electron/core/ports'
import { createServiceClient, type Connection } from '../../../electron/core/service/client'
import type { RecentReading } from '../../../shared/contract/profiles'
import type { LibraryPage } from '../../../shared/contract/library'
import { AppError } from '../../../shared/errors'
import { errorOf, type Job, type JobIn } from '../../../shared/job'
import { ServiceProfile, type ServiceProfileInput } from '../../../shared/profile'
import { makeMp4 } from '../library/support/mp4'
import { png } from '../../sandbox/support'
import { startTestCore, type TestCore } from '../../support/core'
import { fastPolling, finished, jobWhen } from '../../support/engine'
import { anotherProfile, anotherSingleProfile, startAnotherService, type AnotherService } from '../../support/another-service'

const COVER = '#f5a524'
let service: AnotherService
let engine: TestCore
const client = createServiceClient({ fetch, clock: systemClock, log: createLogHub(Date.now).root })
const connection = (profile: ServiceProfileInput, apiKey = service.apiKey): Connection => ({ baseUrl: service.baseUrl, apiKey, profile: ServiceProfile.parse(profile) })
const refusal = (promise: Promise<unknown>): Promise<AppError> =>
  promise.then(
    () => {
      throw new Error('the service accepted it')
    },
    (error: unknown) => AppError.from(error),
  )

beforeAll(async () => {
  service = await startAnotherService({ video: await makeMp4({ frames: 12 }), cover: await png(320, 180, COVER) })
  engine = await startTestCore({ polling: fastPolling })
  await engine.core.call('profiles.save', { id: 'another', name: 'Another service', baseUrl: service.baseUrl, serviceProfile: anotherProfile })
  await engine.core.call('profiles.activate', { id: 'another' })
  await engine.core.call('secrets.setApiKey', { apiKey: service.apiKey })
  await engine.core.call('settings.update', { pollBudget: { requestsPerSecond: 20 } })
})
afterAll(async () => {
  await engine?.dispose()
  await service?.close()
})

async function generate(draft: { modelId: string; duration?: number }, profile: ServiceProfileInput = anotherProfile): Promise<Job> {
  await engine.core.call('profiles.save', { id: 'another', name: 'Another service', baseUrl: service.baseUrl, serviceProfile: profile })
  const [job] = (await engine.core.call('jobs.submit', { draft: { mode: 't2v', prompt: 'a kite over the dunes', ...draft } })) as Job[]
  return jobWhen(engine.core, job!.id, finished)
}

/** The job, done (its error said otherwise). */
function done(job: Job): JobIn<'done'> {
  expect(job.phase, errorOf(job)?.message).toBe('done')
  return job as JobIn<'done'>
}

describe('errors in another shape keep their words', () => {
  it.each([
    ['the defaults', {}],
    ['its profile', anotherProfile],
  ] as const)('a refused duration names the field and keeps the service’s sentence (%s)', async (_, profile) => {
    const error = await refusal(client.submit(connection(profile), { model: 'lumen-1', _action: 't2v', prompt: 'x', duration: 5 }))
    expect(error).toMatchObject({ code: 'INVALID_PARAMS', retryable: false })
    expect(error.fieldProblems).toEqual({ duration: [{ code: 'service.refused', params: { field: 'duration', said: 'duration must be one of 4, 8' } }] })
    expect(error.details).toMatchObject({ serviceMessage: 'duration must be one of 4, 8', serviceCode: 'invalid_request_error', requestId: 'req_invalid_request_error', httpStatus: 422 })
  })

  it('a wrong key keeps “bad key”', async () => {
    const error = await refusal(client.submit(connection({}, 'sk-wrong-0000'), { model: 'lumen-1', _action: 't2v', prompt: 'x' }))
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', message: 'The service refused the API key (HTTP 401): bad key.' })
    expect(error.details?.['serviceMessage']).toBe('bad key')
  })

  it('a profile pointing its errors elsewhere reads only there', async () => {
    const error = await refusal(client.submit(connection({ errors: { message: 'error.detail' } }), { model: 'lumen-1', _action: 't2v', prompt: 'x', duration: 5 }))
    expect(error.details?.['serviceMessage']).toBeUndefined()
    // The field is still named (the default `error.param`), with nothing of the service's to quote.
    expect(error.details?.['field']).toBe('duration')
  })

  it('a job the service refuses fails with the field and the sentence', async () => {
    const job = await generate({ modelId: 'lumen-1', duration: 5 })
    expect(job.phase).toBe('failed')
    expect(errorOf(job)).toMatchObject({ code: 'INVALID_PARAMS', details: { fields: { duration: [{ code: 'service.refused', params: { field: 'duration', said: 'duration must be one of 4, 8' } }] } } })
  })
})

describe('results as objects or one string reach the library', () => {
  const items = async (): Promise<LibraryPage['items']> => ((await engine.core.call('library.list', {})) as LibraryPage).items

  it('[{url, cover}]: the video is downloaded and the service’s cover is its poster', async () => {
    service.results = 'objects'
    const job = done(await generate({ modelId: 'kestrel-v2.7', duration: 4 }))
    expect(job.resultUrls).toEqual([`${service.baseUrl}/files/clip.mp4`])
    const item = (await items()).find((it) => it.id === job.libraryItemIds[0])!
    expect(item.hasPoster).toBe(true)
    const poster = path.join(engine.core.library.folder, item.folder, item.fileName.replace(/\.mp4$/, '.jpg'))
    const { dominant } = await sharp(poster).stats()
    // The service's orange cover, not a frame of the (grey-blue) video.
    expect(dominant.r).toBeGreaterThan(200)
    expect(dominant.b).toBeLessThan(100)
  })

  it('one video_url string: the video is downloaded', async () => {
    service.results = 'single'
    const job = done(await generate({ modelId: 'kestrel-v2.7', duration: 8 }, anotherSingleProfile))
    expect((await items()).map((it) => it.id)).toContain(job.libraryItemIds[0])
  })

  it('a success whose URLs cannot be read fails at once, saying what is there and where the URLs likely are', async () => {
    service.results = 'objects'
    const before = service.requests.filter((r) => r.path.startsWith('/v2/tasks/')).length
    const job = await generate({ modelId: 'kestrel-v2.7', duration: 4 }, { ...anotherProfile, query: { ...anotherProfile.query, urlsPath: 'data.outputs' } })
    expect(job.phase).toBe('failed')
    expect(errorOf(job)).toMatchObject({ code: 'PROTOCOL', retryable: false })
    expect(errorOf(job)?.details?.['problem']).toEqual({
      code: 'result.unreadable',
      params: { status: 'ready', path: 'data.outputs', found: 'objects', count: 1, suggestion: 'data.outputs[].url' },
    })
    // One query while running, one that read the success: never polled again.
    expect(service.requests.filter((r) => r.path.startsWith('/v2/tasks/')).length - before).toBe(service.runningPolls + 1)
  })
})

describe('the last answers of a connection, for the profile tester', () => {
  it('reads them under a profile being edited: a wrong urlsPath is trouble, with the likely path', async () => {
    const recent = (await engine.core.call('profiles.recent', { id: 'another', serviceProfile: { ...anotherProfile, query: { ...anotherProfile.query, urlsPath: 'data.video' } } })) as RecentReading[]
    const kinds = new Set(recent.map((r) => r.reading.kind))
    expect(kinds).toEqual(new Set(['submit', 'query', 'error']))
    const ready = recent.find((r) => r.reading.kind === 'query' && r.reading.outcome === 'success' && r.answer.includes('outputs'))!
    expect(ready.reading.rows.find((row) => row.field === 'urls')).toMatchObject({
      verdict: 'trouble',
      note: { code: 'answer.missing', params: { paths: ['data.video'], suggestion: 'data.outputs[].url' } },
    })
    const right = (await engine.core.call('profiles.recent', { id: 'another', serviceProfile: anotherProfile })) as RecentReading[]
    const readable = right.find((r) => r.at === ready.at)!
    expect(readable.reading.rows.find((row) => row.field === 'urls')).toMatchObject({ verdict: 'read', value: [`${service.baseUrl}/files/clip.mp4`], path: 'data.outputs[].url' })
    // Memory only, and never the key.
    expect(JSON.stringify(right)).not.toContain(service.apiKey)
  })
})
