import { request as httpRequest, type Agent, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { finished } from 'node:stream'
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
  return new Response(NO_BODY.has(status) ? null : bodyOf(message), { status, statusText: message.statusMessage ?? '', headers })
}

/** Bytes held here before the socket is paused: memory stays flat whatever the result's size. */
const BUFFERED_BYTES = 1024 * 1024

/**
 * The message's bytes as a web stream, chunks handed on as they came. Not `Readable.toWeb`: it
 * copies every chunk (to detach it from a pool these are not from; 0.1 s of CPU for 255 MB). A
 * connection that breaks before the end is an error, never a short body that looks whole, and
 * only after every byte that did arrive has been read: a web stream's `error()` would drop what
 * it holds, and a download resumes from what it wrote.
 */
function bodyOf(message: IncomingMessage): ReadableStream<Uint8Array> {
  const held: Buffer[] = []
  let heldBytes = 0
  let ended: { error?: Error } | undefined
  let wake: (() => void) | undefined
  message.on('data', (chunk: Buffer) => {
    held.push(chunk)
    heldBytes += chunk.byteLength
    if (heldBytes >= BUFFERED_BYTES) message.pause()
    wake?.()
  })
  finished(message, (error) => {
    ended = { error: error ?? undefined }
    wake?.()
  })
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        while (held.length === 0 && !ended) await new Promise<void>((resolve) => (wake = resolve))
        wake = undefined
        const chunk = held.shift()
        if (chunk) {
          heldBytes -= chunk.byteLength
          if (heldBytes < BUFFERED_BYTES) message.resume()
          return controller.enqueue(chunk)
        }
        if (ended?.error) controller.error(ended.error)
        else controller.close()
      },
      cancel: () => void message.destroy(),
    },
    // Nothing is pulled ahead of the reader: the bytes wait in `held`, where a break cannot drop them.
    { highWaterMark: 0 },
  )
}
