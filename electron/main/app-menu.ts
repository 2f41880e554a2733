/**
 * The native application menu, as a template decided without Electron: the app's own commands
 * with their shortcuts (sent to the page as `app.command` events, which it acts on), the
 * standard Edit roles (on macOS copy and paste in a text field only work through them), and
 * the macOS app and Window menus.
 */
import type { MenuItemConstructorOptions } from 'electron'
import type { AppCommandName } from '../../shared/contract'
import { menuAccelerators, shortcut } from '../../shared/shortcuts'
import type { DesktopWords } from './desktop-words'

/** The menu commands' keys, from the app's one list of shortcuts (shared/shortcuts.ts). */
export const accelerators = menuAccelerators()

const separator: MenuItemConstructorOptions = { type: 'separator' }

export function menuTemplate(platform: NodeJS.Platform, w: DesktopWords['menu'], send: (command: AppCommandName) => void): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin'
  const command = (name: AppCommandName, label: string): MenuItemConstructorOptions => ({ id: name, label, accelerator: accelerators[name], click: () => send(name) })
  // `?` is shown beside the item but left to the page: registered, it would be taken from every text field.
  const help: MenuItemConstructorOptions = {
    label: w.help,
    role: 'help',
    submenu: [{ ...command('shortcuts', w.shortcuts), accelerator: shortcut('shortcuts').keys[0], registerAccelerator: false }],
  }

  const file: MenuItemConstructorOptions = {
    label: w.file,
    submenu: mac ? [command('new-video', w.newVideo)] : [command('new-video', w.newVideo), separator, command('settings', w.settings), separator, { role: 'quit', label: w.quit }],
  }
  const edit: MenuItemConstructorOptions = {
    label: w.edit,
    submenu: [
      { role: 'undo', label: w.undo },
      { role: 'redo', label: w.redo },
      separator,
      { role: 'cut', label: w.cut },
      { role: 'copy', label: w.copy },
      { role: 'paste', label: w.paste },
      ...(mac ? [{ role: 'pasteAndMatchStyle', label: w.pasteAndMatchStyle } as const] : []),
      { role: 'delete', label: w.delete },
      { role: 'selectAll', label: w.selectAll },
      separator,
      command('find', w.find),
    ],
  }
  const view: MenuItemConstructorOptions = {
    label: w.view,
    submenu: [
      command('create', w.create),
      command('library', w.library),
      command('sequence', w.sequences),
      command('queue', w.queue),
      separator,
      { role: 'resetZoom', label: w.resetZoom },
      { role: 'zoomIn', label: w.zoomIn },
      { role: 'zoomOut', label: w.zoomOut },
      separator,
      { role: 'togglefullscreen', label: w.fullScreen },
    ],
  }
  if (!mac) return [file, edit, view, help]

  const app: MenuItemConstructorOptions = {
    label: 'Reelbox',
    submenu: [
      { role: 'about', label: w.about },
      separator,
      command('settings', w.settings),
      separator,
      { role: 'services', label: w.services },
      separator,
      { role: 'hide', label: w.hide },
      { role: 'hideOthers', label: w.hideOthers },
      { role: 'unhide', label: w.showAll },
      separator,
      { role: 'quit', label: w.quit },
    ],
  }
  const window: MenuItemConstructorOptions = {
    label: w.window,
    role: 'windowMenu',
    submenu: [{ role: 'minimize', label: w.minimize }, { role: 'zoom', label: w.zoom }, separator, { role: 'front', label: w.front }],
  }
  return [app, file, edit, view, window, help]
}
