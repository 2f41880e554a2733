/**
 * A stand-in for Electron's main-process API, resolved in place of `electron` (see ../hooks.mjs)
 * so the built app runs under plain Node. It records every call and enforces the documented
 * lifecycle; it renders nothing. The test drives it through driver.ts.
 */
import { app } from './app'
import { dialog, ipcMain, Menu, nativeImage, nativeTheme, Notification, safeStorage, screen, shell, Tray } from './native'
import { protocol, session } from './protocol'
import { BrowserWindow } from './windows'

export { app, BrowserWindow, dialog, ipcMain, Menu, nativeImage, nativeTheme, Notification, protocol, safeStorage, screen, session, shell, Tray }

const electron = { app, BrowserWindow, dialog, ipcMain, Menu, nativeImage, nativeTheme, Notification, protocol, safeStorage, screen, session, shell, Tray }
export default electron
