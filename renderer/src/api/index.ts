import type { AppApi, EventName, EventPayload } from '@shared/contract'
import { BRIDGE_KEY } from '@shared/channels'
import { procedureNames } from '@shared/names'
import { buildApi } from '@shared/contract/define'
import { hasIpcBridge, ipcTransport } from './ipc'
import type { EngineConnection } from './provide'
import type { Transport } from './transport'
import { websocketTransport } from './websocket'

export type { ConnectionState, Transport } from './transport'

/** The typed API, built once from the contract's names over either transport (IPC or WebSocket). */
export function createAppApi(transport: Transport): AppApi {
  const api = buildApi(procedureNames, (method, input) => transport.call(method, input))
  return Object.assign(api, {
    on<N extends EventName>(event: N, listener: (payload: EventPayload<N>) => void): () => void {
      return transport.onEvent((name, payload) => {
        if (name === event) listener(payload as EventPayload<N>)
      })
    },
  }) as AppApi
}

const TOKEN_KEY = 'reelbox.token'

/**
 * Web mode's token arrives once in the URL fragment (`#token=…`); it is kept for this tab only
 * and removed from the address bar so it is not shared by copying the URL.
 */
export function takeWebToken(location: Location, storage: Storage, history: History): string | undefined {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash)
  if (match?.[1]) {
    storage.setItem(TOKEN_KEY, match[1])
    history.replaceState(null, '', location.pathname + location.search)
  }
  return storage.getItem(TOKEN_KEY) ?? undefined
}

export function connect(): EngineConnection {
  if (hasIpcBridge(window)) {
    const transport = ipcTransport(window[BRIDGE_KEY])
    return { api: createAppApi(transport), transport, media: { shell: 'electron' } }
  }
  const token = takeWebToken(window.location, window.sessionStorage, window.history) ?? ''
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/rpc?token=${encodeURIComponent(token)}`
  const transport = websocketTransport(url)
  return { api: createAppApi(transport), transport, media: { shell: 'web', origin: location.origin, token } }
}
