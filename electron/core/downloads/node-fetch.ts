import { request as httpRequest, type Agent, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { Readable } from 'node:stream'
import type { ResultFetchPort } from '../ports'

/**
 * A result's request over node:http(s), answered as fetch answers (a `Response`), so the
 * downloader reads it as it would read fetch's. Why not fetch itself: its body costs about twice
 * the CPU of node:http's for the same bytes (fetch's own stream machinery per 64 KB chunk: a
 * 255 MB result took 0.35 s of CPU through fetch and 0.14–0.2 s here; docs/PERFORMANCE.md),
 * and the one piece fetch needs undici from npm for, a connection that resolves through our
 * LookupPort (./connect.ts), is an `agent` option here.
 *
 * One request, no redirects followed (./result-url.ts checks every hop), no content coding asked
 * for (a video is sent as it is, and a Range counts the bytes as stored). A failure before the
 * answer rejects the way fetch does: an Error whose `cause` is what the connection said.
 */
export const fetchOverNode: ResultFetchPort = (url, init) =>
  new Promise<Response>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    const failed = (cause: unknown): void => reject(new Error(`The request to ${url.host} failed: ${(cause as Error).message}`, { cause }))
    const request = send(url, { method: 'GET', headers: init.headers, signal: init.signal, ...(init.agent && { agent: init.agent as Agent }) }, (message) => {
      try {
        resolve(answer(message))
      } catch (error) {
        message.destroy()
        failed(error)
      }
    })
    request.once('error', failed)
    request.end()
  })

/** Statuses whose answer has no body, as fetch's `Response` insists. */
const NO_BODY = new Set([101, 204, 205, 304])

function answer(message: IncomingMessage): Response {
  const headers = new Headers()
  const raw = message.rawHeaders
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!)
  const status = message.statusCode ?? 0
  if (NO_BODY.has(status)) message.resume()
  const body = NO_BODY.has(status) ? null : (Readable.toWeb(message) as ReadableStream<Uint8Array>)
  return new Response(body, { status, statusText: message.statusMessage ?? '', headers })
}
