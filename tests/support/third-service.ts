import { createHmac } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { CatalogInput } from '../../shared/catalog'
import type { ServiceProfileInput } from '../../shared/profile'
import { bodyOf, json, serveStandIn, type StandIn } from './stand-in'

/**
 * A third service (issue 25), over real loopback HTTP, unlike the default one and the second:
 * every answer is HTTP 200 in an envelope `{code, message, request_id, data}` where only code 0
 * is a success (40100 a refused key, 40012 a refused value naming it at `data.field`, 42900 rate
 * limited, as HTTP 429 with Retry-After as an HTTP date); the query at `GET /v1/tasks/query?
 * task_id=…` answers numeric statuses (1 queued, 2 running, 3 done, 4 failed) with the results
 * at `data.result.videos[].video_url` and a progress that runs with the clock, as a real
 * service's does (one that moved with the queries would tell the engine's forecast to wait
 * longer each time); its result links are signed to expire `linkLifeMs` after
 * the query that gave them (an expired one answers 403, and a body still under way when its link
 * expires is cut there), and `cutNext` downloads are cut half-way. Ranges and ETags are served.
 */
export interface ThirdService extends StandIn {
  readonly apiKey: string
  /** How long a result link lives after the query that gave it. */
  linkLifeMs: number
  /** Submits answered 429 (with Retry-After as an HTTP date about 2 s on) before one is taken. */
  rateLimitNext: number
  /** Links given already expired (as if the client were slow to use them). */
  expireNext: number
  /** Downloads cut half-way through their body. */
  cutNext: number
  /** The body is sent in `chunkBytes` pieces every `chunkEveryMs` (0: at once). */
  chunkBytes: number
  chunkEveryMs: number
  /** Queries answered "running" before a task is done. */
  runningPolls: number
  /** How long a task says it takes: its progress reaches 99 % this long after its submit. */
  taskMs: number
}

export const THIRD_KEY = 'sk-third-5d02b7'
const SECRET = 'third-service-signing-key'

/** The profile that describes it: the README's example (a test keeps the two equal). */
export const thirdProfile = {
  query: {
    path: '/v1/tasks/query',
    idIn: 'query',
    statusPath: 'data.status',
    progressPath: 'data.progress',
    urlsPath: 'data.result.videos[].video_url',
    posterPath: 'data.result.videos[].cover_url',
    reasonPath: 'data.fail_msg',
  },
  statuses: { success: ['3'], failure: ['4'] },
  errors: {
    message: 'message',
    code: 'code',
    field: 'data.field',
    requestId: 'request_id',
    kinds: { key: [40100, 40101], parameter: [40012], rate: [42900], unavailable: [50300] },
  },
} satisfies ServiceProfileInput

/** Its one model, Tern 1: text to video, 5 or 10 s (the service takes only 5 on this account). */
export const thirdCatalog = {
  schemaVersion: 1,
  name: 'Third service',
  families: [{ id: 'tern', name: 'Tern' }],
  models: [
    {
      id: 'tern-1',
      family: 'tern',
      version: '1',
      displayName: 'Tern 1',
      imageLimits: { maxBytes: 10_485_760, maxPixels: 16_777_216, minAspect: 0.4, maxAspect: 2.5, minSide: 128 },
      modes: { t2v: { action: 't2v', fields: { prompt: 'required', duration: 'optional' }, prompt: { maxLength: 2000 }, durations: [5, 10] } },
    },
  ],
} satisfies CatalogInput

/** The whole service in one pack, with a sample of each kind of answer. */
export function thirdPack(baseUrl: string): Record<string, unknown> {
  return {
    schemaVersion: 1,
    name: 'Third service',
    description: 'Errors inside HTTP 200, numeric statuses, short-lived links.',
    docsUrl: 'https://docs.third.example/api',
    baseUrl,
    profile: thirdProfile,
    catalog: thirdCatalog,
    samples: {
      submit: { code: 0, message: 'ok', request_id: 'req_1', data: { task_id: 'tt_1' } },
      query: { code: 0, message: 'ok', request_id: 'req_2', data: { status: 3, progress: 100, result: { videos: [{ video_url: 'https://cdn.third.example/v/1.mp4', cover_url: 'https://cdn.third.example/v/1.jpg' }] } } },
      error: { code: 40100, message: 'invalid api key', request_id: 'req_3' },
    },
  }
}

const sign = (name: string, expires: number): string => createHmac('sha256', SECRET).update(`${name}:${expires}`).digest('hex').slice(0, 16)

function envelope(res: ServerResponse, code: number, message: string, data?: unknown, headers: Record<string, string> = {}, status = 200): void {
  json(res, status, { code, message, request_id: `req_${code}_${Date.now()}`, ...(data !== undefined && { data }) }, headers)
}

const ETAG = '"third-clip-1"'

