import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { enterSandbox } from './support/app'
import { launchBrowser, screenshotDir } from './support/browser'
import { WORK_MS } from './support/waits'
import { startWebApp, type WebApp } from './support/web'

/** How often the engine pushes its heartbeat. */
const HEARTBEAT_MS = 300

let app: WebApp
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
const errors: string[] = []

beforeAll(async () => {
  app = await startWebApp({ env: { REELBOX_HEARTBEAT_MS: String(HEARTBEAT_MS) } })
  browser = await launchBrowser()
  page = await browser.browser.newPage()
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  await page.goto(app.url)
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

describe('the app in real Chromium (web mode)', () => {
  it('takes the token out of the address bar and connects', async () => {
    await expect.poll(() => page.url()).not.toContain('token=')
    await page.locator('.status.open').waitFor()
  })

  it('welcomes a first run with the Sandbox and a way to connect a service', async () => {
    await page.locator('[data-testid=first-run]').waitFor()
    await page.screenshot({ path: path.join(await screenshotDir(), 'first-run-dark.png') })
    await enterSandbox(page)
  })

  it('shows app.info from the engine and its live event stream', async () => {
    await page.click('[data-screen=settings]')
    await expect.poll(() => page.textContent('[data-testid=library-dir]')).toBe(app.libraryDir)
    expect(await page.textContent('[data-testid=data-dir]')).toBe(app.dataDir)
    // The heartbeat is pushed by the engine: the uptime must move on its own.
    const first = await page.textContent('[data-testid=uptime]')
    await expect.poll(() => page.textContent('[data-testid=uptime]'), { timeout: HEARTBEAT_MS + WORK_MS }).not.toBe(first)
    // A log line emitted by the engine after the page connected arrives live.
    await expect.poll(() => page.textContent('[data-testid=activity-log]')).toContain('A window connected')
  })

  it('says the engine’s activity in the designer’s language: a refused WebSocket in 简体中文 (issue 22 item 13)', async () => {
    // A caller without the token, from outside the page: the engine refuses it and logs why.
    const refused = new WebSocket(`${app.origin.replace('http', 'ws')}/rpc?token=wrong`, { origin: app.origin })
    await new Promise<void>((resolve) => {
      refused.once('unexpected-response', () => resolve())
      refused.once('error', () => resolve())
    })
    await page.click('[data-screen=settings]')
    await expect.poll(() => page.textContent('[data-testid=activity-log]')).toContain('Refused a WebSocket: missing or wrong token.')
    await page.click('[data-testid=settings-language] [data-value=zh-CN]')
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN')
    const log = page.locator('[data-testid=activity-log]')
    await expect.poll(() => log.textContent()).toContain('已拒绝一个 WebSocket：令牌缺失或错误。')
    expect(await log.textContent()).not.toContain('Refused a WebSocket')
    await log.scrollIntoViewIfNeeded()
    await page.screenshot({ path: path.join(await screenshotDir(), 'activity-zh-CN.png') })
    await page.click('[data-testid=settings-language] [data-value=en]')
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
  })

  it('saves a screenshot of every screen, dark and light', async () => {
    const dir = await screenshotDir()
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      for (const screen of ['create', 'library', 'queue', 'settings']) {
        await page.click(`[data-screen=${screen}]`)
        await page.locator(`[data-testid=screen-${screen}]`).waitFor()
        await page.screenshot({ path: path.join(dir, `shell-${screen}-${scheme}.png`) })
      }
    }
    expect(errors).toEqual([])
  })

  it('goes Back and Forward through the screens and the Settings section the designer visited', async () => {
    const showing = (): Promise<string | null> => page.locator('[aria-current=page]').getAttribute('data-screen')
    const place = (): Promise<string> => page.evaluate(() => window.location.hash)
    for (const screen of ['create', 'library', 'queue']) await page.click(`[data-screen=${screen}]`)
    await expect.poll(place).toBe('#/queue')
    await page.goBack()
    await expect.poll(showing).toBe('library')
    expect(await place()).toBe('#/library')
    await page.goBack()
    await expect.poll(showing).toBe('create')
    await page.goForward()
    await expect.poll(showing).toBe('library')

    // A section is a place within Settings: Back from the next screen returns to it.
    await page.click('[data-screen=settings]')
    await page.click('[data-settings-nav=about]')
    await expect.poll(place).toBe('#/settings/about')
    await page.click('[data-screen=queue]')
    await page.goBack()
    await expect.poll(() => page.getAttribute('[data-settings-nav=about]', 'aria-current')).toBe('true')
    expect(await showing()).toBe('settings')
    await page.goBack()
    await expect.poll(showing).toBe('library')
    expect(errors).toEqual([])
  })
})
