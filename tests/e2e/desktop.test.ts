/**
 * The desktop app end to end without the Electron binary: the real renderer in Chromium, the
 * real preload, the built main bundle under the Electron stand-in with its own IPC handler, the
 * electron-store settings file, the secret chain (this machine has no keychain: the key is kept
 * for the session) and the Sandbox playing the designer's service over loopback. One
 * text-to-video goes from the first run to the library; the menu drives the page.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../electron/sandbox'
import type { DesktopBridge } from '../../shared/channels'
import { startTestSandbox } from '../support/sandbox'
import { desktopFolders, launchDesktop, type Desktop } from './support/desktop'
import { openDesktopPage, type DesktopPage } from './support/desktop-page'
import { videosMs } from './support/waits'

let sandbox: Sandbox
let desktop: Desktop
let view: DesktopPage
let page: Page
const prompt = 'A lighthouse at dusk, waves rolling in, slow push-in'

beforeAll(async () => {
  sandbox = await startTestSandbox()
  desktop = await launchDesktop({ folders: await desktopFolders() })
  await desktop.next((entry) => entry.api === 'BrowserWindow.show')
  view = await openDesktopPage(desktop)
  page = view.page
})

afterAll(async () => {
  await view?.close()
  desktop?.kill()
  await sandbox?.close()
})

/** Every file under `dir`, read whole. */
async function everyFile(dir: string): Promise<Array<{ file: string; text: string }>> {
  const files = await readdir(dir, { recursive: true, withFileTypes: true })
  return Promise.all(files.filter((entry) => entry.isFile()).map(async (entry) => ({ file: path.join(entry.parentPath, entry.name), text: (await readFile(path.join(entry.parentPath, entry.name))).toString('latin1') })))
}

