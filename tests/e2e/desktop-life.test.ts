/**
 * The built desktop app's life as a designer lives it, under the Electron stand-in with its
 * built-in Sandbox: closing the window while a video is being made (asked, remembered, the
 * tray), quitting, and the next launch finishing the video into the library; then a Mac, where
 * closing the window keeps the app in the Dock. Each step is what the app asked of Electron.
 * (The Sandbox connection's key lives with the Sandbox, so it survives the restart even though
 * this machine has no keychain; a key typed in goes through the secret chain in desktop.test.ts.)
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Settings } from '../../shared/settings'
import type { LibraryPage } from '../../shared/contract/library'
import { callEngine, desktopFolders, launchDesktop, type Desktop, type DesktopFolders, type Entry } from './support/desktop'

let folders: DesktopFolders
/** Where the window was when the app quit. */
let saved: Record<string, number> = {}
const running: Desktop[] = []

async function launch(options: Parameters<typeof launchDesktop>[0]): Promise<Desktop> {
  const desktop = await launchDesktop({ ...options, env: { REELBOX_SANDBOX_TIMING: '300,900' } })
  running.push(desktop)
  await desktop.next((entry) => entry.api === 'BrowserWindow.show')
  return desktop
}

const titled = (title: string) => (entry: Entry) => entry.api === 'Notification.show' && (entry.data as { title: string }).title === title
const progress = (value: (n: number) => boolean) => (entry: Entry) => entry.api === 'BrowserWindow.setProgressBar' && value((entry.data as { value: number }).value)

