/**
 * `BrowserWindow` and its `webContents`, as far as the main process can tell: created only after
 * `ready` with an absolute preload that exists; a page "loads" by asking the handler of its
 * scheme (nothing renders); closing emits `close` (which may be prevented), then `closed`; a
 * destroyed window or webContents throws, as Electron's do. Every call is recorded.
 */
import { existsSync } from 'node:fs'
import { EventEmitter } from 'node:events'
import path from 'node:path'
import { app, preventable, type Preventable } from './app'
import { fetchThroughProtocol } from './protocol'
import { openWindows, type OpenWindow } from './registry'
import { afterReady, config, lifecycle, record, refuse } from './state'

interface Rect {
  x: number
  y: number
  width: number
  height: number
}

type OpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' }

let nextId = 1

export class WebContents extends EventEmitter {
  readonly id = nextId++
  private destroyed = false
  private openHandler: OpenHandler | undefined
  private url = ''

  constructor(readonly windowId: number) {
    super()
  }

  private alive(what: string): void {
    if (this.destroyed) refuse(`webContents.${what}: Object has been destroyed`)
  }

  send(channel: string, ...args: unknown[]): void {
    this.alive('send')
    record('webContents.send', { windowId: this.windowId, channel, args })
  }

  setWindowOpenHandler(handler: OpenHandler): void {
    this.openHandler = handler
    record('webContents.setWindowOpenHandler', { windowId: this.windowId })
  }

  startDrag(item: { file: string }): void {
    this.alive('startDrag')
    record('webContents.startDrag', { file: item.file })
  }

  isDestroyed(): boolean {
    return this.destroyed
  }

  getURL(): string {
    return this.url
  }

  loaded(url: string): void {
    this.url = url
    this.emit('did-finish-load')
  }

  destroy(): void {
    this.destroyed = true
    this.emit('destroyed')
  }

  /** A link with target=_blank or `window.open` in the page. */
  requestWindow(url: string): { action: string } {
    return this.openHandler ? this.openHandler({ url }) : { action: 'allow' }
  }

  /** The page tries to go elsewhere; answers whether the app stopped it. */
  navigate(url: string): boolean {
    const event: Preventable = preventable()
    this.emit('will-navigate', event, url)
    return event.defaultPrevented
  }
}

export class BrowserWindow extends EventEmitter implements OpenWindow {
  static getAllWindows(): BrowserWindow[] {
    return [...openWindows].filter((window): window is BrowserWindow => window instanceof BrowserWindow)
  }

  readonly id: number
  readonly webContents: WebContents
  private visible: boolean
  private minimized = false
  private maximized = false
  private destroyed = false
  private bounds: Rect

  constructor(options: { show?: boolean; x?: number; y?: number; width?: number; height?: number; webPreferences?: { preload?: string } } = {}) {
    super()
    afterReady('BrowserWindow')
    const preload = options.webPreferences?.preload
    if (preload !== undefined && !(path.isAbsolute(preload) && existsSync(preload))) refuse(`BrowserWindow: the preload ${preload} must be an absolute path to a file that exists`)
    this.id = nextId++
    this.webContents = new WebContents(this.id)
    const area = config.displays[0]!.workArea
    const width = options.width ?? 800
    const height = options.height ?? 600
    this.bounds = { x: options.x ?? area.x + Math.round((area.width - width) / 2), y: options.y ?? area.y + Math.round((area.height - height) / 2), width, height }
    this.visible = options.show !== false
    record('BrowserWindow.new', { id: this.id, options })
    openWindows.add(this)
    app.fire('browser-window-created', preventable(), this)
    app.fire('web-contents-created', preventable(), this.webContents)
  }

  private alive(what: string): void {
    if (this.destroyed) refuse(`BrowserWindow.${what}: Object has been destroyed`)
  }

  private act(what: string, data?: unknown): void {
    this.alive(what)
    record(`BrowserWindow.${what}`, { id: this.id, ...(data === undefined ? {} : { value: data }) })
  }

  async loadURL(url: string): Promise<void> {
    this.act('loadURL', url)
    const response = await fetchThroughProtocol(url)
    const body = await response.text()
    record('webContents.did-finish-load', { id: this.id, url, status: response.status, contentType: response.headers.get('content-type'), body })
    if (this.destroyed) return
    this.webContents.loaded(url)
    this.emit('ready-to-show')
  }

  show(): void {
    this.act('show')
    this.visible = true
    this.minimized = false
  }

  hide(): void {
    this.act('hide')
    this.visible = false
  }

  focus(): void {
    this.act('focus')
  }

  restore(): void {
    this.act('restore')
    this.minimized = false
  }

  minimize(): void {
    this.act('minimize')
    this.minimized = true
  }

  maximize(): void {
    this.act('maximize')
    this.maximized = true
  }

  isMinimized(): boolean {
    this.alive('isMinimized')
    return this.minimized
  }

  isMaximized(): boolean {
    this.alive('isMaximized')
    return this.maximized
  }

  isVisible(): boolean {
    this.alive('isVisible')
    return this.visible
  }

  isDestroyed(): boolean {
    return this.destroyed
  }

  getBounds(): Rect {
    this.alive('getBounds')
    return { ...this.bounds }
  }

  getNormalBounds(): Rect {
    return this.getBounds()
  }

  setBounds(bounds: Partial<Rect>): void {
    this.act('setBounds', bounds)
    this.bounds = { ...this.bounds, ...bounds }
  }

  setProgressBar(value: number): void {
    this.act('setProgressBar', value)
  }

  close(): void {
    this.act('close')
    this.userClose()
  }

  destroy(): void {
    this.act('destroy')
    this.finish()
  }

  /** The close button: `close` (which the app may prevent), then `closed`. */
  userClose(): boolean {
    this.alive('close')
    const event = preventable()
    this.emit('close', event)
    if (event.defaultPrevented) {
      record('BrowserWindow.closePrevented', { id: this.id })
      return false
    }
    this.finish()
    return true
  }

  closeForQuit(): boolean {
    return this.userClose()
  }

  private finish(): void {
    this.destroyed = true
    this.visible = false
    openWindows.delete(this)
    this.webContents.destroy()
    record('BrowserWindow.closed', { id: this.id })
    this.emit('closed')
    if (openWindows.size === 0 && !lifecycle.quitting) app.lastWindowClosed()
  }
}
