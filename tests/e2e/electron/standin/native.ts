/**
 * The rest of the main-process API the app uses: IPC, dialogs (answered by the test, as a
 * person would), notifications, menus, trays, images, displays, the shell and the OS's
 * encryption. Each records its calls and holds to Electron's rules: one invoke handler per
 * channel, dialogs, screens, trays and notifications only after `ready`, menu roles Electron
 * knows, a tray icon that is a real image.
 */
import { EventEmitter } from 'node:events'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, rename } from 'node:fs/promises'
import path from 'node:path'
import { afterReady, config, record, refuse } from './state'

// --- ipcMain ---------------------------------------------------------------------------------

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown

export const invokeHandlers = new Map<string, InvokeHandler>()

class IpcMain extends EventEmitter {
  handle(channel: string, handler: InvokeHandler): void {
    if (invokeHandlers.has(channel)) refuse(`Attempted to register a second handler for '${channel}'`)
    invokeHandlers.set(channel, handler)
    record('ipcMain.handle', { channel })
  }

  removeHandler(channel: string): void {
    invokeHandlers.delete(channel)
    record('ipcMain.removeHandler', { channel })
  }

  override on(channel: string | symbol, listener: (...args: never[]) => void): this {
    record('ipcMain.on', { channel: String(channel) })
    return super.on(channel, listener as (...args: unknown[]) => void)
  }
}

export const ipcMain = new IpcMain()

// --- dialog ----------------------------------------------------------------------------------

let nextDialog = 1
export const pendingDialogs = new Map<number, (answer: unknown) => void>()

function ask(kind: string, args: unknown[]): Promise<unknown> {
  afterReady(`dialog.${kind}`)
  const [first, second] = args
  const parent = second === undefined ? undefined : (first as { id?: number } | undefined)?.id
  const options = second === undefined ? first : second
  const id = nextDialog++
  record(`dialog.${kind}`, { id, parent: parent ?? null, options })
  return new Promise((resolve) => pendingDialogs.set(id, resolve))
}

export const dialog = {
  showMessageBox: (...args: unknown[]) => ask('showMessageBox', args) as Promise<{ response: number; checkboxChecked: boolean }>,
  showOpenDialog: (...args: unknown[]) => ask('showOpenDialog', args) as Promise<{ canceled: boolean; filePaths: string[] }>,
  showSaveDialog: (...args: unknown[]) => ask('showSaveDialog', args) as Promise<{ canceled: boolean; filePath?: string }>,
}

// --- Notification ----------------------------------------------------------------------------

let nextNotification = 1
export const notifications = new Map<number, Notification>()

export class Notification extends EventEmitter {
  static isSupported(): boolean {
    return true
  }

  readonly id = nextNotification++

  constructor(readonly options: { title?: string; body?: string; silent?: boolean; actions?: unknown[] } = {}) {
    super()
    afterReady('Notification')
    notifications.set(this.id, this)
  }

  show(): void {
    record('Notification.show', { id: this.id, ...this.options })
  }

  close(): void {
    record('Notification.close', { id: this.id })
    this.emit('close')
  }
}

// --- nativeImage -----------------------------------------------------------------------------

export class NativeImage {
  constructor(
    readonly source: string,
    private readonly size: { width: number; height: number },
  ) {}

  isEmpty(): boolean {
    return this.size.width === 0
  }

  getSize(): { width: number; height: number } {
    return { ...this.size }
  }

  resize(options: { width?: number; height?: number }): NativeImage {
    if (this.isEmpty()) return this
    const width = options.width ?? Math.round(((options.height ?? this.size.height) * this.size.width) / this.size.height)
    return new NativeImage(this.source, { width, height: options.height ?? Math.round((width * this.size.height) / this.size.width) })
  }
}

/** PNG's own header says its size; anything else Chromium cannot decode here is an empty image. */
function decode(bytes: Buffer, source: string): NativeImage {
  const png = bytes.length > 24 && bytes.readUInt32BE(0) === 0x89504e47
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8
  if (png) return new NativeImage(source, { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) })
  return new NativeImage(source, jpeg ? { width: 1, height: 1 } : { width: 0, height: 0 })
}

export const nativeImage = {
  createEmpty: () => new NativeImage('empty', { width: 0, height: 0 }),
  createFromPath: (file: string) => (existsSync(file) ? decode(readFileSync(file), file) : new NativeImage(file, { width: 0, height: 0 })),
  createFromDataURL: (url: string) => decode(Buffer.from(url.replace(/^data:[^,]*;base64,/, ''), 'base64'), 'data URL'),
  createFromBitmap: (buffer: Buffer, size: { width: number; height: number }) => new NativeImage('bitmap', buffer.length === size.width * size.height * 4 ? size : { width: 0, height: 0 }),
}

