/**
 * The Electron shell: window, IPC transport, schemes and the OS adapters. Everything else is
 * the engine (electron/core), which this file only composes.
 */
import { app, BrowserWindow, dialog, nativeTheme, Notification, protocol, safeStorage, session, shell } from 'electron'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createCore, type Core } from '../core'
import { startDragFrom } from './drag'
import { guardContents } from './guards'
import { forwardEvents, registerIpc } from './ipc'
import { mediaProtocolHandler } from './media-protocol'
import { electronNotifierUi, startNotifications } from './notifications'
import { permissionHandlers } from './permissions'
import { serveRenderer } from './renderer-protocol'
import { APP_ORIGIN, APP_SCHEME, MEDIA_SCHEME, privilegedSchemes } from './schemes'
import { createKeytarStore } from './secrets/keytar-store'
import { createSafeStorageStore } from './secrets/safe-storage-store'
import { createSecretChain } from './secrets/secret-chain'
import { originOf } from './sender'
import { createElectronSettingsStore } from './settings-store'
import { createSandboxPort } from '../node/sandbox-port'
import { openExternalSafely } from './url-policy'
import { windowOptions } from './window'

const here = path.dirname(fileURLToPath(import.meta.url))
const devUrl = process.env['ELECTRON_RENDERER_URL']

protocol.registerSchemesAsPrivileged([...privilegedSchemes])

const allowed = [APP_ORIGIN, ...(devUrl ? [originOf(devUrl) ?? ''] : [])]
/** The engine once it runs; the shell's callbacks log through it. */
let engine: Core | undefined
/** The one window: where a drag of a library video starts. */
let mainWindow: BrowserWindow | undefined

// Every page of the app, now or later: no navigation away, no new windows, no <webview>.
app.on('web-contents-created', (_event, contents) =>
  guardContents(contents, {
    allowedOrigins: () => allowed,
    openExternal: (url) => void openExternalSafely(shell, url).catch((error: unknown) => engine?.log.scope('shell').warn(`Could not open ${url}: ${(error as Error).message}`)),
    onRefused: (what) => engine?.log.scope('shell').warn(`Refused ${what}.`),
  }),
)

async function main(): Promise<void> {
  await app.whenReady()
  const permissions = permissionHandlers(() => allowed)
  session.defaultSession.setPermissionRequestHandler(permissions.request)
  session.defaultSession.setPermissionCheckHandler(permissions.check)

  // The key: the OS keychain; else safeStorage ciphertext (basic_text only with consent); else this session.
  const secrets = createSecretChain({
    keychain: createKeytarStore(),
    encryptedFile: createSafeStorageStore(safeStorage, {
      file: path.join(app.getPath('userData'), 'secrets.json'),
      allowBasicText: () => engine?.settings.current().allowBasicTextEncryption ?? false,
    }),
    onProblem: (message) => engine?.log.scope('secrets').warn(message),
  })
  const core = await createCore({
    host: { shell: 'electron', version: app.getVersion(), runtime: `Electron ${process.versions.electron}` },
    paths: { data: app.getPath('userData'), library: path.join(app.getPath('videos'), 'Reelbox') },
    secrets,
    settings: createElectronSettingsStore(),
    sandbox: createSandboxPort(app.getPath('userData')),
    // The library's delete, open and reveal (web mode and the CLI have none of these).
    shell: {
      trash: (file) => shell.trashItem(file),
      openPath: async (file) => {
        const problem = await shell.openPath(file)
        if (problem) throw new Error(problem)
      },
      reveal: async (file) => shell.showItemInFolder(file),
      startDrag: startDragFrom(() => mainWindow?.webContents),
      // Settings → Library folder → Choose… (app.chooseFolder).
      chooseFolder: async ({ title, defaultPath }) => {
        const options = { title, defaultPath, properties: ['openDirectory', 'createDirectory', 'promptToCreate'] as Array<'openDirectory' | 'createDirectory' | 'promptToCreate'> }
        const answer = mainWindow ? await dialog.showOpenDialog(mainWindow, options) : await dialog.showOpenDialog(options)
        return answer.canceled ? undefined : answer.filePaths[0]
      },
    },
  })
  engine = core
  protocol.handle(APP_SCHEME, serveRenderer(path.join(here, '../renderer')))
  registerIpc(core, () => allowed)
  protocol.handle(MEDIA_SCHEME, mediaProtocolHandler(core.library.respondMedia, () => allowed))

  const window = (mainWindow = new BrowserWindow(windowOptions(path.join(here, '../preload/index.cjs'), nativeTheme.shouldUseDarkColors)))
  forwardEvents(core, window.webContents)
  // Finished and failed jobs as native notifications; active jobs' progress in the Dock / taskbar.
  startNotifications({
    events: core.events,
    jobs: () => core.jobs.list(),
    settings: () => core.settings.current(),
    systemLocale: () => app.getLocale(),
    library: core.library,
    ui: electronNotifierUi({ Notification, window: () => mainWindow }),
    focus: () => {
      if (window.isMinimized()) window.restore()
      window.show()
      window.focus()
    },
    onError: (message) => core.log.scope('notifications').warn(message),
  })
  window.once('ready-to-show', () => window.show())
  await window.loadURL(devUrl ?? `${APP_ORIGIN}/index.html`)

  app.on('window-all-closed', () => {
    void core.dispose().then(() => app.quit())
  })
}

void main()
