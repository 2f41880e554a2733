import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SeenRequest {
  method: string
  url: string
  authorization: string | undefined
  body: string
}

export type KeyServiceMode = 'normal' | 'echo-key' | 'html' | 'busy' | 'broken' | 'silent'

/**
 * A loopback stand-in for the service's query operation, just enough to check a key: 401 for a
 * wrong key, and for the right one a 404 "not found" envelope (no task ever exists here).
 */
export interface KeyService {
  url: string
  seen: SeenRequest[]
  mode: KeyServiceMode
  /** The one key it accepts; change it to make the next check fail. */
  validKey: string
  close(): Promise<void>
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function startKeyService(validKey: string): Promise<KeyService> {
  const service: KeyService = { url: '', seen: [], mode: 'normal', validKey, close: async () => undefined }
  const server: Server = createServer(async (request, response) => {
    const seen = { method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization, body: await bodyOf(request) }
    service.seen.push(seen)
    const json = (status: number, body: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    switch (service.mode) {
      case 'silent':
        return // never answers
      case 'html':
        response.writeHead(404, { 'content-type': 'text/html' })
        return void response.end('<!doctype html><h1>Not Found</h1>')
      case 'busy':
        return json(503, { code: 503, message: 'overloaded' })
      case 'broken':
        return json(500, { code: 500, message: 'internal error' })
      default:
        break
    }
    if (seen.authorization !== `Bearer ${service.validKey}`) {
      // A careless gateway that repeats the credential it refused.
      const message = service.mode === 'echo-key' ? `invalid token: ${seen.authorization}` : 'invalid api key'
      return json(401, { code: 401, message, request_id: 'req_key_check' })
    }
    json(404, { code: 404, message: 'task not found', request_id: 'req_key_check' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  service.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  service.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return service
}
