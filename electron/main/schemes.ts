/** The custom schemes of the Electron shell; plain constants so the CSP and tests can share them. */
export const APP_SCHEME = 'reelbox'
export const APP_HOST = 'app'
/** The page's own origin in Electron: what the IPC sender check accepts. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
/** The library scheme: videos, posters and input images by opaque id. */
export const MEDIA_SCHEME = 'reelbox-media'
