import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { launchBrowser, screenshotDir } from './browser'
import { sandboxTiming } from './waits'
import { startWebApp, type WebApp } from './web'

/**
 * The whole app as a designer meets it: web mode's engine in a child process (with the built-in
 * Sandbox on short timings) and the real renderer in Debian's Chromium. `errors` collects page
 * errors and console errors; a flow should end with none.
 */
export interface OpenApp {
  app: WebApp
  page: Page
  errors: string[]
  /** Saves artifacts/screens/<name>.png. */
  shot(name: string): Promise<void>
  /** Kills the engine and starts it again on the same folders; the page opens the new URL (new token). */
  restartEngine(signal?: NodeJS.Signals): Promise<void>
  /** The built-in Sandbox's address and key (from its state file), to inject faults. */
  sandbox(): Promise<{ baseUrl: string; apiKey: string }>
  close(): Promise<void>
}

export interface OpenOptions {
  env?: Record<string, string>
  colorScheme?: 'dark' | 'light'
  /** Folders prepared beforehand (a seeded library). */
  dataDir?: string
  libraryDir?: string
  /** The browser's options (axe-core needs `bypassCSP`; the first run follows `locale`). */
  browser?: Parameters<typeof launchBrowser>[0]
  viewport?: { width: number; height: number }
}

export async function openApp(options: OpenOptions = {}): Promise<OpenApp> {
  const env = { REELBOX_SANDBOX_TIMING: sandboxTiming, REELBOX_HEARTBEAT_MS: '1000', ...options.env }
  let app = await startWebApp({ env, ...(options.dataDir && { dataDir: options.dataDir }), ...(options.libraryDir && { libraryDir: options.libraryDir }) })
  const browser = await launchBrowser(options.browser)
  const page = await browser.browser.newPage()
  if (options.viewport) await page.setViewportSize(options.viewport)
  await page.emulateMedia({ colorScheme: options.colorScheme ?? 'dark' })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    // A reconnect after an engine restart logs a failed WebSocket; that is expected, not a bug.
    if (message.type() === 'error' && !/WebSocket|ERR_CONNECTION_REFUSED|net::ERR/.test(message.text())) errors.push(message.text())
  })
  await page.goto(app.url)
  return {
    get app() {
      return app
    },
    page,
    errors,
    async shot(name) {
      await page.screenshot({ path: path.join(await screenshotDir(), `${name}.png`) })
    },
    async restartEngine(signal = 'SIGKILL') {
      const { dataDir, libraryDir } = app
      await app.stop(signal)
      app = await startWebApp({ env, dataDir, libraryDir })
      await page.goto(app.url)
    },
    async sandbox() {
      const state = JSON.parse(await readFile(path.join(app.dataDir, 'sandbox', 'state.json'), 'utf8')) as { apiKey: string; port: number }
      return { baseUrl: `http://127.0.0.1:${state.port}`, apiKey: state.apiKey }
    },
    async close() {
      await browser.close()
      await app.stop()
    },
  }
}

/** First run → "Try the Sandbox": the designer's way into a working app with no account. */
export async function enterSandbox(page: Page): Promise<void> {
  await page.locator('[data-testid=first-run-sandbox]').click()
  await page.locator('[data-testid=first-run]').waitFor({ state: 'detached' })
}

/** Waits until no finite animation runs, so a screenshot shows a state, not a transition. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity))
}

/** Saves `<name>-dark.png` and `<name>-light.png` of the current state (after scrolling `focus` into view). */
export async function shotBoth(open: OpenApp, name: string, focus?: string): Promise<void> {
  if (focus) await open.page.locator(focus).first().scrollIntoViewIfNeeded()
  for (const scheme of ['dark', 'light'] as const) {
    await open.page.emulateMedia({ colorScheme: scheme })
    await settled(open.page)
    await open.shot(`${name}-${scheme}`)
  }
  await open.page.emulateMedia({ colorScheme: 'dark' })
  await settled(open.page)
}
