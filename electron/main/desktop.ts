/**
 * How Reelbox behaves as a desktop app, around the one window: the application menu, a second
 * launch, macOS's Dock, closing the last window with videos still being made (desktop-rules.ts
 * decides), working from the tray, notifications and the Dock / taskbar progress, and quitting
 * so that nothing is lost (the engine is disposed, the window's place written).
 */
import { app, dialog, Menu, nativeTheme, Notification, screen, type BrowserWindow, type Event } from 'electron'
import type { AppCommandName } from '../../shared/contract'
import type { Core } from '../core'
import { menuTemplate } from './app-menu'
import { activeJobCount, closeAnswer, closeAnswers, lastWindowClosed } from './desktop-rules'
import { desktopWords } from './desktop-words'
import { forwardEvents, sendEvent } from './ipc'
import { keepMainWindow, type WindowKeeper } from './main-window'
import { electronNotifierUi, startNotifications } from './notifications'
import { noticeLocale, taskbarProgress } from './notify-rules'
import { backgroundTray } from './tray'

export interface DesktopDeps {
  readonly core: Core
  /** Absolute path of the built preload. */
  readonly preload: string
  /** The page's address. */
  readonly url: string
}

/** Call once the app is ready and the engine runs; then `windows.show()` opens the window. */
export function startDesktop({ core, preload, url }: DesktopDeps): { windows: WindowKeeper } {
  // Read once the app is ready, as every decision below.
  const platform = process.platform
  const log = core.log.scope('shell')
  const words = () => desktopWords[noticeLocale(core.settings.current().language, app.getLocale())]
  const activeJobs = (): number => activeJobCount(core.jobs.list())
  let quitting = false
  let asking = false
  const told = { background: false, later: false }

  function tell(notice: { title: string; body: string }): void {
    if (Notification.isSupported()) new Notification({ ...notice, silent: true }).show()
  }

  const tray = backgroundTray({ words: () => words().tray, activeJobs, open: () => void bringBack(), quit: () => app.quit() })

  const windows = keepMainWindow({
    preload,
    url,
    dataDir: app.getPath('userData'),
    dark: () => nativeTheme.shouldUseDarkColors,
    displays: () => {
      const primary = screen.getPrimaryDisplay()
      return [primary, ...screen.getAllDisplays().filter((display) => display.id !== primary.id)]
    },
    onOpened(window) {
      forwardEvents(core, window.webContents)
      window.setProgressBar(taskbarProgress(core.jobs.list()))
    },
    onClose,
    onError: (reason) => log.warn('shell.windowPlaceNotKept', { reason }),
  })

  async function bringBack(): Promise<BrowserWindow> {
    const window = await windows.show()
    tray.hide()
    return window
  }

  function toBackground(window: BrowserWindow): void {
    window.hide()
    tray.show()
    if (!told.background) tell(words().background)
    told.background = true
  }

  function onClose(event: Event, window: BrowserWindow): void {
    if (quitting) return
    const outcome = lastWindowClosed(platform, activeJobs(), core.settings.current().closeWithActiveJobs)
    if (outcome === 'background') {
      event.preventDefault()
      toBackground(window)
    } else if (outcome === 'ask') {
      event.preventDefault()
      void ask(window)
    }
    // keep-running (macOS) and quit: the window closes; window-all-closed decides the rest.
  }

  async function ask(window: BrowserWindow): Promise<void> {
    if (asking) return
    asking = true
    try {
      const w = words().close
      const count = activeJobs()
      const answer = await dialog.showMessageBox(window, {
        type: 'question',
        title: w.title,
        message: w.message(count),
        detail: w.detail(count),
        buttons: closeAnswers.map((choice) => w[choice]),
        defaultId: 0,
        cancelId: 0,
        checkboxLabel: w.remember,
        noLink: true,
      })
      const { outcome, remember } = closeAnswer(answer.response, answer.checkboxChecked)
      if (remember) await core.call('settings.update', { closeWithActiveJobs: remember })
      if (outcome === 'background') return toBackground(window)
      told.later = true // the question just said they resume next time
      app.quit()
    } catch (error) {
      log.warn('shell.closeQuestionFailed', { reason: (error as Error).message })
    } finally {
      asking = false
    }
  }

  async function command(name: AppCommandName): Promise<void> {
    const window = windows.current() ?? (await bringBack())
    sendEvent(window.webContents, 'app.command', { command: name })
  }

  const installMenu = (): void => Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(platform, words().menu, (name) => void command(name))))
  installMenu()
  core.settings.onChange((next, previous) => {
    if (next.language !== previous.language) installMenu()
  })

  startNotifications({
    events: core.events,
    jobs: () => core.jobs.list(),
    settings: () => core.settings.current(),
    systemLocale: () => app.getLocale(),
    library: core.library,
    ui: electronNotifierUi({ Notification, window: () => windows.current() }),
    focus: () => void bringBack(),
    onError: (action, id, reason) => core.log.scope('notifications').warn(`shell.actionFailed.${action}`, { id, reason }),
  })
  core.events.on('job.updated', () => tray.update())

  // A second launch (it quit at once, see index.ts) and a click on the Dock icon: the window.
  app.on('second-instance', () => void bringBack())
  app.on('activate', () => void bringBack())
  // macOS keeps the app and its jobs in the Dock; elsewhere the window was let go (see onClose).
  app.on('window-all-closed', () => {
    if (platform !== 'darwin') app.quit()
  })
  app.on('before-quit', () => {
    quitting = true
    const count = activeJobs()
    if (count === 0 || told.later) return
    told.later = true
    tell({ title: words().later.title, body: words().later.body(count) })
  })
  // Nothing is lost: the journal and the window's place are written before the process ends.
  let finished = false
  app.on('will-quit', (event) => {
    if (finished) return
    event.preventDefault()
    void Promise.allSettled([windows.flush(), core.dispose()]).then(() => {
      finished = true
      tray.hide()
      app.quit()
    })
  })

  return { windows }
}
