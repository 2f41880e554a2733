/**
 * The Electron shell: window, IPC transport, schemes and the OS adapters. Everything else is
 * the engine (electron/core), which this file only composes; how the app behaves on the
 * desktop (menu, closing, quitting, tray) is desktop.ts.
 */
import { app, dialog, protocol, safeStorage, session, shell } from 'electron'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createCore, type Core } from '../core'
import checkpointWorker from '../core/library/checkpoint.worker?modulePath'
import folderCheckWorker from '../core/library/folder-check.worker?modulePath'
import { startDesktop } from './desktop'
import { startDragFrom } from './drag'
import { guardContents, refusalLine } from './guards'
import { registerIpc } from './ipc'
import type { WindowKeeper } from './main-window'
import { mediaProtocolHandler } from './media-protocol'
import { permissionHandlers } from './permissions'
import { serveRenderer } from './renderer-protocol'
import { APP_ORIGIN, APP_SCHEME, privilegedSchemes } from './schemes'
import { createSafeStorageStore } from './secrets/safe-storage-store'
import { originOf } from './sender'
import { createElectronSettingsStore } from './settings-store'
import { openExternalSafely } from './url-policy'
import { MEDIA_SCHEME } from '../../shared/media'
import { createSandboxPort } from '../node/sandbox-port'
import { keychainFor } from '../node/secrets/keytar-store'
import { createSecretChain } from '../node/secrets/secret-chain'
import { ffmpegPortFor } from '../node/ffmpeg'
import { makerOf } from '../node/maker'

const here = path.dirname(fileURLToPath(import.meta.url))
const devUrl = process.env['ELECTRON_RENDERER_URL']

protocol.registerSchemesAsPrivileged([...privilegedSchemes])

const allowed = [APP_ORIGIN, ...(devUrl ? [originOf(devUrl) ?? ''] : [])]
/** The engine once it runs; the shell's callbacks log through it. */
let engine: Core | undefined
/** The one window (where a drag of a library video starts, what a folder dialog belongs to). */
let windows: WindowKeeper | undefined

// Every page of the app, now or later: no navigation away, no new windows, no <webview>.
app.on('web-contents-created', (_event, contents) =>
  guardContents(contents, {
    allowedOrigins: () => allowed,
    openExternal: (url) => void openExternalSafely(shell, url).catch((error: unknown) => engine?.log.scope('shell').warn('shell.openFailed', { url, reason: (error as Error).message })),
    onRefused: (refusal) => {
      const line = refusalLine(refusal)
      engine?.log.scope('shell').warn(line.code, line.params)
    },
  }),
)

async function main(): Promise<void> {
  await app.whenReady()
  const permissions = permissionHandlers(() => allowed)
  session.defaultSession.setPermissionRequestHandler(permissions.request)
  session.defaultSession.setPermissionCheckHandler(permissions.check)

  // The key: the OS keychain (none in a test run: keychainFor); else safeStorage ciphertext
  // (basic_text only with consent); else this session.
  const secrets = createSecretChain({
    keychain: keychainFor(process.env),
    encryptedFile: createSafeStorageStore(safeStorage, {
      file: path.join(app.getPath('userData'), 'secrets.json'),
      allowBasicText: () => engine?.settings.current().allowBasicTextEncryption ?? false,
    }),
    onProblem: (problem) => engine?.log.scope('secrets').warn(`secrets.store.${problem.code}`, problem),
  })
  const core = await createCore({
    host: { shell: 'electron', version: app.getVersion(), runtime: `Electron ${process.versions.electron}`, live: true },
    paths: { data: app.getPath('userData'), library: path.join(app.getPath('videos'), 'Reelbox') },
    secrets,
    settings: createElectronSettingsStore(),
    sandbox: createSandboxPort(app.getPath('userData'), process.env),
    // Built by electron-vite as chunks of their own beside this bundle.
    workers: { checkpoint: checkpointWorker, folderCheck: folderCheckWorker },
    maker: makerOf(process.env),
    // The system's ffmpeg, for last frames the engine's own decoder cannot read (Settings may name another).
    ffmpeg: ffmpegPortFor(process.env),
    // The library's delete, open and reveal (web mode and the CLI have none of these).
    shell: {
      trash: (file) => shell.trashItem(file),
      openPath: async (file) => {
        const problem = await shell.openPath(file)
        if (problem) throw new Error(problem)
      },
      reveal: async (file) => shell.showItemInFolder(file),
      startDrag: startDragFrom(() => windows?.current()?.webContents),
      // Settings → Library folder → Choose… (app.chooseFolder).
      chooseFolder: async ({ title, defaultPath }) => {
        const options = { title, defaultPath, properties: ['openDirectory', 'createDirectory', 'promptToCreate'] as Array<'openDirectory' | 'createDirectory' | 'promptToCreate'> }
        const parent = windows?.current()
        const answer = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options)
        return answer.canceled ? undefined : answer.filePaths[0]
      },
      // The library's Save as… (library.export of one item); the dialog asks before replacing.
      chooseSaveFile: async ({ title, defaultPath }) => {
        const parent = windows?.current()
        const answer = parent ? await dialog.showSaveDialog(parent, { title, defaultPath }) : await dialog.showSaveDialog({ title, defaultPath })
        return answer.canceled ? undefined : answer.filePath
      },
    },
  })
  engine = core
  protocol.handle(APP_SCHEME, serveRenderer(path.join(here, '../renderer')))
  registerIpc(core, () => allowed)
  protocol.handle(MEDIA_SCHEME, mediaProtocolHandler(core.library.respondMedia, () => allowed))

  windows = startDesktop({ core, preload: path.join(here, '../preload/index.cjs'), url: devUrl ?? `${APP_ORIGIN}/index.html` }).windows
  await windows.show()
}

// One app per designer: a second launch hands over to the first (desktop.ts shows its window)
// and quits, so two engines never share one journal.
if (app.requestSingleInstanceLock()) void main()
else app.quit()
