import type { EventName } from '@shared/contract'
import type { EventEnvelope, ResponseEnvelope } from '@shared/envelope'
import { AppError, cancelledCall } from '@shared/errors'
import { decodeFrame, encodeFrame } from '@shared/frames'
import { unwrap } from './ipc'
import { cancellable, type ConnectionState, type Transport } from './transport'

interface Pending {
  resolve(value: unknown): void
  reject(error: unknown): void
}

/** The engine's heartbeat event: the page learns from it how often the engine speaks when idle. */
const HEARTBEAT = 'engine.heartbeat'
/** Until two heartbeats have come, the engine's usual interval (HostInfo.live: every 5 s). */
const USUAL_BEAT_MS = 5000
/** Beyond two missed heartbeats: a loaded machine may delay one by seconds. */
const SILENCE_SLACK_MS = 3000

/**
 * Web mode: one WebSocket to the engine on loopback, reconnecting with backoff when the engine
 * restarts. Calls made while disconnected wait for the connection (up to `callTimeoutMs`).
 *
 * The engine counts as gone (issue 22 item 3) when its socket closes (a killed process: at once)
 * or when it misses two heartbeats (a frozen one; back as soon as it speaks). While it is gone, each failed reconnect asks
 * `aliveUrl` whether the engine is back but refuses this tab's token (401: `refused`, the
 * engine restarted with a new token, which the page cannot know), or is still away.
 */
export function websocketTransport(url: string, options: { callTimeoutMs?: number; aliveUrl?: string } = {}): Transport {
  // Its timers are plain: the transport lives as long as the page, outside Vue and its scopes.
  const eventListeners = new Set<(event: EventName, payload: unknown) => void>()
  const stateListeners = new Set<(state: ConnectionState) => void>()
  const pending = new Map<number, Pending>()
  const queue: Array<{ id: number; frame: string | Uint8Array }> = []
  let socket: WebSocket | undefined
  let state: ConnectionState = 'connecting'
  let nextId = 1
  let retries = 0
  let lastHeard = 0
  let lastBeat = 0
  let beatMs = USUAL_BEAT_MS

  function setState(next: ConnectionState): void {
    if (next === state) return
    state = next
    for (const listener of stateListeners) listener(next)
  }

  function onMessage(data: unknown): void {
    const message = decodeFrame(typeof data === 'string' ? data : new Uint8Array(data as ArrayBuffer)) as ResponseEnvelope | EventEnvelope
    const now = Date.now()
    lastHeard = now
    // It was only silent: heard again, it is back.
    if (state === 'closed') setState('open')
    if ('event' in message) {
      if (message.event === HEARTBEAT) {
        if (lastBeat) beatMs = Math.max(250, now - lastBeat)
        lastBeat = now
      }
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

  /** Is the engine there but deaf to our token? Undefined when it cannot be asked. */
  async function refusesUs(): Promise<boolean | undefined> {
    if (!options.aliveUrl) return undefined
    try {
      return (await fetch(options.aliveUrl, { cache: 'no-store' })).status === 401
    } catch {
      return undefined
    }
  }

  /** The socket is gone (closed, or silent too long): say so, fail the calls in flight, try again. */
  function lost(ws: WebSocket): void {
    if (socket !== ws) return
    socket = undefined
    ws.onopen = ws.onmessage = ws.onclose = null
    if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close()
    if (state !== 'refused') setState('closed')
    // Calls in flight are lost with the engine; those not yet sent wait in the queue.
    const waiting = new Set(queue.map((item) => item.id))
    for (const [id, waiter] of pending) {
      if (waiting.has(id)) continue
      pending.delete(id)
      waiter.reject(new AppError('NETWORK', 'Lost the connection to the engine.'))
    }
    const delay = Math.min(5000, 250 * 2 ** retries++) * (0.5 + Math.random() / 2)
    void refusesUs().then((refused) => {
      if (refused !== undefined) setState(refused ? 'refused' : 'closed')
      setTimeout(connect, delay)
    })
  }

  function connect(): void {
    const ws = new WebSocket(url)
    ws.binaryType = 'arraybuffer'
    socket = ws
    ws.onopen = () => {
      retries = 0
      lastHeard = Date.now()
      lastBeat = 0
      setState('open')
      for (const { frame } of queue.splice(0)) ws.send(frame)
    }
    ws.onmessage = (event) => onMessage(event.data)
    ws.onclose = () => lost(ws)
  }

  // A frozen engine keeps its socket open and says nothing: two missed heartbeats (and some slack
  // for a busy machine) and it counts as away. The socket is kept: a slow engine that speaks
  // again is back at once, with no call lost.
  setInterval(() => {
    if (socket?.readyState === WebSocket.OPEN && state === 'open' && Date.now() - lastHeard > 2 * beatMs + SILENCE_SLACK_MS) setState('closed')
  }, 500)

  connect()

  return {
    get state() {
      return state
    },
    call(method, input, callOptions) {
      const id = nextId++
      const frame = encodeFrame({ id, method, input })
      const send = (): Promise<unknown> => new Promise((resolve, reject) => {
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
      // A call still in the queue is only taken out; one on the wire is cancelled on it.
      const cancel = (): void => {
        // Its timer stops with it.
        pending.get(id)?.reject(cancelledCall(method))
        pending.delete(id)
        const queued = queue.findIndex((item) => item.id === id)
        if (queued >= 0) queue.splice(queued, 1)
        else if (socket?.readyState === WebSocket.OPEN) socket.send(encodeFrame({ id, cancel: true }))
      }
      return cancellable(method, callOptions?.signal, send, cancel)
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