export async function startThirdService(files: { video: Uint8Array; cover: Uint8Array }): Promise<ThirdService> {
  const tasks = new Map<string, { polls: number; fails: boolean; at: number }>()
  let next = 0

  /** A signed link that expires `linkLifeMs` from now (or has, for `expireNext`). */
  function link(name: string): string {
    const expires = service.expireNext > 0 ? (service.expireNext--, Date.now() - 1000) : Date.now() + service.linkLifeMs
    return `${service.baseUrl}/files/${name}?expires=${expires}&sig=${sign(name, expires)}`
  }

  async function sendFile(req: IncomingMessage, res: ServerResponse, url: URL, name: string, bytes: Uint8Array, type: string): Promise<void> {
    const expires = Number(url.searchParams.get('expires'))
    if (url.searchParams.get('sig') !== sign(name, expires) || Date.now() > expires) return envelope(res, 40300, 'link expired', undefined, {}, 403)
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '')
    const start = range && (req.headers['if-range'] === undefined || req.headers['if-range'] === ETAG) ? Number(range[1]) : 0
    if (start >= bytes.length && start > 0) return void res.writeHead(416, { 'content-range': `bytes */${bytes.length}` }).end()
    const body = bytes.subarray(start)
    res.writeHead(start > 0 ? 206 : 200, {
      'content-type': type,
      'content-length': body.length,
      etag: ETAG,
      'accept-ranges': 'bytes',
      ...(start > 0 && { 'content-range': `bytes ${start}-${bytes.length - 1}/${bytes.length}` }),
    })
    const cutAt = type === 'video/mp4' && service.cutNext > 0 ? (service.cutNext--, Math.floor(body.length / 2)) : body.length
    const step = service.chunkEveryMs > 0 ? service.chunkBytes : body.length
    for (let at = 0; at < cutAt; at += step) {
      // A body still under way when its link expires is cut there, as the signing CDN does.
      if (Date.now() > expires || res.destroyed) return void res.destroy()
      await new Promise<void>((resolve) => res.write(body.subarray(at, Math.min(at + step, cutAt)), () => resolve()))
      if (service.chunkEveryMs > 0) await new Promise((resolve) => setTimeout(resolve, service.chunkEveryMs))
    }
    // Cut once what was sent has had time to arrive (a reset right after it can drop it in flight).
    if (cutAt < body.length) return void setTimeout(() => res.destroy(), 200)
    if (Date.now() > expires) return void res.destroy()
    res.end()
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (url.pathname === '/files/clip.mp4') return sendFile(req, res, url, 'clip.mp4', files.video, 'video/mp4')
    if (url.pathname === '/files/cover.png') return sendFile(req, res, url, 'cover.png', files.cover, 'image/png')
    if (req.headers.authorization !== `Bearer ${service.apiKey}`) return envelope(res, 40100, 'invalid api key')
    if (req.method === 'POST' && url.pathname === '/api/v1/video/generation') {
      const body = await bodyOf(req)
      if (service.rateLimitNext > 0) {
        service.rateLimitNext--
        // An HTTP date has whole seconds: at least 2 s on, so it is never already past.
        return envelope(res, 42900, 'too many requests, slow down', undefined, { 'retry-after': new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000).toUTCString() }, 429)
      }
      if (body['duration'] !== undefined && body['duration'] !== 5) return envelope(res, 40012, 'value not available on this plan', { field: 'duration' })
      const taskId = `tt_${++next}`
      tasks.set(taskId, { polls: 0, fails: String(body['prompt']).includes('forbidden'), at: Date.now() })
      return envelope(res, 0, 'ok', { task_id: taskId })
    }
    const taskId = url.searchParams.get('task_id') ?? ''
    const task = tasks.get(taskId)
    if (req.method === 'GET' && url.pathname === '/v1/tasks/query' && task) {
      task.polls++
      const progress = Math.min(99, Math.round((100 * (Date.now() - task.at)) / service.taskMs))
      if (task.polls <= service.runningPolls) return envelope(res, 0, 'ok', { status: task.polls === 1 ? 1 : 2, progress })
      if (task.fails) return envelope(res, 0, 'ok', { status: 4, fail_msg: 'the prompt breaks the content policy' })
      return envelope(res, 0, 'ok', { status: 3, progress: 100, result: { videos: [{ video_url: link('clip.mp4'), cover_url: link('cover.png') }] } })
    }
    envelope(res, 40400, 'no such task')
  }

  const service: ThirdService = Object.assign(await serveStandIn(handle), {
    apiKey: THIRD_KEY,
    linkLifeMs: 2500,
    rateLimitNext: 0,
    expireNext: 0,
    cutNext: 0,
    chunkBytes: 64 * 1024,
    chunkEveryMs: 0,
    runningPolls: 2,
    taskMs: 1000,
  })
  return service
}
