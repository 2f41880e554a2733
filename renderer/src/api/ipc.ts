import type { EventName } from '@shared/contract'
import type { ResponseEnvelope } from '@shared/envelope'
import { AppError } from '@shared/errors'
import type { Transport } from './transport'

type BridgeFn = (input?: unknown) => Promise<ResponseEnvelope>

interface Bridge {
  api: Record<string, Record<string, BridgeFn>>
  reelbox: {
    on(listener: (event: string, payload: unknown) => void): () => void
    pathForFile(file: File): string
  }
}

export function hasIpcBridge(w: object): w is Bridge {
  return 'api' in w && 'reelbox' in w
}

export function unwrap(envelope: ResponseEnvelope): unknown {
  if (envelope.ok) return envelope.data
  throw AppError.fromWire(envelope.error)
}

/** Electron: the preload's `window.api` (built from the same names) answers with envelopes. */
export function ipcTransport(bridge: Bridge): Transport {
  return {
    state: 'open',
    async call(method, input) {
      const dot = method.indexOf('.')
      const fn = bridge.api[method.slice(0, dot)]?.[method.slice(dot + 1)]
      if (!fn) throw new AppError('NOT_FOUND', `Unknown procedure "${method}".`)
      return unwrap(await fn(input))
    },
    onEvent: (listener) => bridge.reelbox.on((event, payload) => listener(event as EventName, payload)),
    onState: () => () => undefined,
    pathForFile: (file) => bridge.reelbox.pathForFile(file),
  }
}
