/**
 * The built desktop app (out/main/index.js) booted under the Electron stand-in, with real
 * folders, a real library and the real engine: what it asks of Electron, in which order, and
 * how its window, schemes and IPC answer. A second launch hands over to the first.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cspMeta } from '../../electron/node/csp'
import type { AppInfo } from '../../shared/contract'
import { AppError } from '../../shared/errors'
import { seedLibrary } from './support/library-seed'
import { callEngine, desktopFolders, launchDesktop, type Desktop, type Entry } from './support/desktop'

let desktop: Desktop
const first = (entries: Entry[]): Entry => entries[0] ?? expect.fail('no such record')
const data = <T>(entry: Entry): T => entry.data as T

beforeAll(async () => {
  const folders = await desktopFolders()
  await seedLibrary({ dataDir: folders.userData, libraryDir: path.join(folders.videos, 'Reelbox'), items: [{ id: 'harbour-1', prompt: 'A harbour at dawn', modelId: 'lumen-1', family: 'Lumen', version: '1', mode: 't2v', finishedAt: Date.UTC(2025, 4, 2), hue: 200 }] })
  desktop = await launchDesktop({ folders })
  await desktop.next((entry) => entry.api === 'BrowserWindow.show')
})

afterAll(() => desktop?.kill())

describe('the built desktop app under Electron’s lifecycle', () => {
  it('registers its schemes before ready and everything else after, each handler once, breaking no rule', () => {
    expect(desktop.calls('violation')).toEqual([])
    const schemes = first(desktop.calls('protocol.registerSchemesAsPrivileged'))
    expect(schemes.ready).toBe(false)
    expect(desktop.calls('protocol.registerSchemesAsPrivileged')).toHaveLength(1)
    expect(data<Array<{ scheme: string; privileges: Record<string, boolean> }>>(schemes)).toEqual([
      { scheme: 'reelbox', privileges: expect.objectContaining({ standard: true, secure: true }) },
      { scheme: 'reelbox-media', privileges: expect.objectContaining({ standard: true, secure: true, stream: true }) },
    ])
    expect(first(desktop.calls('app.requestSingleInstanceLock'))).toMatchObject({ ready: false, data: { granted: true } })
    for (const api of ['protocol.handle', 'ipcMain.handle', 'BrowserWindow.new', 'session.setPermissionRequestHandler', 'session.setPermissionCheckHandler', 'Menu.setApplicationMenu']) {
      expect(desktop.calls(api).length, api).toBeGreaterThan(0)
      expect(desktop.calls(api).every((entry) => entry.ready), api).toBe(true)
    }
    expect(desktop.calls('protocol.handle').map((entry) => data<{ scheme: string }>(entry).scheme)).toEqual(['reelbox', 'reelbox-media'])
    expect(desktop.calls('ipcMain.handle').map((entry) => data<{ channel: string }>(entry).channel)).toEqual(['reelbox:call'])
  })

  it('opens one window that isolates its page, loads it from the app scheme with the CSP, and shows it once loaded', async () => {
    const [window] = desktop.calls('BrowserWindow.new')
    const { options } = data<{ options: { show: boolean; webPreferences: Record<string, unknown> } }>(window!)
    expect(options.show).toBe(false)
    expect(options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, nodeIntegrationInSubFrames: false, webSecurity: true, webviewTag: false })
    expect(options.webPreferences['preload']).toBe(path.resolve('out/preload/index.cjs'))
    const load = first(desktop.calls('webContents.did-finish-load'))
    expect(data<{ url: string; status: number; body: string }>(load)).toMatchObject({ url: 'reelbox://app/index.html', status: 200, body: expect.stringContaining(cspMeta('electron')) })
    expect(first(desktop.calls('BrowserWindow.show')).seq).toBeGreaterThan(load.seq)
    expect(desktop.calls('BrowserWindow.new')).toHaveLength(1)
  })

  it('grants a web permission only to its own page’s top frame, and only what the page needs', async () => {
    const ask = (permission: string, url: string, isMainFrame = true) => desktop.act({ do: 'permission', how: 'request', permission, url, isMainFrame })
    expect(await ask('fullscreen', 'reelbox://app/index.html')).toBe(true)
    expect(await ask('media', 'reelbox://app/index.html')).toBe(false)
    expect(await ask('fullscreen', 'https://evil.example/')).toBe(false)
    expect(await ask('fullscreen', 'reelbox://app/index.html', false)).toBe(false)
    expect(await desktop.act({ do: 'permission', how: 'check', permission: 'clipboard-sanitized-write', url: 'reelbox://app/index.html', isMainFrame: true })).toBe(true)
  })

  it('keeps its page where it is: no navigation away, no new window, https links to the browser', async () => {
    expect(await desktop.act({ do: 'navigate', url: 'https://evil.example/' })).toBe(true)
    expect(await desktop.act({ do: 'navigate', url: 'reelbox://app/index.html#/library' })).toBe(false)
    expect(await desktop.act({ do: 'open-window', url: 'https://docs.example.com/help' })).toEqual({ action: 'deny' })
    expect(await desktop.act({ do: 'open-window', url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    await desktop.next((entry) => entry.api === 'shell.openExternal')
    expect(desktop.calls('shell.openExternal').map((entry) => data<{ url: string }>(entry).url)).toEqual(['https://docs.example.com/help'])
  })

  it('serves a library video from its media scheme in Range pieces (206) to its own page', async () => {
    const libraryDir = path.join(desktop.folders.videos, 'Reelbox')
    const found = (await readdir(libraryDir, { recursive: true })).find((file) => file.endsWith('.mp4'))!
    const bytes = await readFile(path.join(libraryDir, found))
    const answer = (await desktop.act({ do: 'fetch', url: 'reelbox-media://video/harbour-1', headers: { range: 'bytes=0-99', origin: 'reelbox://app' } })) as { status: number; headers: Record<string, string>; body: Uint8Array }
    expect(answer.status).toBe(206)
    expect(answer.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`)
    expect(answer.headers['access-control-allow-origin']).toBe('reelbox://app')
    expect(Buffer.from(answer.body)).toEqual(bytes.subarray(0, 100))
    const page = (await desktop.act({ do: 'fetch', url: 'reelbox://app/index.html' })) as { status: number; body: Uint8Array }
    expect(page.status).toBe(200)
    expect(Buffer.from(page.body).toString()).toContain(cspMeta('electron'))
  })

  it('checks the library folder on the folder check’s own thread, built beside the main bundle', async () => {
    expect((await callEngine<{ total: number }>(desktop, 'library.list', {})).total).toBe(1)
    const libraryDir = path.join(desktop.folders.videos, 'Reelbox')
    const sidecar = path.join(libraryDir, (await readdir(libraryDir, { recursive: true })).find((file) => file.endsWith('.json'))!)
    await writeFile(sidecar, JSON.stringify({ ...JSON.parse(await readFile(sidecar, 'utf8')), tags: ['hero'] }))
    await callEngine(desktop, 'library.rescan')
    expect((await callEngine<{ items: Array<{ id: string }> }>(desktop, 'library.list', { tags: ['hero'] })).items.map((i) => i.id)).toEqual(['harbour-1'])
    const log = (await callEngine<Array<{ message: string }>>(desktop, 'app.recentLog', { limit: 500 })).map((line) => line.message).join('\n')
    // The library folder and the item's month; had the thread failed, both would be read again here.
    expect(log).toContain('0 added, 1 changed, 0 gone (1 of 2 folders compared)')
    expect(log).not.toContain('could not run on its own thread')
  })

  it('answers its own page’s top frame only, and pushes the engine’s events back through webContents.send', async () => {
    const info = await callEngine<AppInfo>(desktop, 'app.info')
    expect(info).toMatchObject({ shell: 'electron', dataDir: desktop.folders.userData, libraryDir: path.join(desktop.folders.videos, 'Reelbox') })
    for (const frame of [{ url: 'reelbox://app/index.html', top: false }, { url: 'https://evil.example/', top: true }, null]) {
      const refused = await callEngine(desktop, 'app.info', undefined, frame).catch((error: unknown) => error)
      expect(refused, JSON.stringify(frame)).toBeInstanceOf(AppError)
      expect((refused as AppError).code).toBe('FORBIDDEN')
    }
    // A change through the page's channel: written by electron-store, told back to the page.
    const from = desktop.records.length
    await callEngine(desktop, 'settings.update', { theme: 'light' })
    const told = await desktop.next((entry) => entry.api === 'webContents.send' && JSON.stringify(entry.data).includes('settings.changed'), from)
    expect(data<{ channel: string; args: Array<{ payload: { theme: string } }> }>(told)).toMatchObject({ channel: 'reelbox:event', args: [{ event: 'settings.changed', payload: { theme: 'light' } }] })
    const saved = JSON.parse(await readFile(path.join(desktop.folders.userData, 'settings.json'), 'utf8')) as { theme: string }
    expect(saved.theme).toBe('light')
  })

  it('sends the menu’s commands to the page', async () => {
    const from = desktop.records.length
    await desktop.act({ do: 'menu', id: 'find' })
    const sent = await desktop.next((entry) => entry.api === 'webContents.send' && JSON.stringify(entry.data).includes('app.command'), from)
    expect(data<{ args: unknown[] }>(sent).args).toEqual([{ event: 'app.command', payload: { command: 'find' } }])
  })

  it('on a second launch brings its window forward, while the second quits without starting an engine', async () => {
    const from = desktop.records.length
    const second = await launchDesktop({ folders: desktop.folders })
    expect(await second.exited).toBe(0)
    expect(first(second.calls('app.requestSingleInstanceLock')).data).toEqual({ granted: false })
    for (const api of ['BrowserWindow.new', 'ipcMain.handle', 'protocol.handle', 'violation']) expect(second.calls(api), api).toEqual([])
    const handed = await desktop.next((entry) => entry.api === 'app.emit' && data<{ event: string }>(entry).event === 'second-instance', from)
    await desktop.next((entry) => entry.api === 'BrowserWindow.focus', handed.seq)
    expect(desktop.calls('BrowserWindow.new')).toHaveLength(1)
  })
})
