/**
 * The test's hands: messages from the test process act on the app as a person, the OS or a page
 * would (a call from a page's frame, a request to a scheme, the close button, ⌘Q, a click on the
 * Dock, a menu, the tray or a notification, an answer to a dialog), and each gets a reply.
 */
import { app, preventable } from './app'
import { invokeHandlers, Menu, notifications, pendingDialogs, trays } from './native'
import { fetchThroughProtocol, permissionHandlers } from './protocol'
import { record, send } from './state'
import { BrowserWindow } from './windows'

export type Action =
  | { do: 'invoke'; channel: string; args: unknown[]; frame: { url: string; top: boolean } | null }
  | { do: 'fetch'; url: string; method?: string; headers?: Record<string, string> }
  | { do: 'close-window' }
  | { do: 'quit' }
  | { do: 'activate' }
  | { do: 'menu'; id: string }
  | { do: 'tray'; id?: string }
  | { do: 'answer-dialog'; id: number; answer: unknown }
  | { do: 'click-notification'; id: number }
  | { do: 'navigate'; url: string }
  | { do: 'open-window'; url: string }
  | { do: 'permission'; how: 'request' | 'check'; permission: string; url: string; isMainFrame: boolean }

function mainWindow(): BrowserWindow {
  const window = BrowserWindow.getAllWindows()[0]
  if (!window) throw new Error('No window is open.')
  return window
}

async function act(action: Action): Promise<unknown> {
  switch (action.do) {
    case 'invoke': {
      const handler = invokeHandlers.get(action.channel)
      if (!handler) throw new Error(`No handler registered for '${action.channel}'`)
      const window = mainWindow()
      const top = { url: action.frame?.url ?? '', parent: null }
      const senderFrame = action.frame === null ? null : action.frame.top ? top : { url: action.frame.url, parent: { url: window.webContents.getURL(), parent: null } }
      record('ipcMain.invoked', { channel: action.channel, method: (action.args[0] as { method?: string } | undefined)?.method ?? null, frame: action.frame })
      return handler({ sender: window.webContents, senderFrame, processId: process.pid, frameId: 1 }, ...action.args)
    }
    case 'fetch': {
      const response = await fetchThroughProtocol(action.url, { method: action.method ?? 'GET', headers: action.headers })
      return { status: response.status, headers: Object.fromEntries(response.headers), body: new Uint8Array(await response.arrayBuffer()) }
    }
    case 'close-window':
      return mainWindow().userClose()
    case 'quit':
      return app.quit()
    case 'activate':
      return app.fire('activate', preventable(), BrowserWindow.getAllWindows().some((window) => window.isVisible()))
    case 'menu': {
      const item = Menu.getApplicationMenu()?.find(action.id)
      if (!item?.click) throw new Error(`The application menu has no item "${action.id}".`)
      return item.click(item, BrowserWindow.getAllWindows()[0], {})
    }
    case 'tray': {
      const tray = [...trays].at(-1)
      if (!tray) throw new Error('There is no tray icon.')
      if (action.id === undefined) return tray.emit('click', preventable(), {})
      const item = tray.menu?.find(action.id)
      if (!item?.click) throw new Error(`The tray's menu has no item "${action.id}".`)
      return item.click(item, undefined, {})
    }
    case 'answer-dialog': {
      const resolve = pendingDialogs.get(action.id)
      if (!resolve) throw new Error(`No dialog ${action.id} is waiting for an answer.`)
      pendingDialogs.delete(action.id)
      return resolve(action.answer)
    }
    case 'click-notification':
      return notifications.get(action.id)?.emit('click', preventable())
    case 'navigate':
      return mainWindow().webContents.navigate(action.url)
    case 'open-window':
      return mainWindow().webContents.requestWindow(action.url)
    case 'permission': {
      const details = { requestingUrl: action.url, isMainFrame: action.isMainFrame }
      if (action.how === 'check') return permissionHandlers.check?.(mainWindow().webContents, action.permission, new URL(action.url).origin, details) ?? null
      return new Promise((resolve) => permissionHandlers.request?.(mainWindow().webContents, action.permission, resolve, details) ?? resolve(null))
    }
  }
}

export function listen(): void {
  process.on('message', (message: { id: number; action: Action }) => {
    act(message.action).then(
      (value) => send({ type: 'reply', id: message.id, ok: true, value }),
      (error: unknown) => send({ type: 'reply', id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
    )
  })
}
