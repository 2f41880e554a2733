import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import type { EventEnvelope } from '../../shared/envelope'
import { decodeFrame, encodeFrame } from '../../shared/frames'
import type { Core } from '../core'
import { checkRequest, type Gate } from './gate'

export const WS_PATH = '/rpc'

/**
 * The web-mode transport: the same envelopes as IPC, as JSON text frames. The upgrade is refused
 * (before any frame) unless it comes from loopback, to our host, from our Origin, with the token.
 */
export function attachWebSocket(server: Server, core: Core, gate: Gate): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 })
  const sockets = new Set<WebSocket>()

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', gate.origin).pathname
    const verdict = checkRequest(
      { url: req.url, origin: req.headers.origin, host: req.headers.host, remoteAddress: req.socket.remoteAddress },
      gate,
      { requireOrigin: true },
    )
    if (path !== WS_PATH || !verdict.ok) {
      const status = path !== WS_PATH ? 404 : verdict.ok ? 500 : verdict.status
      socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 404 ? 'Not Found' : 'Forbidden'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
      if (!verdict.ok) core.log.scope('web').warn(`web.socketRefused.${verdict.refusal}`)
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws)
      core.log.scope('web').info('web.windowConnected', { count: sockets.size })
      // A socket is one caller: its cancels reach its own calls, and its closing cancels them all.
      const session = core.router.session({ transport: 'websocket' })
      ws.on('close', () => {
        sockets.delete(ws)
        session.close()
      })
      ws.on('message', (data, isBinary) => {
        let request: unknown
        try {
          request = decodeFrame(isBinary ? toBytes(data) : data.toString())
        } catch {
          request = undefined // the router answers a malformed envelope with INVALID_INPUT
        }
        void session.handle(request).then((response) => {
          if (response && ws.readyState === ws.OPEN) ws.send(encodeFrame(response))
        })
      })
    })
  })

  const stop = core.events.onAny((event, payload) => {
    const frame = encodeFrame({ event, payload } satisfies EventEnvelope)
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(frame)
  })

  return {
    close() {
      stop()
      for (const ws of sockets) ws.terminate()
      wss.close()
    },
  }
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data))
  return data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
}
