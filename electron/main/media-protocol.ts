import { Readable } from 'node:stream'
import type { MediaRequest, MediaResponse } from '../core/library/media'

type Respond = (kind: string, id: string, request: MediaRequest) => Promise<MediaResponse>

/**
 * `reelbox-media://<kind>/<id>` in Electron: a Request in, the library's media responder, a
 * Response out. Registered privileged with `stream: true` so `<video>` can seek with ranges,
 * which the responder answers itself (net.fetch of file:// is reported to ignore Range). CORS
 * lets our own page (and only it) draw a frame of a video onto a canvas for its poster.
 * No `electron` import here, so it is tested under plain Node.
 */
export function mediaProtocolHandler(respond: Respond, allowedOrigins: () => readonly string[]): (request: Request) => Promise<Response> {
  return async (request) => {
    const origin = request.headers.get('origin')
    const cors: Record<string, string> =
      origin && allowedOrigins().includes(origin) ? { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'content-range, content-length, accept-ranges', vary: 'origin' } : { vary: 'origin' }
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers: { allow: 'GET, HEAD', ...cors } })
    let kind: string
    let id: string
    try {
      const url = new URL(request.url)
      kind = url.hostname
      // Exactly one path segment: the opaque id.
      const segments = url.pathname.split('/')
      if (segments.length !== 2) return new Response(null, { status: 404, headers: cors })
      id = decodeURIComponent(segments[1] ?? '')
    } catch {
      return new Response(null, { status: 404, headers: cors })
    }
    const answer = await respond(kind, id, { range: request.headers.get('range'), ifNoneMatch: request.headers.get('if-none-match'), head: request.method === 'HEAD' })
    const body = answer.body ? (Readable.toWeb(answer.body) as unknown as ReadableStream<Uint8Array>) : null
    return new Response(body, { status: answer.status, headers: { ...answer.headers, ...cors } })
  }
}
