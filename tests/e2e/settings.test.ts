import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OpenApp, enterSandbox, openApp, settled, shotBoth } from './support/app'
import { videosMs, WORK_MS } from './support/waits'

/**
 * Settings as a designer uses them, in real Chromium against web mode: connecting a service and
 * its key (which never comes back to the page), the library moved to another folder, the theme
 * and the language switched live.
 */
let open: OpenApp
/** Every WebSocket frame the page received, as text. */
const frames: string[] = []
const CANARY = 'sk-canary-9d2f61c04b7e'

beforeAll(async () => {
  open = await openApp()
  open.page.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(typeof frame.payload === 'string' ? frame.payload : frame.payload.toString('utf8'))))
  // The first socket opened before we listened: reload so every frame of this run is seen.
  await open.page.reload()
})
afterAll(async () => {
  await open?.close()
})


const both = (name: string, focus?: string): Promise<void> => shotBoth(open, name, focus)

/** Jumps to a section with the side navigation and waits until its heading is at the top. */
async function section(name: string): Promise<void> {
  await open.page.click(`[data-settings-nav=${name}]`)
  await expect.poll(() => open.page.getAttribute(`[data-settings-nav=${name}]`, 'aria-current')).toBe('true')
  await open.page.waitForFunction((id) => Math.abs(document.getElementById(`settings-${id}`)!.getBoundingClientRect().top - 24) < 40 || document.querySelector('.content')!.scrollTop + document.querySelector('.content')!.clientHeight >= document.querySelector('.content')!.scrollHeight - 2, name)
}

async function keyNowhere(...keys: string[]): Promise<void> {
  const html = await open.page.content()
  for (const key of keys) {
    expect(html).not.toContain(key)
    expect(frames.join('\n')).not.toContain(key)
  }
}

