import type { BrowserWindowConstructorOptions } from 'electron'
import type { Rect } from './window-state'

/**
 * The one place a window's web preferences are decided. Pure, so a test can hold every setting
 * to account without starting Electron (and the boot test holds the built app to the same).
 * `bounds`: where the window was last (see window-state.ts); else the default size, centred.
 */
export function windowOptions(preloadPath: string, dark: boolean, bounds?: Rect): BrowserWindowConstructorOptions {
  return {
    width: 1360,
    height: 860,
    ...bounds,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Reelbox',
    backgroundColor: dark ? '#0e0f12' : '#f7f7f8',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      spellcheck: true,
    },
  }
}
