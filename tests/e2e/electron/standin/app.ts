/**
 * Electron's `app`, as its documentation describes it: `ready` once the entry module has run;
 * `quit()` asks (`before-quit`), closes every window (each may refuse), then `will-quit` (which
 * may hold the quit), `quit`, and the process ends; with no `window-all-closed` listener, closing
 * the last window quits. `app.dock` exists only on macOS. Paths come from the modelled machine.
 */
import { EventEmitter } from 'node:events'
import { claimSingleInstance, handedOver } from './single-instance'
import { appVersion, config, lifecycle, record } from './state'
import { openWindows } from './registry'

export interface Preventable {
  preventDefault(): void
  readonly defaultPrevented: boolean
}

export function preventable(): Preventable {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true
    },
  }
  return event
}

const paths: Record<string, string> = {
  userData: config.paths.userData,
  videos: config.paths.videos,
  home: config.paths.home,
  temp: config.paths.temp,
  appData: config.paths.userData,
  sessionData: config.paths.userData,
  logs: config.paths.userData,
}

class App extends EventEmitter {
  private readyWaiters: Array<() => void> = []
  dock: { setBadge(text: string): void; bounce(): number; show(): Promise<void>; hide(): void } | undefined

  override on(event: string | symbol, listener: (...args: never[]) => void): this {
    record('app.on', { event: String(event) })
    return super.on(event, listener as (...args: unknown[]) => void)
  }

  fire(event: string, ...args: unknown[]): boolean {
    record('app.emit', { event })
    return super.emit(event, ...args)
  }

  isReady(): boolean {
    return lifecycle.ready
  }

  whenReady(): Promise<void> {
    return lifecycle.ready ? Promise.resolve() : new Promise((resolve) => this.readyWaiters.push(resolve))
  }

  getPath(name: string): string {
    const found = paths[name]
    if (!found) throw new Error(`Failed to get '${name}' path`)
    return found
  }

  getVersion(): string {
    return appVersion
  }

  getName(): string {
    return 'Reelbox'
  }

  getLocale(): string {
    return config.locale
  }

  requestSingleInstanceLock(additionalData?: Record<string, unknown>): boolean {
    const granted = claimSingleInstance(config.paths.userData, additionalData, (argv, cwd, data) => this.fire('second-instance', preventable(), argv, cwd, data))
    record('app.requestSingleInstanceLock', { granted })
    return granted
  }

  quit(): void {
    record('app.quit')
    const before = preventable()
    this.fire('before-quit', before)
    if (before.defaultPrevented) return
    lifecycle.quitting = true
    setImmediate(() => void this.finishQuit())
  }

  private async finishQuit(): Promise<void> {
    for (const window of [...openWindows]) {
      if (!window.closeForQuit()) {
        lifecycle.quitting = false
        record('app.quitCancelled', { by: 'a window refused to close' })
        return
      }
    }
    const will = preventable()
    this.fire('will-quit', will)
    if (will.defaultPrevented) return
    this.fire('quit', preventable(), 0)
    await this.end(0)
  }

  exit(code = 0): void {
    record('app.exit', { code })
    void this.end(code)
  }

  private async end(code: number): Promise<void> {
    // A second instance's hand-over to the first finishes before the process goes.
    await handedOver()
    // Every record reaches the test before the process ends.
    record('process.exit', { code }, () => process.exit(code))
  }

  /** Called by the launcher once the entry module has been evaluated (Electron's ESM rule). */
  becomeReady(): void {
    if (config.platform !== process.platform) Object.defineProperty(process, 'platform', { value: config.platform })
    if (config.platform === 'darwin') this.dock = { setBadge: (text) => void record('app.dock.setBadge', { text }), bounce: () => 0, show: async () => undefined, hide: () => undefined }
    lifecycle.ready = true
    this.fire('will-finish-launching')
    this.fire('ready', preventable(), {})
    for (const resolve of this.readyWaiters.splice(0)) resolve()
  }

  /** With no `window-all-closed` listener, Electron quits when the last window closes. */
  lastWindowClosed(): void {
    if (lifecycle.quitting) return
    if (this.listenerCount('window-all-closed') > 0) this.fire('window-all-closed')
    else this.quit()
  }
}

export const app = new App()
