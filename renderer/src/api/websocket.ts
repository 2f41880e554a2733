import type { EventName } from '@shared/contract'
import type { EventEnvelope, ResponseEnvelope } from '@shared/envelope'
import { AppError } from '@shared/errors'
import { decodeFrame, encodeFrame } from '@shared/frames'
import { unwrap } from './ipc'
import type { ConnectionState, Transport } from './transport'

interface Pending {
  resolve(value: unknown): void
  reject(error: unknown): void
}

/**
 * Web mode: one WebSocket to the engine on loopback, reconnecting with backoff when the engine
 * restarts. Calls made while disconnected wait for the connection (up to `callTimeoutMs`).
 */
export function websocketTransport(url: string, options: { callTimeoutMs?: number } = {}): Transport {
  const eventListeners = new Set<(event: EventName, payload: unknown) => void>()
  const stateListeners = new Set<(state: ConnectionState) => void>()
  const pending = new Map<number, Pending>()
  const queue: Array<{ id: number; frame: string | Uint8Array }> = []
  let socket: WebSocket | undefined
  let state: ConnectionState = 'connecting'
  let nextId = 1
  let retries = 0

  function setState(next: ConnectionState): void {
    if (next === state) return
    state = next
    for (const listener of stateListeners) listener(next)
  }

  function onMessage(data: unknown): void {
    const message = decodeFrame(typeof data === 'string' ? data : new Uint8Array(data as ArrayBuffer)) as ResponseEnvelope | EventEnvelope
    if ('event' in message) {
      for (const listener of eventListeners) listener(message.event as EventName, message.payload)
      return
    }
    const waiter = pending.get(Number(message.id))
    if (!waiter) return
    pending.delete(Number(message.id))
    try {
      waiter.resolve(unwrap(message))
    } catch (error) {
      waiter.reject(error)
    }
  }

  function connect(): void {
    const ws = new WebSocket(url)
    ws.binaryType = 'arraybuffer'
    socket = ws
    ws.onopen = () => {
      retries = 0
      setState('open')
      for (const { frame } of queue.splice(0)) ws.send(frame)
    }
    ws.onmessage = (event) => onMessage(event.data)
    ws.onclose = () => {
      socket = undefined
      setState('closed')
      // Calls in flight are lost with the engine; those not yet sent wait in the queue.
      const waiting = new Set(queue.map((item) => item.id))
      for (const [id, waiter] of pending) {
        if (waiting.has(id)) continue
        pending.delete(id)
        waiter.reject(new AppError('NETWORK', 'Lost the connection to the engine.'))
      }
      const delay = Math.min(5000, 250 * 2 ** retries++) * (0.5 + Math.random() / 2)
      setTimeout(connect, delay)
    }
  }

  connect()

  return {
    get state() {
      return state
    },
    call(method, input) {
      const id = nextId++
      const frame = encodeFrame({ id, method, input })
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id)
          const queued = queue.findIndex((item) => item.id === id)
          if (queued >= 0) queue.splice(queued, 1)
          reject(new AppError('TIMEOUT', 'The engine did not answer in time.'))
        }, options.callTimeoutMs ?? 60_000)
        pending.set(id, {
          resolve: (value) => (clearTimeout(timer), resolve(value)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        })
        if (socket?.readyState === WebSocket.OPEN) socket.send(frame)
        else queue.push({ id, frame })
      })
    },
    onEvent(listener) {
      eventListeners.add(listener)
      return () => eventListeners.delete(listener)
    },
    onState(listener) {
      stateListeners.add(listener)
      return () => stateListeners.delete(listener)
    },
  }
}
