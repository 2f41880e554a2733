/**
 * `protocol` and `session`: privileged schemes are registered once, before `ready`; handlers only
 * after it, one per scheme. A request for a scheme goes to its handler as a fetch `Request`, which
 * is how a page load (`loadURL`) and the test's requests are answered.
 */
import { afterReady, lifecycle, record, refuse } from './state'

type Handler = (request: Request) => Response | Promise<Response>
type PermissionRequest = (contents: unknown, permission: string, callback: (granted: boolean) => void, details: Record<string, unknown>) => void
type PermissionCheck = (contents: unknown, permission: string, requestingOrigin: string, details: Record<string, unknown>) => boolean

const handlers = new Map<string, Handler>()
const privileged = new Map<string, Record<string, boolean>>()
let registered = false

export const protocol = {
  registerSchemesAsPrivileged(schemes: Array<{ scheme: string; privileges?: Record<string, boolean> }>): void {
    if (lifecycle.ready) refuse('protocol.registerSchemesAsPrivileged can only be used before the app is ready')
    if (registered) refuse('protocol.registerSchemesAsPrivileged can be called only once')
    registered = true
    for (const { scheme, privileges } of schemes) privileged.set(scheme, privileges ?? {})
    record('protocol.registerSchemesAsPrivileged', schemes)
  },
  handle(scheme: string, handler: Handler): void {
    afterReady('protocol.handle')
    if (handlers.has(scheme)) refuse(`protocol.handle: the scheme "${scheme}" is already handled`)
    handlers.set(scheme, handler)
    record('protocol.handle', { scheme, privileged: privileged.get(scheme) ?? null })
  },
  unhandle(scheme: string): void {
    handlers.delete(scheme)
    record('protocol.unhandle', { scheme })
  },
  isProtocolHandled: async (scheme: string): Promise<boolean> => handlers.has(scheme),
}

/** What a request to `url` gets from the scheme's handler (net::ERR_UNKNOWN_URL_SCHEME without one). */
export async function fetchThroughProtocol(url: string, init?: RequestInit): Promise<Response> {
  const scheme = new URL(url).protocol.slice(0, -1)
  const handler = handlers.get(scheme)
  if (!handler) throw new Error(`net::ERR_UNKNOWN_URL_SCHEME (${url})`)
  return handler(new Request(url, init))
}

export const permissionHandlers: { request?: PermissionRequest; check?: PermissionCheck } = {}

const defaultSession = {
  setPermissionRequestHandler(handler: PermissionRequest | null): void {
    permissionHandlers.request = handler ?? undefined
    record('session.setPermissionRequestHandler', { set: handler !== null })
  },
  setPermissionCheckHandler(handler: PermissionCheck | null): void {
    permissionHandlers.check = handler ?? undefined
    record('session.setPermissionCheckHandler', { set: handler !== null })
  },
}

export const session = {
  get defaultSession(): typeof defaultSession {
    afterReady('session.defaultSession')
    return defaultSession
  },
}
