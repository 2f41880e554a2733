import { createReadStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { open } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SandboxContext, ServedFile } from './context'
import { ResultCode } from './envelope'
import { resetConnection } from './fault-answers'
import type { FaultPlan } from './faults'
import { sendError } from './http'
import { parseRange } from '../../shared/range'

/**
 * Result downloads, like a CDN serving signed links: `GET|HEAD /files/<id>.mp4?exp=&sig=`, no
 * Authorization (the signature is the credential). Range (one range: 206 with Content-Range;
 * 416 with `bytes * /size` when unsatisfiable), If-Range, ETag, If-None-Match (304).
 * An expired signature answers 403 (as CDNs do); the `expired-url` fault answers 410.
 */
export async function handleResult(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse, url: URL, plan: FaultPlan): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return sendError(res, 405, ResultCode.methodNotAllowed, 'method not allowed: result files answer GET and HEAD', null, { Allow: 'GET, HEAD' })
  }
  const match = /^\/files\/([a-f0-9]{16,64})\.mp4$/.exec(url.pathname)
  const served = match?.[1] ? ctx.files.get(match[1]) : undefined
  if (!served) {
    ctx.stats.notFound += 1
    return sendError(res, 404, ResultCode.notFound, 'result not found')
  }
  const verdict = ctx.signer.verify(url.pathname, url.searchParams)
  if (verdict !== 'ok') {
    return sendError(res, 403, ResultCode.forbidden, verdict === 'expired' ? 'forbidden: this result URL has expired; query the task for a fresh one' : 'forbidden: the URL signature does not match')
  }
  if (plan.kind === 'expired-url') return sendError(res, 410, ResultCode.gone, 'gone: this result URL has expired; query the task for a fresh one (Sandbox fault expired-url)')
  if (plan.kind === 'reset') return resetConnection(res)

  // etag-change: the file is "replaced" from now on, and this answer ignores the client's Range.
  if (plan.kind === 'etag-change') {
    served.generation += 1
    ctx.state.changed()
  }
  const size = served.file.size
  const etag = etagOf(served)
  const headers: Record<string, string> = { 'Accept-Ranges': 'bytes', ETag: etag, 'Content-Type': 'video/mp4', 'Cache-Control': 'private, no-transform' }
  if (plan.kind !== 'etag-change' && matches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers)
    return void res.end()
  }
  let start = 0
  let end = size - 1
  let status = 200
  const range = req.headers.range
  const ifRange = req.headers['if-range']
  if (range && plan.kind !== 'etag-change' && (ifRange === undefined || ifRange === etag)) {
    const parsed = parseRange(range, size)
    if (parsed.kind === 'unsatisfiable') {
      res.writeHead(416, { ...headers, 'Content-Range': `bytes */${size}` })
      return void res.end()
    }
    if (parsed.kind === 'partial') {
      ;({ start, end } = parsed)
      status = 206
      headers['Content-Range'] = `bytes ${start}-${end}/${size}`
    }
  }
  const length = end - start + 1
  res.writeHead(status, { ...headers, 'Content-Length': String(length) })
  if (req.method === 'HEAD') return void res.end()
  if (plan.kind === 'truncated-body') return sendTruncated(served, res, start, length, ctx)
  const stream = createReadStream(served.file.path, { start, end })
  stream.on('data', (chunk) => (ctx.stats.resultBytes += chunk.length))
  // pipeline, not pipe: a client that goes away mid-download must close the file too.
  await pipeline(stream, res).catch(() => undefined)
}

function etagOf(served: ServedFile): string {
  return `"${served.file.sha256.slice(0, 32)}-${served.generation}"`
}

function matches(header: string | undefined, etag: string): boolean {
  return header !== undefined && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/** Sends about half of what the headers promised, then drops the connection. */
async function sendTruncated(served: ServedFile, res: ServerResponse, start: number, length: number, ctx: { stats: { resultBytes: number } }): Promise<void> {
  const part = Buffer.alloc(Math.max(1, Math.floor(length / 2)))
  const handle = await open(served.file.path, 'r')
  try {
    await handle.read(part, 0, part.length, start)
  } finally {
    await handle.close()
  }
  ctx.stats.resultBytes += part.length
  // A plain close (FIN), not a reset, so the client surely receives the bytes that were sent.
  res.write(part, () => res.socket?.destroy())
}
