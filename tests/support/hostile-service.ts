import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A small hostile service on loopback for issue 10: the submit (§4.1) and the default profile's
 * query (§4.2) as the spec shapes them, but with answers and results chosen to hurt: nested and
 * endless JSON, an echo of the Authorization header, and result URLs that drip, never end, lie
 * about their length, are not videos, or lead to this computer and to `file:`. Not the Sandbox:
 * the Sandbox is also the designer's offline demo and stays well-behaved.
 */
export type AnswerMode = 'normal' | 'deep-json' | 'endless-json' | 'echo-key'
export type ResultMode = 'video' | 'paced' | 'many' | 'endless' | 'drip' | 'lying-length' | 'html' | 'text' | 'cut' | 'admin' | 'redirect-admin' | 'redirect-file' | 'file-url'

export interface HostileService {
  /** http://127.0.0.1:<port>, the service's base URL. */
  readonly baseUrl: string
  answers: AnswerMode
  result: ResultMode
  /** The origin result URLs are given under (default `baseUrl`; a routed public-looking name in tests). */
  resultOrigin: string
  /** Where `admin` and `redirect-admin` send the engine for this computer's `/admin` (default `baseUrl`; a rebinding name in tests). */
  adminOrigin: string
  /** Milliseconds between the bytes of a dripping body. */
  dripMs: number
  /** While false, a query answers that the task is still running (default true: done at the first poll). */
  finished: boolean
  /** The status word of a task not finished yet (default `pending`, `running`): what a terminal would show. */
  statusWord?: string
  /** Bytes of nested arrays in a `deep-json` answer (default `DEEP_JSON_BYTES`). */
  deepJsonBytes: number
  /** Every request, in order: method, path, Range. */
  readonly requests: Array<{ method: string; path: string; range?: string }>
  /** Body bytes written in streamed answers and on result routes. */
  sent(): number
  close(): Promise<void>
}

const SUBMIT = '/api/v1/video/generation'
/** Bytes of nested arrays in the deep answer: 50 MB took the engine to 2.75 GB before issue 10. */
export const DEEP_JSON_BYTES = 50 * 1024 * 1024
export const ADMIN_SECRET = 'ADMIN-SECRET-CONTENT'

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

/** Writes the chunks with backpressure, stopping when the client goes away. */
function stream(res: ServerResponse, chunks: Iterable<Buffer>, count: (n: number) => void): void {
  const iterator = chunks[Symbol.iterator]()
  const pump = (): void => {
    for (;;) {
      if (res.destroyed) return
      const next = iterator.next()
      if (next.done) return void res.end()
      count(next.value.length)
      if (!res.write(next.value)) return void res.once('drain', pump)
    }
  }
  res.on('error', () => undefined)
  pump()
}

function* deepJson(bytes: number): Iterable<Buffer> {
  const half = bytes / 2
  const block = Math.min(64 * 1024, half)
  for (let at = 0; at < half; at += block) yield Buffer.alloc(block, '[')
  for (let at = 0; at < half; at += block) yield Buffer.alloc(block, ']')
}

function* endless(piece: Buffer): Iterable<Buffer> {
  for (;;) yield piece
}

