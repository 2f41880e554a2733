/**
 * Web permissions (camera, microphone, notifications, geolocation, …) are denied unless listed
 * here, and listed ones only for the top frame of our own page. The list is what the app's own
 * page needs: fullscreen video, and writing text to the clipboard ("copy prompt").
 */
import { originOf } from './sender'

export const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['fullscreen', 'clipboard-sanitized-write'])

export interface PermissionAsk {
  readonly permission: string
  /** The asking page's URL or origin. */
  readonly requestingUrl: string | undefined
  /** False for subframes; unknown counts as a subframe. */
  readonly isMainFrame: boolean | undefined
}

export function permissionDecision(ask: PermissionAsk, allowedOrigins: readonly string[]): boolean {
  if (!GRANTED_PERMISSIONS.has(ask.permission)) return false
  if (ask.isMainFrame !== true) return false
  const origin = ask.requestingUrl === undefined ? undefined : originOf(ask.requestingUrl)
  return origin !== undefined && allowedOrigins.includes(origin)
}

/** Handlers in the shape `session.setPermissionRequestHandler` / `setPermissionCheckHandler` take. */
export function permissionHandlers(allowedOrigins: () => readonly string[]) {
  return {
    request(_contents: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl?: string; isMainFrame?: boolean }): void {
      callback(permissionDecision({ permission, requestingUrl: details.requestingUrl, isMainFrame: details.isMainFrame }, allowedOrigins()))
    },
    check(_contents: unknown, permission: string, requestingOrigin: string, details: { isMainFrame?: boolean; requestingUrl?: string }): boolean {
      return permissionDecision({ permission, requestingUrl: details.requestingUrl ?? requestingOrigin, isMainFrame: details.isMainFrame }, allowedOrigins())
    },
  }
}
