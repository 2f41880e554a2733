import type { EventName } from '@shared/contract'
import { BRIDGE_KEY, type DesktopBridge } from '@shared/channels'
import type { ResponseEnvelope } from '@shared/envelope'
import { AppError } from '@shared/errors'
import { cancellable, type Transport } from './transport'

export function hasIpcBridge(w: object): w is { [BRIDGE_KEY]: DesktopBridge } {
  return BRIDGE_KEY in w
}

export function unwrap(envelope: ResponseEnvelope): unknown {
  if (envelope.ok) return envelope.data
  throw AppError.fromWire(envelope.error)
}

/** Electron: envelopes through the preload's pipe (`window.reelbox`). */
export function ipcTransport(bridge: DesktopBridge): Transport {
  let nextId = 1
  return {
    state: 'open',
    call(method, input, options) {
      const id = nextId++
      return cancellable(
        method,
        options?.signal,
        // A call always answers with an envelope; only a cancel answers null.
        async () => unwrap((await bridge.invoke({ id, method, input }))!),
        () => void bridge.invoke({ id, cancel: true }).catch(() => undefined),
      )
    },
    onEvent: (listener) => bridge.subscribe((envelope) => listener(envelope.event as EventName, envelope.payload)),
    onState: () => () => undefined,
    pathForFile: (file) => bridge.pathForFile(file),
  }
}