export async function startHostileService(video: Uint8Array, options: { answers?: AnswerMode; result?: ResultMode } = {}): Promise<HostileService> {
  let sent = 0
  const count = (n: number): void => void (sent += n)
  const body = Buffer.from(video)

  function answer(req: IncomingMessage, res: ServerResponse): void {
    switch (service.answers) {
      case 'deep-json':
        res.writeHead(200, { 'content-type': 'application/json' })
        return stream(res, deepJson(service.deepJsonBytes), count)
      case 'endless-json':
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write('{"code":0,"data":{"urls":[')
        return stream(res, endless(Buffer.from('"x",'.repeat(16 * 1024))), count)
      case 'echo-key': {
        // A careless gateway repeating the credential it got, JSON-escaped so no plain-text filter sees it.
        const echoed = [...(req.headers.authorization ?? '')].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
        res.writeHead(401, { 'content-type': 'application/json' })
        return void res.end(`{"code":401,"message":"invalid credential: ${echoed}","request_id":"req_echo"}`)
      }
      default:
        break
    }
    if (req.method === 'POST') return json(res, 200, { code: 0, message: 'success', request_id: 'req_hostile', data: { task_id: 'video_hostile', task_status: service.statusWord ?? 'pending', urls: [] } })
    if (!service.finished) return json(res, 200, { code: 0, message: 'success', request_id: 'req_hostile', data: { task_id: 'video_hostile', task_status: service.statusWord ?? 'running', urls: [] } })
    json(res, 200, { code: 0, message: 'success', request_id: 'req_hostile', data: { task_id: 'video_hostile', task_status: 'success', urls: resultUrls() } })
  }

  function resultUrls(): string[] {
    switch (service.result) {
      case 'many':
        return Array.from({ length: 10_000 }, (_, i) => `${service.resultOrigin}/r/video?n=${i}`)
      case 'admin':
        return [`${service.adminOrigin}/admin`]
      case 'file-url':
        return ['file:///etc/passwd']
      default:
        return [`${service.resultOrigin}/r/${service.result}`]
    }
  }

  function result(kind: string, req: IncomingMessage, res: ServerResponse): void {
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '')
    const start = range ? Number(range[1]) : 0
    switch (kind) {
      case 'video':
        if (start >= body.length && range) return void res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end()
        res.writeHead(range ? 206 : 200, {
          'content-type': 'video/mp4',
          etag: '"v"',
          'content-length': body.length - start,
          ...(range ? { 'content-range': `bytes ${start}-${body.length - 1}/${body.length}` } : {}),
        })
        count(body.length - start)
        return void res.end(body.subarray(start))
      case 'paced': {
        // The video in 256 KB pieces 20 ms apart: a disk that fills mid-way fails a write between pieces.
        res.writeHead(200, { 'content-type': 'video/mp4', etag: '"p"', 'content-length': body.length })
        let at = 0
        const next = (): void => {
          if (res.destroyed) return
          const piece = body.subarray(at, at + 256 * 1024)
          at += piece.length
          count(piece.length)
          if (at >= body.length) return void res.end(piece)
          res.write(piece)
          setTimeout(next, 20)
        }
        return next()
      }
      case 'endless':
        res.writeHead(200, { 'content-type': 'video/mp4' })
        return stream(res, endless(Buffer.alloc(256 * 1024, 7)), count)
      case 'drip': {
        res.writeHead(range ? 206 : 200, { 'content-type': 'video/mp4', etag: '"d"', ...(range ? { 'content-range': `bytes ${start}-999/1000` } : {}) })
        const timer = setInterval(() => {
          if (res.destroyed) return clearInterval(timer)
          count(1)
          res.write(Buffer.from([0]))
        }, service.dripMs)
        res.on('close', () => clearInterval(timer))
        return
      }
      case 'lying-length': {
        // Says the file is 1,000 bytes longer than it is, and keeps saying so when asked for the rest.
        const claimed = body.length + 1000
        const slice = body.subarray(Math.min(start, body.length))
        res.writeHead(range ? 206 : 200, {
          'content-type': 'video/mp4',
          etag: '"l"',
          'content-length': claimed - start,
          ...(range ? { 'content-range': `bytes ${start}-${claimed - 1}/${claimed}` } : {}),
        })
        count(slice.length)
        // Then hangs up a moment later, as a proxy that gives up would (at once, fetch would drop
        // the bytes still queued with the error, and the client would never see them).
        return void res.write(slice, () => setTimeout(() => res.destroy(), 50))
      }
      case 'html':
        return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Gateway</title><h1>Please sign in</h1>')
      case 'text':
        // Labelled as a download, so only the container check can tell.
        count(200 * 1024)
        return void res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 200 * 1024 }).end(Buffer.alloc(200 * 1024, 'A'))
      case 'cut':
        count(100)
        return void res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': 100 }).end(body.subarray(0, 100))
      case 'redirect-admin':
        return void res.writeHead(302, { location: `${service.adminOrigin}/admin` }).end()
      case 'redirect-file':
        return void res.writeHead(302, { location: 'file:///etc/passwd' }).end()
      default:
        return void res.writeHead(404).end()
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    service.requests.push({ method: req.method ?? '', path: url.pathname, range: req.headers.range })
    req.resume()
    if (url.pathname === SUBMIT || url.pathname.startsWith(`${SUBMIT}/`)) return answer(req, res)
    if (url.pathname === '/admin') return void res.writeHead(200, { 'content-type': 'video/mp4' }).end(ADMIN_SECRET)
    if (url.pathname.startsWith('/r/')) return result(url.pathname.slice(3), req, res)
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const service: HostileService = {
    baseUrl,
    answers: options.answers ?? 'normal',
    result: options.result ?? 'video',
    resultOrigin: baseUrl,
    adminOrigin: baseUrl,
    dripMs: 1000,
    finished: true,
    deepJsonBytes: DEEP_JSON_BYTES,
    requests: [],
    sent: () => sent,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return service
}
