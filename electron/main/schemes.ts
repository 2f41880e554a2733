import type { CustomScheme } from 'electron'
import { MEDIA_SCHEME } from '../../shared/media'

/** The custom schemes of the Electron shell; plain constants so tests can share them. */
export const APP_SCHEME = 'reelbox'
export const APP_HOST = 'app'
/** The page's own origin in Electron: what the IPC sender check accepts. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`

/**
 * How the schemes are registered (before the app is ready). Both are standard and secure so the
 * page has a real origin and counts as a secure context; the library scheme (MEDIA_SCHEME, named
 * in shared/media.ts, where the page builds its URLs) streams: video is read in Range pieces,
 * never whole. Neither bypasses the CSP or may host service workers.
 */
export const privilegedSchemes = [
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true, corsEnabled: true } },
] as const satisfies readonly CustomScheme[]