/** The built-in Sandbox's control API (its address and key are in its state file): the service turns busy. */
async function busySandbox(): Promise<void> {
  const state = JSON.parse(await readFile(path.join(folders.userData, 'sandbox', 'state.json'), 'utf8')) as { port: number; apiKey: string }
  const answer = await fetch(`http://127.0.0.1:${state.port}/__sandbox/faults`, {
    method: 'POST',
    headers: { authorization: `Bearer ${state.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'http503', route: 'query', count: 10_000 }),
  })
  expect(answer.status).toBe(200)
}

beforeAll(async () => {
  folders = await desktopFolders()
})

afterAll(() => {
  for (const desktop of running) desktop.kill()
})

describe('Windows and Linux: closing the window while a video is being made', () => {
  let desktop: Desktop

  it('asks whether to keep working or quit, and the answer can be remembered', async () => {
    desktop = await launch({ folders })
    await callEngine(desktop, 'sandbox.enable')
    // The service answers 503 (Retry-After) for as long as this run lasts: the video stays in the making.
    await busySandbox()
    await callEngine(desktop, 'jobs.submit', { draft: { modelId: 'lumen-1', mode: 't2v', prompt: 'A paper boat on a rainy street', duration: 5 } })
    await desktop.next(progress((value) => value >= 0))

    const from = desktop.records.length
    expect(await desktop.act({ do: 'close-window' })).toBe(false)
    const question = await desktop.next((entry) => entry.api === 'dialog.showMessageBox', from)
    const { id, parent, options } = question.data as { id: number; parent: number; options: Record<string, unknown> }
    expect(parent).toBe(1)
    expect(options).toMatchObject({ message: 'A video is still being made.', buttons: ['Keep Working in Background', 'Quit'], defaultId: 0, cancelId: 0, checkboxLabel: expect.stringContaining('Remember') })
    expect(String(options['detail'])).toContain('it will pick up where it left off')
    await desktop.act({ do: 'answer-dialog', id, answer: { response: 0, checkboxChecked: true } })

    await desktop.next((entry) => entry.api === 'Tray.new', from)
    expect(desktop.calls('BrowserWindow.hide')).toHaveLength(1)
    expect(desktop.calls('Tray.new').at(-1)?.data).toMatchObject({ size: { width: 32, height: 32 } })
    // Records stream in from the app's process: wait for the tooltip rather than expect it already there.
    expect((await desktop.next((entry) => entry.api === 'Tray.setToolTip', from)).data).toEqual({ text: 'Reelbox — making 1 video' })
    await desktop.next(titled('Reelbox is still working'), from)
    await expect.poll(async () => (await callEngine<Settings>(desktop, 'settings.get')).closeWithActiveJobs).toBe('background')
  })

  it('comes back from the tray, and next time keeps working without asking', async () => {
    let from = desktop.records.length
    await desktop.act({ do: 'tray' })
    await desktop.next((entry) => entry.api === 'Tray.destroy', from)
    expect(desktop.records.slice(from).map((entry) => entry.api)).toContain('BrowserWindow.show')

    from = desktop.records.length
    expect(await desktop.act({ do: 'close-window' })).toBe(false)
    await desktop.next((entry) => entry.api === 'Tray.new', from)
    expect(desktop.calls('dialog.showMessageBox')).toHaveLength(1)
    expect(desktop.calls('Notification.show').filter(titled('Reelbox is still working'))).toHaveLength(1)
  })

  it('quits from the tray saying the video will resume next time, with the window’s place on disk', async () => {
    const from = desktop.records.length
    await desktop.act({ do: 'tray', id: 'quit' })
    const told = await desktop.next(titled('Reelbox will finish later'), from)
    expect((told.data as { body: string }).body).toContain('next time you open Reelbox')
    expect(await desktop.exited).toBe(0)
    const state = JSON.parse(await readFile(path.join(folders.userData, 'window-state.json'), 'utf8')) as { bounds: Record<string, number> }
    expect(state.bounds).toMatchObject({ width: 1360, height: 860 })
    saved = state.bounds
  })

  it('the next launch opens the window where it was, finishes the video into the library, says so, and clears the progress bar', async () => {
    desktop = await launch({ folders })
    // The window opens where it was left.
    expect((desktop.calls('BrowserWindow.new')[0]?.data as { options: Record<string, number> }).options).toMatchObject(saved)
    const ready = await desktop.next(titled('Video ready'))
    expect((ready.data as { body: string }).body).toBe('A paper boat on a rainy street')
    const bar = desktop.calls('BrowserWindow.setProgressBar').map((entry) => (entry.data as { value: number }).value)
    expect(bar.some((value) => value > 0 && value <= 1)).toBe(true)
    expect(bar.at(-1)).toBe(-1)
    const page = await callEngine<LibraryPage>(desktop, 'library.list', {})
    expect(page.items.map((item) => item.prompt)).toEqual(['A paper boat on a rainy street'])
  })

  it('with nothing being made, closing the window quits without asking', async () => {
    expect(await desktop.act({ do: 'close-window' })).toBe(true)
    expect(await desktop.exited).toBe(0)
    expect(desktop.calls('dialog.showMessageBox')).toEqual([])
    const events = desktop.calls('app.emit').map((entry) => (entry.data as { event: string }).event)
    expect(events.slice(events.indexOf('window-all-closed'))).toEqual(['window-all-closed', 'before-quit', 'will-quit', 'before-quit', 'will-quit', 'quit'])
    expect(desktop.calls('violation')).toEqual([])
  })
})

describe('macOS', () => {
  it('keeps the app and its work in the Dock when the window closes; the Dock icon opens it again', async () => {
    const mac = await launch({ folders: await desktopFolders(), platform: 'darwin' })
    const menu = mac.calls('Menu.setApplicationMenu').at(-1)?.data as { template: Array<{ label: string; role?: string }> }
    expect(menu.template.map((item) => item.label)).toEqual(['Reelbox', 'File', 'Edit', 'View', 'Window', 'Help'])

    expect(await mac.act({ do: 'close-window' })).toBe(true)
    await mac.next((entry) => entry.api === 'app.emit' && (entry.data as { event: string }).event === 'window-all-closed')
    expect(mac.calls('app.quit')).toEqual([])
    expect(mac.calls('dialog.showMessageBox')).toEqual([])

    const from = mac.records.length
    await mac.act({ do: 'activate' })
    await mac.next((entry) => entry.api === 'BrowserWindow.show', from)
    expect(mac.calls('BrowserWindow.new')).toHaveLength(2)
    await mac.act({ do: 'menu', id: 'library' })
    await mac.next((entry) => entry.api === 'webContents.send' && JSON.stringify(entry.data).includes('"command":"library"'), from)

    await mac.act({ do: 'quit' })
    expect(await mac.exited).toBe(0)
    expect(mac.calls('violation')).toEqual([])
  })
})
