import type { ServerResponse } from 'node:http'
import { ResultCode } from './envelope'
import type { FaultKind } from './faults'
import { sendError } from './http'

/** How long 429/503 faults ask the client to wait (Retry-After, seconds). */
export const RETRY_AFTER_SECONDS = 1

const gatewayPage = `<!DOCTYPE html>
<html><head><title>502 Bad Gateway</title></head>
<body><center><h1>502 Bad Gateway</h1></center><hr><center>sandbox-gateway</center></body></html>
`

/**
 * Answers the faults that replace the whole answer (no work done, nothing created).
 * Returns false for kinds that act later in the handler (reset, malformed-json, …).
 */
export function answerEarlyFault(kind: FaultKind, res: ServerResponse): boolean {
  const note = `(Sandbox fault ${kind})`
  switch (kind) {
    case 'http500':
      sendError(res, 500, ResultCode.internal, `internal server error ${note}`)
      return true
    case 'http502':
      sendError(res, 502, ResultCode.badGateway, `bad gateway: upstream did not answer ${note}`)
      return true
    case 'http503':
      sendError(res, 503, ResultCode.unavailable, `service unavailable, retry later ${note}`, null, { 'Retry-After': String(RETRY_AFTER_SECONDS) })
      return true
    case 'http429':
      sendError(res, 429, ResultCode.rateLimited, `rate limited, retry later ${note}`, null, { 'Retry-After': String(RETRY_AFTER_SECONDS) })
      return true
    case 'http429-date': {
      // An HTTP date has whole seconds: one more keeps the wait at least RETRY_AFTER_SECONDS.
      const when = new Date(Date.now() + (RETRY_AFTER_SECONDS + 1) * 1000).toUTCString()
      sendError(res, 429, ResultCode.rateLimited, `rate limited, retry later ${note}`, null, { 'Retry-After': when })
      return true
    }
    case 'html-page':
      if (res.headersSent) return true
      res.writeHead(502, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(gatewayPage) })
      res.end(gatewayPage)
      return true
    case 'nonzero-code':
      // §7 rule 2–3: HTTP may say 200 while the envelope's code says no.
      sendError(res, 200, ResultCode.busy, `service busy, try again later ${note}`)
      return true
    default:
      return false
  }
}

/** A JSON answer cut off mid-way: the client must call it a protocol error, not crash. */
export function sendMalformedJson(res: ServerResponse): void {
  if (res.headersSent) return
  const text = '{"code":0,"message":"success","request_id":"req_'
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) })
  res.end(text)
}

/** Drops the connection with no answer at all (a TCP reset, as a crashed proxy would). */
export function resetConnection(res: ServerResponse): void {
  res.socket?.resetAndDestroy()
}
