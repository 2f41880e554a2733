import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * What every stand-in service (another-service.ts, third-service.ts) is built on: a real HTTP
 * server on loopback that logs each request it is sent, answers through the stand-in's own
 * `handle`, and closes with its connections. A handler that throws closes its connection, as a
 * broken service would.
 */
export interface Request {
  method: string
  path: string
  /** The Range header, when one was sent. */
  range?: string
  /** When it arrived (Date.now()). */
  at: number
}

export interface StandIn {
  /** `http://127.0.0.1:<port>`. */
  readonly baseUrl: string
  /** Every request, in order. */
  readonly requests: Request[]
  close(): Promise<void>
}

export async function serveStandIn(handle: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void): Promise<StandIn> {
  const requests: Request[] = []
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    requests.push({ method: req.method ?? '', path: url.pathname, ...(req.headers.range && { range: req.headers.range }), at: Date.now() })
    void (async () => handle(req, res, url))().catch(() => res.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A JSON answer. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
}

/** A request's JSON body (`{}` when empty). */
export async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>
}
