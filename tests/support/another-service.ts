import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ServiceProfileInput } from '../../shared/profile'
import { bodyOf, json, serveStandIn, type StandIn } from './stand-in'

/**
 * A service unlike the default one (issue 14), over real loopback HTTP: the spec's submit (§4.1),
 * but a query at `GET /v2/tasks/{task_id}` answering `{"data": {"state", "percent", "outputs":
 * [{"url", "cover"}]}}` (or one `video_url` string), `ready`/`failed` for status words, and
 * errors as `{"error": {"message", "param", "type", "request_id"}}`: 422 for a duration other
 * than 4 or 8, 401 "bad key" for a wrong key. Its videos and covers are served beside it.
 */
export type ResultShape = 'objects' | 'single'

export interface AnotherService extends StandIn {
  readonly apiKey: string
  /** How a finished task gives its results. */
  results: ResultShape
  /** Queries answered "running" before a task is ready. */
  runningPolls: number
}

export const ANOTHER_KEY = 'sk-another-7c1e9a'

/** The profile that describes it: the README's example (a test keeps the two equal). */
export const anotherProfile = {
  query: {
    path: '/v2/tasks/{task_id}',
    statusPath: 'data.state',
    progressPath: 'data.percent',
    urlsPath: 'data.outputs[].url',
    posterPath: 'data.outputs[].cover',
    reasonPath: 'data.error.message',
  },
  statuses: { success: ['ready'], failure: ['failed', 'canceled'] },
  errors: { message: 'error.message', code: 'error.type', field: 'error.param', requestId: 'error.request_id' },
} satisfies ServiceProfileInput

/** The same service when its results are one `video_url` string. */
export const anotherSingleProfile = { ...anotherProfile, query: { ...anotherProfile.query, urlsPath: 'data.video_url', posterPath: 'data.cover_url' } } satisfies ServiceProfileInput

const refuse = (res: ServerResponse, status: number, message: string, type: string, param?: string): void =>
  json(res, status, { error: { message, type, ...(param && { param }), request_id: `req_${type}` } })

export async function startAnotherService(files: { video: Uint8Array; cover: Uint8Array }): Promise<AnotherService> {
  const polls = new Map<string, number>()
  let next = 0

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname
    if (path === '/files/clip.mp4') return void res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': files.video.length }).end(files.video)
    if (path === '/files/cover.png') return void res.writeHead(200, { 'content-type': 'image/png', 'content-length': files.cover.length }).end(files.cover)
    if (req.headers.authorization !== `Bearer ${service.apiKey}`) return refuse(res, 401, 'bad key', 'authentication_error')
    if (req.method === 'POST' && path === '/api/v1/video/generation') {
      const body = await bodyOf(req)
      if (body['duration'] !== undefined && body['duration'] !== 4 && body['duration'] !== 8) return refuse(res, 422, 'duration must be one of 4, 8', 'invalid_request_error', 'duration')
      const taskId = `video_another_${++next}`
      polls.set(taskId, 0)
      return json(res, 200, { code: 0, message: 'success', request_id: `req_${next}`, data: { task_id: taskId, task_status: 'queued', urls: [] } })
    }
    const task = /^\/v2\/tasks\/([^/]+)$/.exec(path)?.[1]
    if (req.method === 'GET' && task !== undefined && polls.has(task)) {
      const n = polls.get(task)! + 1
      polls.set(task, n)
      if (n <= service.runningPolls) return json(res, 200, { data: { id: task, state: 'running', percent: Math.round((100 * n) / (service.runningPolls + 1)) } })
      const video = `${service.baseUrl}/files/clip.mp4`
      const cover = `${service.baseUrl}/files/cover.png`
      const ready = service.results === 'objects' ? { outputs: [{ url: video, cover, seconds: 4 }] } : { video_url: video, cover_url: cover }
      return json(res, 200, { data: { id: task, state: 'ready', ...ready } })
    }
    refuse(res, 404, 'no such task', 'not_found')
  }

  const service: AnotherService = Object.assign(await serveStandIn(handle), { apiKey: ANOTHER_KEY, results: 'objects' as ResultShape, runningPolls: 1 })
  return service
}
