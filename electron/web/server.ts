import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Core } from '../core'
import { createDownloadRoute } from './download-route'
import { createMediaRoute } from './media-route'
import { checkRequest } from './gate'
import { createStaticHandler } from './static'
import { attachWebSocket } from './ws-transport'

export interface WebServer {
  /** What to open in a browser: origin plus the token in the fragment (never sent to a server). */
  readonly url: string
  readonly origin: string
  readonly token: string
  close(): Promise<void>
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error)
    server.once('error', onError)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

/**
 * Where a page asks whether this engine is up and takes its token (204) or not (401): a tab whose
 * WebSocket cannot get in learns whether the engine is gone or restarted with a new token.
 */
export const ALIVE_PATH = '/alive'

/**
 * Web mode: the renderer and the engine on 127.0.0.1 only, behind a token: the data folder's
 * (`npm run web`, token.ts), else a random one for this server alone (tests, benches).
 */
export async function startWebServer(options: { core: Core; rendererDir: string; token?: string; port?: number }): Promise<WebServer> {
  const token = options.token ?? randomBytes(24).toString('base64url')
  const serveStatic = createStaticHandler(options.rendererDir)
  // The gate compares the exact origin, known once the port is.
  let origin = ''
  const serveMedia = createMediaRoute(options.core.library, () => ({ token, origin }))
  const serveDownload = createDownloadRoute(options.core.library, () => ({ token, origin }))
  const server = createServer((req, res) => {
    // On every answer, whatever route writes it: no MIME sniffing, and no framing by other pages
    // (for browsers without CSP's frame-ancestors, which index.html also sends).
    res.setHeader('x-content-type-options', 'nosniff')
    res.setHeader('x-frame-options', 'DENY')
    const serve = async (): Promise<void> => {
      if (new URL(req.url ?? '/', 'http://x').pathname === ALIVE_PATH) {
        const facts = { url: req.url, origin: req.headers.origin, host: req.headers.host, remoteAddress: req.socket.remoteAddress }
        const verdict = checkRequest(facts, { token, origin }, { requireOrigin: false })
        res.writeHead(verdict.ok ? 204 : verdict.status, { 'cache-control': 'no-store' })
        res.end()
        return
      }
      if (await serveMedia(req, res)) return
      if (await serveDownload(req, res)) return
      await serveStatic(req, res)
    }
    serve().catch((error: unknown) => {
      options.core.log.scope('web').error('web.servingFailed', { url: req.url ?? '', reason: String(error) })
      if (!res.headersSent) res.writeHead(500)
      res.end()
    })
  })

  let port: number
  try {
    port = await listen(server, options.port ?? 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || !options.port) throw error
    port = await listen(server, 0) // the usual port is taken (a second copy?): any free one will do
  }
  origin = `http://127.0.0.1:${port}`
  const ws = attachWebSocket(server, options.core, { token, origin })

  return {
    url: `${origin}/#token=${token}`,
    origin,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        ws.close()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