describe('Settings in real Chromium', () => {
  it('shows every section, from the first run into the Sandbox', async () => {
    const { page } = open
    await enterSandbox(page)
    await page.click('[data-screen=settings]')
    await page.locator('[data-testid=connection-active]').waitFor()
    expect(await page.locator('[data-testid=connection]').first().textContent()).toContain('Sandbox')
    await both('settings-service')
    for (const name of ['catalog', 'library', 'jobs', 'appearance', 'about']) {
      await section(name)
      await both(`settings-${name}`)
    }
  })

  it('refuses a bad connection with the field named: http to another machine, a query path without {task_id}', async () => {
    const { page } = open
    await section('service')
    await page.click('[data-testid=connection-add]')
    await page.fill('[data-testid=connection-name]', 'Office')
    await page.fill('[data-testid=connection-url]', 'http://api.office.example')
    await page.click('summary')
    await page.fill('[data-testid=connection-profile]', '{ "query": { "path": "/api/v1/tasks" } }')
    await page.click('[data-testid=connection-save]')
    await expect.poll(() => page.textContent('[data-testid=connection-url-error]')).toContain('must use https')
    await page.fill('[data-testid=connection-url]', 'https://api.office.example')
    await page.click('[data-testid=connection-save]')
    await expect.poll(() => page.textContent('[data-testid=connection-profile-errors]')).toContain('query.path')
    expect(await page.textContent('[data-testid=connection-profile-errors]')).toContain('{task_id}')
    await page.locator('[data-testid=connection-form]').scrollIntoViewIfNeeded()
    await both('settings-connection-errors')
    await page.click('[data-testid=connection-form] .btn-ghost')
  })

  it('sets, checks, replaces and removes a key that never appears in the page or in any message to it', async () => {
    const { page } = open
    const sandbox = await open.sandbox()
    await page.click('[data-testid=connection-add]')
    await page.fill('[data-testid=connection-name]', 'Studio gateway')
    await page.fill('[data-testid=connection-url]', sandbox.baseUrl)
    await page.click('[data-testid=connection-save]')
    await expect.poll(() => page.textContent('[data-testid=key-status]')).toContain('No key yet for Studio gateway')
    expect(await page.locator('[data-testid=rail-sandbox]').count()).toBe(0)

    await page.fill('[data-testid=key-input]', CANARY)
    await page.click('[data-testid=key-save]')
    await page.locator('[data-testid=key-saved]').waitFor()
    expect(await page.inputValue('[data-testid=key-input]')).toBe('')
    expect(await page.textContent('[data-testid=key-store]')).toContain('for this session only')
    // Why, from the engine's code (this run keeps out of the keychain: REELBOX_SECRET_STORE=session).
    expect(await page.textContent('[data-testid=key-store-why]')).toBe('Why: this run uses no keychain.')
    await page.click('[data-testid=key-check]')
    await expect.poll(() => page.textContent('[data-testid=key-check-result]')).toContain('The service refused the key.')
    await keyNowhere(CANARY)
    await page.locator('[data-testid=key-form]').scrollIntoViewIfNeeded()
    await both('settings-key-refused')

    await page.fill('[data-testid=key-input]', sandbox.apiKey)
    await page.click('[data-testid=key-save]')
    await page.click('[data-testid=key-check]')
    await expect.poll(() => page.textContent('[data-testid=key-check-result]')).toContain('The service accepted the key.')
    await both('settings-key-accepted')

    await page.click('[data-testid=key-remove]')
    await page.click('[data-testid=key-remove-confirm]')
    await expect.poll(() => page.textContent('[data-testid=key-status]')).toContain('No key yet')
    await keyNowhere(CANARY, sandbox.apiKey)
    expect(frames.length).toBeGreaterThan(20)

    await page.locator('[data-testid=connection]').filter({ hasText: 'Sandbox' }).locator('[data-testid=connection-use]').click()
    await page.locator('[data-testid=rail-sandbox]').waitFor()
    await page.locator('[data-testid=connection]').filter({ hasText: 'Studio gateway' }).locator('[data-testid=connection-remove]').click()
    await page.click('[data-testid=connection-remove-confirm]')
    await expect.poll(() => page.locator('[data-testid=connection]').count()).toBe(1)
  })

  it('moves the library to a new folder and keeps showing the videos from there', async () => {
    const { page } = open
    // One video to move, made from Create.
    await page.click('[data-screen=create]')
    await page.click('[data-testid=model-picker]')
    await page.fill('[data-testid=model-search]', 'kestrel 2.7')
    await page.locator('[role=option][data-model="kestrel-v2.7"]').waitFor()
    await page.keyboard.press('Enter')
    await page.click('[data-testid=mode] [data-value="t2v"]')
    await page.fill('[data-testid=prompt]', 'Morning fog over terraced tea fields, drone, slow')
    await page.click('[data-testid=generate]')
    await page.locator('[data-testid=session-feed] [data-testid=job-card][data-phase=done]').first().waitFor({ timeout: videosMs(1) })

    await page.click('[data-screen=settings]')
    await section('library')
    await expect.poll(() => page.textContent('[data-testid=library-folder]')).toBe(open.app.libraryDir)
    const target = path.join(path.dirname(open.app.libraryDir), 'Moved Library')
    await page.fill('[data-testid=library-target]', target)
    await both('settings-library-choose')
    await page.click('[data-testid=library-move]')
    await expect.poll(() => page.getAttribute('[data-testid=library-move-status]', 'data-phase'), { timeout: WORK_MS }).toBe('done')
    expect(await page.textContent('[data-testid=library-move-status]')).toContain('Moved 1 item to')
    await expect.poll(() => page.textContent('[data-testid=library-folder]')).toBe(target)
    await both('settings-library-moved')

    await page.click('[data-screen=library]')
    await page.locator('[data-testid=library-tile]').first().waitFor()
    expect(await page.locator('[data-testid=library-tile]').count()).toBe(1)
  })

  it('says which ffmpeg reads last frames: the PATH’s, or a path set here that cannot be run', async () => {
    const { page } = open
    await page.click('[data-screen=settings]')
    await section('library')
    const status = page.locator('[data-testid=ffmpeg-status]')
    // The engine's shell found Debian's ffmpeg on the PATH it was started with.
    await expect.poll(() => status.textContent()).toMatch(/^Using ffmpeg \d\S* from the PATH \(\/\S+\/ffmpeg\)\.$/)
    await both('settings-ffmpeg', '[data-testid=ffmpeg-setting]')
    const nowhere = path.join(path.dirname(open.app.libraryDir), 'no-ffmpeg-here')
    await page.fill('[data-testid=ffmpeg-path]', nowhere)
    await page.locator('[data-testid=ffmpeg-path]').press('Tab')
    await expect.poll(() => status.textContent()).toBe(`ffmpeg cannot be run from ${nowhere} (not found).`)
    await both('settings-ffmpeg-wrong', '[data-testid=ffmpeg-setting]')
    await page.fill('[data-testid=ffmpeg-path]', 'ffmpeg')
    await page.locator('[data-testid=ffmpeg-path]').press('Tab')
    await expect.poll(() => status.textContent()).toContain('absolute path')
    await page.fill('[data-testid=ffmpeg-path]', '')
    await page.locator('[data-testid=ffmpeg-path]').press('Tab')
    await expect.poll(() => status.textContent()).toMatch(/from the PATH/)
  })

  it('switches the theme and the language the moment they are chosen', async () => {
    const { page } = open
    await page.click('[data-screen=settings]')
    await section('appearance')
    await page.click('[data-testid=settings-theme] [data-value=light]')
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light')
    await settled(open.page)
    await open.shot('settings-theme-light')
    await page.click('[data-testid=settings-theme] [data-value=dark]')
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark')
    await page.click('[data-testid=settings-theme] [data-value=system]')
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'])).toBeUndefined()

    await page.click('[data-testid=settings-language] [data-value=zh-CN]')
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN')
    expect(await page.textContent('[data-screen=settings]')).toBe('设置')
    expect(await page.textContent('[data-testid=screen-settings] h1')).toBe('设置')
    // Everything the page says itself; the engine's own log lines stay as the engine wrote them.
    const visible = await page.evaluate(() => {
      const copy = document.body.cloneNode(true) as HTMLElement
      copy.querySelectorAll('[data-testid=activity-log], [data-testid=toasts]').forEach((node) => node.remove())
      return copy.textContent ?? ''
    })
    for (const english of ['Settings', 'Service', 'API key', 'Library folder', 'Appearance', 'Notifications', 'Jobs at once', 'Theme', 'Language', 'Create', 'Queue']) {
      expect(visible, english).not.toContain(english)
    }
    await both('settings-zh-CN')
    for (const screen of ['create', 'library', 'queue']) {
      await page.click(`[data-screen=${screen}]`)
      await page.locator(`[data-testid=screen-${screen}]`).waitFor()
      await both(`${screen}-zh-CN`)
    }
    expect(await page.textContent('[data-testid=screen-queue] h1')).toBe('队列')
    expect(open.errors).toEqual([])
  })
})
