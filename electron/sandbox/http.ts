import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { type Envelope, failure, ResultCode } from './envelope'

/** Base64 images make bodies big; past this a real gateway would refuse too. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024

export class BodyTooLargeError extends Error {}

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        req.removeAllListeners('data')
        req.resume()
        reject(new BodyTooLargeError(`request body is over ${limit} bytes`))
        return
      }
      chunks.push(chunk)
    })
    req.once('end', () => resolve(Buffer.concat(chunks)))
    req.once('error', reject)
  })
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return
  const text = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers })
  res.end(text)
}

export function sendEnvelope(res: ServerResponse, status: number, envelope: Envelope, headers: Record<string, string> = {}): void {
  sendJson(res, status, envelope, headers)
}

export function sendError(res: ServerResponse, status: number, code: number, message: string, data: Envelope['data'] = null, headers: Record<string, string> = {}): void {
  sendEnvelope(res, status, failure(code, message, data), headers)
}

export type AuthResult = 'ok' | 'missing' | 'invalid'

/** §5: `Authorization: Bearer <API_KEY>`, compared in constant time. */
export function checkBearer(req: IncomingMessage, apiKey: string): AuthResult {
  const header = req.headers.authorization
  if (!header) return 'missing'
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!match?.[1]) return 'invalid'
  const given = Buffer.from(match[1])
  const expected = Buffer.from(apiKey)
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'invalid'
}

/** Answers 401 (never echoing what was sent) and returns false unless the key is right. */
export function requireBearer(req: IncomingMessage, res: ServerResponse, apiKey: string): boolean {
  const auth = checkBearer(req, apiKey)
  if (auth === 'ok') return true
  const message = auth === 'missing' ? 'missing API key: send Authorization: Bearer <API_KEY>' : 'invalid API key'
  sendError(res, 401, auth === 'missing' ? ResultCode.missingApiKey : ResultCode.invalidApiKey, message, null, { 'WWW-Authenticate': 'Bearer' })
  return false
}

/** §5: `Content-Type` is a JSON media type (`application/json`, or `…+json`). */
export function isJsonContentType(req: IncomingMessage): boolean {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type)
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')
}

export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()]
  return Array.isArray(value) ? value.join(', ') : value
}
