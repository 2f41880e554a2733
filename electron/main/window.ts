import type { BrowserWindowConstructorOptions } from 'electron'

/**
 * The one place a window's web preferences are decided. Pure, so a test can hold every setting
 * to account without starting Electron.
 */
export function windowOptions(preloadPath: string, dark: boolean): BrowserWindowConstructorOptions {
  return {
    width: 1360,
    height: 860,
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
