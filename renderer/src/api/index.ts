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
  const api = buildApi(procedureNames, (method, input, options) => transport.call(method, input, options))
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
 * Web mode's token arrives in the URL fragment (`#token=…`: a fragment is never sent to a server
 * or in a Referer); it is kept for this tab only and removed from the address bar so it is not
 * shared by copying the URL.
 */
export function takeWebToken(location: Location, storage: Storage, history: History): string | undefined {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash)
  if (match?.[1]) {
    storage.setItem(TOKEN_KEY, match[1])
    history.replaceState(null, '', location.pathname + location.search)
  }
  return storage.getItem(TOKEN_KEY) ?? undefined
}

/**
 * An address pasted into this tab that differs only in its fragment does not load a page: the
 * browser only fires `popstate` and `hashchange`. A new token there is the engine's new address
 * (issue 22 item 3): keep it and load the page again with it; the same token is only taken off
 * the bar. On `popstate`, and listening before the router does (connect() runs before the app is
 * made): the router reads the fragment as a place and moves on to Create before `hashchange`.
 */
export function followPastedToken(window: Window): void {
  // Plain: for the page's whole life, before any component or store exists.
  window.addEventListener('popstate', () => {
    const before = window.sessionStorage.getItem(TOKEN_KEY)
    const after = takeWebToken(window.location, window.sessionStorage, window.history)
    if (after !== before) window.location.reload()
  })
}

export function connect(): EngineConnection {
  if (hasIpcBridge(window)) {
    const transport = ipcTransport(window[BRIDGE_KEY])
    return { api: createAppApi(transport), transport, media: { shell: 'electron' } }
  }
  const token = takeWebToken(window.location, window.sessionStorage, window.history) ?? ''
  followPastedToken(window)
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/rpc?token=${encodeURIComponent(token)}`
  const transport = websocketTransport(url, { aliveUrl: `${location.origin}/alive?token=${encodeURIComponent(token)}` })
  return { api: createAppApi(transport), transport, media: { shell: 'web', origin: location.origin, token } }
}
