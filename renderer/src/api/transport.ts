import type { EventName } from '@shared/contract'
import type { CallOptions } from '@shared/contract/define'
import { cancelledCall } from '@shared/errors'

/**
 * `closed`: the engine cannot be reached (its socket closed, or it stopped beating);
 * `refused`: it answers again but not to this tab's token (web mode, restarted with a new one).
 */
export type ConnectionState = 'connecting' | 'open' | 'closed' | 'refused'

/** How the renderer reaches the engine: Electron IPC or the web-mode WebSocket. */
export interface Transport {
  /** `signal`: aborting it rejects the call at once with `CANCELLED` and tells the engine to stop. */
  call(method: string, input: unknown, options?: CallOptions): Promise<unknown>
  onEvent(listener: (event: EventName, payload: unknown) => void): () => void
  onState(listener: (state: ConnectionState) => void): () => void
  readonly state: ConnectionState
  /** The path of a dropped file, where the shell can give one (Electron only). */
  pathForFile?(file: File): string
}

/**
 * A call that can be cancelled: `send` puts it on the pipe; when `signal` aborts first, the call
 * rejects at once with `CANCELLED` (its answer, whenever it comes, is dropped) and `cancel` tells
 * the engine. A signal aborted before the call never sends it.
 */
export function cancellable<T>(method: string, signal: AbortSignal | undefined, send: () => Promise<T>, cancel: () => void): Promise<T> {
  if (!signal) return send()
  if (signal.aborted) return Promise.reject(cancelledCall(method))
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      cancel()
      reject(cancelledCall(method))
    }
    // A plain listener on the caller's signal, removed when the call settles: no Vue scope here.
    signal.addEventListener('abort', onAbort, { once: true })
    send().then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
