/**
 * The Electron shell: window, IPC transport, schemes and the OS adapters. Everything else is
 * the engine (electron/core), which this file only composes.
 */
import { app, BrowserWindow, nativeTheme, protocol } from 'electron'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createCore } from '../core'
import { forwardEvents, registerIpc } from './ipc'
import { serveRenderer } from './renderer-protocol'
import { APP_ORIGIN, APP_SCHEME, MEDIA_SCHEME } from './schemes'
import { originOf } from './sender'
import { windowOptions } from './window'

const here = path.dirname(fileURLToPath(import.meta.url))
const devUrl = process.env['ELECTRON_RENDERER_URL']

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true, corsEnabled: true } },
])

async function main(): Promise<void> {
  await app.whenReady()
  const core = await createCore({
    host: { shell: 'electron', version: app.getVersion(), runtime: `Electron ${process.versions.electron}` },
    paths: { data: app.getPath('userData'), library: path.join(app.getPath('videos'), 'Reelbox') },
  })
  protocol.handle(APP_SCHEME, serveRenderer(path.join(here, '../renderer')))
  const allowed = [APP_ORIGIN, ...(devUrl ? [originOf(devUrl) ?? ''] : [])]
  registerIpc(core, () => allowed)

  const window = new BrowserWindow(windowOptions(path.join(here, '../preload/index.cjs'), nativeTheme.shouldUseDarkColors))
  forwardEvents(core, window.webContents)
  window.once('ready-to-show', () => window.show())
  await window.loadURL(devUrl ?? `${APP_ORIGIN}/index.html`)

  app.on('window-all-closed', () => {
    void core.dispose().then(() => app.quit())
  })
}

void main()
