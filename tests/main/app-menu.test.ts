import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { accelerators, menuTemplate } from '../../electron/main/app-menu'
import { desktopWords } from '../../electron/main/desktop-words'
import type { AppCommandName } from '../../shared/contract'

function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])])
}

function menu(platform: NodeJS.Platform, language: 'en' | 'zh-CN' = 'en') {
  const sent: AppCommandName[] = []
  const template = menuTemplate(platform, desktopWords[language].menu, (command) => sent.push(command))
  return { template, all: items(template), sent, tops: template.map((item) => item.label) }
}

describe('the application menu', () => {
  it('has the app’s commands with their shortcuts on every platform, and a click sends the command to the page', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const { all, sent } = menu(platform)
      for (const [command, accelerator] of Object.entries(accelerators)) {
        const item = all.find((entry) => entry.id === command)
        expect(item?.accelerator, `${platform} ${command}`).toBe(accelerator)
        ;(item?.click as () => void)()
      }
      expect(sent).toEqual(Object.keys(accelerators))
      // Help → Keyboard Shortcuts shows `?` but leaves the key to the page (it is typed in text fields).
      const help = all.find((entry) => entry.id === 'shortcuts')
      expect([help?.accelerator, help?.registerAccelerator]).toEqual(['?', false])
    }
    // From the one list of shortcuts (shared/shortcuts.ts), which the page's overlay shows too.
    expect(accelerators).toEqual({ 'new-video': 'CmdOrCtrl+N', create: 'CmdOrCtrl+1', library: 'CmdOrCtrl+2', sequence: 'CmdOrCtrl+4', queue: 'CmdOrCtrl+3', settings: 'CmdOrCtrl+,', find: 'CmdOrCtrl+F' })
  })

  it('on macOS: the app menu first (About, Settings, Hide, Quit), an Edit menu whose roles make copy and paste work, and a Window menu', () => {
    const { template, all, tops } = menu('darwin')
    expect(tops).toEqual(['Reelbox', 'File', 'Edit', 'View', 'Window', 'Help'])
    const roles = (index: number): unknown[] => (template[index]!.submenu as MenuItemConstructorOptions[]).map((item) => item.role ?? item.id).filter(Boolean)
    expect(roles(0)).toEqual(['about', 'settings', 'services', 'hide', 'hideOthers', 'unhide', 'quit'])
    expect(roles(2)).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'pasteAndMatchStyle', 'delete', 'selectAll', 'find'])
    expect(template[4]?.role).toBe('windowMenu')
    expect(all.filter((item) => item.role === 'quit')).toHaveLength(1)
  })

  it('on Windows and Linux: Settings and Quit in the File menu, no Mac-only menus', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const { template, tops } = menu(platform)
      expect(tops).toEqual(['File', 'Edit', 'View', 'Help'])
      expect((template[0]!.submenu as MenuItemConstructorOptions[]).map((item) => item.role ?? item.id ?? item.type)).toEqual(['new-video', 'separator', 'settings', 'separator', 'quit'])
    }
  })

  it('speaks the designer’s language', () => {
    const { all } = menu('darwin', 'zh-CN')
    expect(all.find((item) => item.id === 'new-video')?.label).toBe('新建视频')
    expect(all.find((item) => item.role === 'copy')?.label).toBe('拷贝')
  })
})