describe('the desktop app in Chromium over its own IPC', () => {
  it('connects the designer’s service from the first run, keeping the key for this session only', async () => {
    await page.locator('[data-testid=first-run]').waitFor()
    await page.fill('#first-run-url', sandbox.baseUrl)
    await page.fill('#first-run-key', sandbox.apiKey)
    await page.locator('[data-testid=first-run-connect] button[type=submit]').click()
    await page.locator('[data-testid=first-run]').waitFor({ state: 'detached' })
    await page.click('[data-screen=settings]')
    await expect.poll(() => page.textContent('[data-testid=key-store]')).toMatch(/this session/i)
    // Why, worded by the page from the shell's codes (this run keeps out of the keychain).
    expect(await page.textContent('[data-testid=key-store-why]')).toContain('this run uses no keychain')
    // electron-store wrote the connection (and never the key) in the app's folder.
    const settings = JSON.parse(await readFile(path.join(desktop.folders.userData, 'settings.json'), 'utf8')) as { profiles: Array<{ baseUrl: string }> }
    expect(settings.profiles.map((profile) => profile.baseUrl)).toEqual([sandbox.baseUrl])
  })

  it('makes a text-to-video that lands in the library, with a native notification and the taskbar progress', async () => {
    await page.click('[data-screen=create]')
    await page.fill('[data-testid=prompt]', prompt)
    await page.locator('[data-testid=prompt]').press('Control+Enter')
    await page.locator('[data-testid=session-feed] [data-testid=job-card][data-phase=done]').waitFor({ timeout: videosMs(1) })
    const ready = await desktop.next((entry) => entry.api === 'Notification.show' && (entry.data as { title: string }).title === 'Video ready')
    expect((ready.data as { body: string }).body).toBe(prompt)
    expect(desktop.calls('BrowserWindow.setProgressBar').map((entry) => (entry.data as { value: number }).value)).toContain(-1)

    await page.click('[data-screen=library]')
    await expect.poll(() => page.locator('[data-testid=library-tile]').count()).toBe(1)
    const library = await readdir(path.join(desktop.folders.videos, 'Reelbox'), { recursive: true })
    expect(library.filter((file) => file.endsWith('.mp4'))).toHaveLength(1)
  })

  it('saves the video where the designer chooses with Save as…, and offers Show in folder', async () => {
    await page.locator('[data-testid=library-tile]').first().click()
    await page.locator('[data-testid=library-detail]').waitFor()
    // The desktop shell can reveal and open files: both offered, beside Save as… (not Download).
    await page.locator('[data-testid=detail-reveal]').waitFor()
    expect(await page.locator('[data-testid=library-detail] [data-testid=save-video]').textContent()).toContain('Save as…')
    const from = desktop.calls('dialog.showSaveDialog').length
    await page.click('[data-testid=library-detail] [data-testid=save-video]')
    const asked = await desktop.next((entry) => entry.api === 'dialog.showSaveDialog', from)
    const { id, options } = asked.data as { id: number; options: { defaultPath: string; title: string } }
    const [video] = (await readdir(path.join(desktop.folders.videos, 'Reelbox'), { recursive: true })).filter((file) => file.endsWith('.mp4'))
    expect(options).toMatchObject({ title: 'Save video', defaultPath: path.basename(video!) })
    const target = path.join(desktop.folders.home, 'For the client.mp4')
    await desktop.act({ do: 'answer-dialog', id, answer: { canceled: false, filePath: target } })
    await page.locator('[data-testid=toast]').filter({ hasText: 'Video saved' }).waitFor()
    expect((await readFile(target)).equals(await readFile(path.join(desktop.folders.videos, 'Reelbox', video!)))).toBe(true)
    await page.keyboard.press('Escape')
  })

  it('follows the application menu: New Video focuses the prompt, Find the library search', async () => {
    await desktop.act({ do: 'menu', id: 'new-video' })
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('create-prompt')
    expect(await page.getAttribute('[data-screen=create]', 'aria-current')).toBe('page')
    await desktop.act({ do: 'menu', id: 'find' })
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('library-search')
  })

  it('cancels a call on the same IPC channel: the call the page gave up on answers CANCELLED, its cancel nothing', async () => {
    type Pipe = { reelbox: DesktopBridge }
    const from = desktop.calls('dialog.showOpenDialog').length
    // A call that stays in flight until the test answers its dialog: Choose folder…
    const call = page.evaluate(() => (window as unknown as Pipe).reelbox.invoke({ id: 'choose', method: 'app.chooseFolder', input: { title: 'Library folder' } }))
    const asked = await desktop.next((entry) => entry.api === 'dialog.showOpenDialog', from)
    expect(await page.evaluate(() => (window as unknown as Pipe).reelbox.invoke({ id: 'choose', cancel: true }))).toBeNull()
    await desktop.act({ do: 'answer-dialog', id: (asked.data as { id: number }).id, answer: { canceled: false, filePaths: [desktop.folders.home] } })
    expect(await call).toMatchObject({ id: 'choose', ok: false, error: { code: 'CANCELLED', message: 'The call app.chooseFolder was cancelled by its caller.' } })
  })

  it('reached the engine only through its ipcMain handler, from the top frame of reelbox://app', () => {
    const calls = desktop.calls('ipcMain.invoked').map((entry) => entry.data as { channel: string; method: string; frame: { url: string; top: boolean } })
    expect(calls.map((call) => call.method)).toEqual(expect.arrayContaining(['app.info', 'profiles.save', 'secrets.setApiKey', 'jobs.submit', 'library.list']))
    for (const call of calls) expect(call).toMatchObject({ channel: 'reelbox:call', frame: { url: expect.stringMatching(/^reelbox:\/\/app\/index\.html/), top: true } })
  })

  it('never wrote the key to a file, and the page saw no error', async () => {
    for (const { file, text } of await everyFile(desktop.folders.home)) expect(text.includes(sandbox.apiKey), file).toBe(false)
    expect(desktop.calls('violation')).toEqual([])
    expect(view.errors).toEqual([])
  })
})
