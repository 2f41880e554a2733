import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream/promises'
import type { Library } from '../core/library/library'
import { checkRequest, type Gate } from './gate'

/**
 * Web mode's `/media/<kind>/<id>?token=…`: the library's media responder over HTTP. The same
 * loopback, Host and token checks as the WebSocket (a `<video>` sends no Origin, so one is only
 * checked when present). Answers false when the path is not a media path.
 */
export function createMediaRoute(library: Pick<Library, 'respondMedia'>, gate: () => Gate) {
  return async function serveMedia(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const raw = req.url ?? '/'
    const pathname = raw.split('?')[0] ?? ''
    if (!pathname.startsWith('/media/')) return false
    const verdict = checkRequest(
      { url: raw, origin: req.headers.origin, host: req.headers.host, remoteAddress: req.socket.remoteAddress },
      gate(),
      { requireOrigin: false },
    )
    if (!verdict.ok) return end(res, verdict.status)
    if (req.method !== 'GET' && req.method !== 'HEAD') return end(res, 405, { allow: 'GET, HEAD' })
    // Exactly /media/<kind>/<id>; an id is an opaque name, never a path, so any extra segment is refused.
    const parts = pathname.split('/')
    if (parts.length !== 4) return end(res, 404)
    let id: string
    try {
      id = decodeURIComponent(parts[3] ?? '')
    } catch {
      return end(res, 404)
    }
    const answer = await library.respondMedia(parts[2] ?? '', id, {
      range: req.headers.range,
      ifNoneMatch: req.headers['if-none-match'],
      head: req.method === 'HEAD',
    })
    res.writeHead(answer.status, { ...answer.headers, 'cross-origin-resource-policy': 'same-origin' })
    if (!answer.body) {
      res.end()
      return true
    }
    // A page that seeks closes the connection mid-stream: that ends the read, it is no error.
    await pipeline(answer.body, res).catch(() => answer.body?.destroy())
    return true
  }
}

/** An answer with no body (a refusal, a 404); shared with the download route. */
export function end(res: ServerResponse, status: number, headers: Record<string, string> = {}): true {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers })
  res.end()
  return true
}