// --- Menu and Tray ---------------------------------------------------------------------------

/** The roles Electron's MenuItem accepts (docs: MenuItem `role`). */
const roles = new Set(
  'undo redo cut copy paste pasteAndMatchStyle delete selectAll reload forceReload toggleDevTools resetZoom zoomIn zoomOut toggleSpellChecker togglefullscreen window minimize close help about services hide hideOthers unhide quit showSubstitutions toggleSmartQuotes toggleSmartDashes toggleTextReplacement startSpeaking stopSpeaking zoom front appMenu fileMenu editMenu viewMenu shareMenu recentDocuments toggleTabBar selectNextTab selectPreviousTab showAllTabs mergeAllWindows clearRecentDocuments moveTabToNewWindow windowMenu'.split(' '),
)

export interface MenuItemOptions {
  id?: string
  label?: string
  role?: string
  type?: string
  accelerator?: string
  click?: (item: MenuItemOptions, window: unknown, event: unknown) => void
  submenu?: MenuItemOptions[]
}

function checkRoles(items: MenuItemOptions[]): void {
  for (const item of items) {
    if (item.role !== undefined && !roles.has(item.role)) refuse(`Menu: "${item.role}" is not a menu item role`)
    if (item.submenu) checkRoles(item.submenu)
  }
}

export class Menu {
  static applicationMenu: Menu | null = null

  static buildFromTemplate(template: MenuItemOptions[]): Menu {
    checkRoles(template)
    return new Menu(template)
  }

  static setApplicationMenu(menu: Menu | null): void {
    Menu.applicationMenu = menu
    record('Menu.setApplicationMenu', { template: menu?.template ?? null })
  }

  static getApplicationMenu(): Menu | null {
    return Menu.applicationMenu
  }

  constructor(readonly template: MenuItemOptions[]) {}

  find(id: string, items: MenuItemOptions[] = this.template): MenuItemOptions | undefined {
    for (const item of items) {
      const found = item.id === id ? item : item.submenu ? this.find(id, item.submenu) : undefined
      if (found) return found
    }
    return undefined
  }
}

export const trays = new Set<Tray>()

export class Tray extends EventEmitter {
  menu: Menu | null = null
  private destroyed = false

  constructor(image: NativeImage | string) {
    super()
    afterReady('Tray')
    const icon = typeof image === 'string' ? nativeImage.createFromPath(image) : image
    if (icon.isEmpty()) refuse('Tray: the icon is an empty image, so nothing would show')
    trays.add(this)
    record('Tray.new', { source: icon.source, size: icon.getSize() })
  }

  setToolTip(text: string): void {
    record('Tray.setToolTip', { text })
  }

  setContextMenu(menu: Menu | null): void {
    this.menu = menu
    record('Tray.setContextMenu', { template: menu?.template ?? null })
  }

  destroy(): void {
    this.destroyed = true
    trays.delete(this)
    record('Tray.destroy')
  }

  isDestroyed(): boolean {
    return this.destroyed
  }
}

// --- screen, theme, shell, safeStorage -------------------------------------------------------

function display(index: number): { id: number; bounds: unknown; workArea: unknown; scaleFactor: number } {
  const { id, workArea } = config.displays[index]!
  return { id, bounds: workArea, workArea, scaleFactor: 1 }
}

export const screen = {
  getPrimaryDisplay() {
    afterReady('screen')
    return display(0)
  },
  getAllDisplays() {
    afterReady('screen')
    return config.displays.map((_, index) => display(index))
  },
}

export const nativeTheme = { shouldUseDarkColors: config.dark, themeSource: 'system' }

export const shell = {
  openExternal: async (url: string): Promise<void> => void record('shell.openExternal', { url }),
  openPath: async (file: string): Promise<string> => (record('shell.openPath', { file }), ''),
  showItemInFolder: (file: string): void => void record('shell.showItemInFolder', { file }),
  /** Moves the file into the modelled home's Trash, as the OS would. */
  async trashItem(file: string): Promise<void> {
    record('shell.trashItem', { file })
    const trash = path.join(config.paths.home, 'Trash')
    await mkdir(trash, { recursive: true })
    await rename(file, path.join(trash, `${Date.now()}-${path.basename(file)}`))
  },
}

/** A machine whose OS encryption is not ready (the chain then keeps keys for the session). */
export const safeStorage = {
  isEncryptionAvailable: (): boolean => false,
  getSelectedStorageBackend: (): string => 'unknown',
  encryptString: (): Buffer => refuse('safeStorage.encryptString: encryption is not available'),
  decryptString: (): string => refuse('safeStorage.decryptString: encryption is not available'),
  setUsePlainTextEncryption: (): void => undefined,
}
