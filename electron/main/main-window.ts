/**
 * The one window: opened where it was last left, shown once its page has painted, its bounds
 * written when it closes, and opened again when there is none (macOS Dock, a second launch).
 */
import { BrowserWindow, type Event } from 'electron'
import { windowOptions } from './window'
import { placeWindow, readWindowState, writeWindowState, type DisplayArea } from './window-state'

export interface WindowKeeperDeps {
  /** Absolute path of the built preload. */
  readonly preload: string
  /** The page's address (the app scheme, or the dev server). */
  readonly url: string
  /** Where window-state.json lives. */
  readonly dataDir: string
  readonly dark: () => boolean
  /** The displays connected now, the primary first. */
  readonly displays: () => DisplayArea[]
  /** A new window, before its page loads (events, progress). */
  readonly onOpened: (window: BrowserWindow) => void
  /** The window is about to close; `event.preventDefault()` keeps it. */
  readonly onClose: (event: Event, window: BrowserWindow) => void
  /** The window's place could not be saved (the reason the system gave). */
  readonly onError: (reason: string) => void
}

export interface WindowKeeper {
  current(): BrowserWindow | undefined
  /** Brings the window to the front, opening one when there is none. */
  show(): Promise<BrowserWindow>
  /** Resolves once the last bounds are on disk. */
  flush(): Promise<void>
}

export function keepMainWindow(deps: WindowKeeperDeps): WindowKeeper {
  let window: BrowserWindow | undefined
  let opening: Promise<BrowserWindow> | undefined
  let saving: Promise<void> = Promise.resolve()

  function save(closing: BrowserWindow): void {
    const state = { bounds: closing.getNormalBounds(), maximized: closing.isMaximized() }
    saving = saving.then(() => writeWindowState(deps.dataDir, state)).catch((error: unknown) => deps.onError((error as Error).message))
  }

  async function open(): Promise<BrowserWindow> {
    const placement = placeWindow(await readWindowState(deps.dataDir), deps.displays())
    // Electronegativity cannot read windowOptions through the call: context isolation and the
    // sandbox are on there (tests/main/window.test.ts; the boot test on the built app), and a
    // middle-click opens no window (guards.ts denies every one).
    const opened = new BrowserWindow(windowOptions(deps.preload, deps.dark(), placement.bounds)) /* eng-disable CONTEXT_ISOLATION_JS_CHECK SANDBOX_JS_CHECK AUXCLICK_JS_CHECK */
    window = opened
    opened.on('close', (event) => {
      save(opened)
      deps.onClose(event, opened)
    })
    opened.on('closed', () => {
      if (window === opened) window = undefined
    })
    opened.once('ready-to-show', () => {
      if (placement.maximized) opened.maximize()
      opened.show()
    })
    deps.onOpened(opened)
    await opened.loadURL(deps.url)
    return opened
  }

  return {
    current: () => (window && !window.isDestroyed() ? window : undefined),
    async show() {
      // A window still loading shows itself once painted.
      if (opening) return opening
      const existing = window && !window.isDestroyed() ? window : undefined
      if (!existing) {
        opening = open().finally(() => (opening = undefined))
        return opening
      }
      if (existing.isMinimized()) existing.restore()
      existing.show()
      existing.focus()
      return existing
    },
    flush: () => saving,
  }
}
