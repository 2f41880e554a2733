import type { EventName, EventPayload, EventSource } from '../../shared/contract'

type AnyListener = (event: EventName, payload: unknown) => void

/**
 * The engine's event bus. Domains `emit`; transports subscribe to everything with `onAny` and
 * forward; in-process listeners (CLI, tests) use `on`. Every subscription returns its dispose.
 */
export interface EventBus extends EventSource {
  emit<N extends EventName>(event: N, payload: EventPayload<N>): void
  onAny(listener: AnyListener): () => void
}

export function createEventBus(): EventBus {
  const listeners = new Set<AnyListener>()
  return {
    emit(event, payload) {
      for (const listener of [...listeners]) listener(event, payload)
    },
    onAny(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    on(event, listener) {
      const wrapped: AnyListener = (name, payload) => {
        if (name === event) listener(payload as never)
      }
      listeners.add(wrapped)
      return () => listeners.delete(wrapped)
    },
  }
}
