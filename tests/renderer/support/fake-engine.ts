import type { EventName } from '@shared/contract'
import { AppError } from '@shared/errors'
import { createAppApi } from '@/api'
import { setEngine } from '@/api/provide'
import type { ConnectionState, Transport } from '@/api/transport'

type Handler = (input: unknown) => unknown

/**
 * A stand-in for the engine on our own Transport port: procedures answer from `handlers`,
 * and `emit` pushes an event as the engine would.
 */
export function installFakeEngine(handlers: Record<string, Handler>) {
  const eventListeners = new Set<(event: EventName, payload: unknown) => void>()
  /** Every call, with the signal it was given (the store cancels stale pages with it). */
  const calls: Array<{ method: string; input: unknown; signal?: AbortSignal }> = []
  const transport: Transport = {
    state: 'open' as ConnectionState,
    async call(method, input, options) {
      calls.push({ method, input, ...(options?.signal && { signal: options.signal }) })
      const handler = handlers[method]
      if (!handler) throw new AppError('NOT_FOUND', `No fake for ${method}`)
      return handler(input)
    },
    onEvent(listener) {
      eventListeners.add(listener)
      return () => eventListeners.delete(listener)
    },
    onState: () => () => undefined,
  }
  setEngine({ api: createAppApi(transport), transport })
  return {
    calls,
    emit(event: EventName, payload: unknown) {
      for (const listener of eventListeners) listener(event, payload)
    },
  }
}
