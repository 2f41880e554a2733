/**
 * The real renderer in Debian's Chromium, wired to the built app under the Electron stand-in as
 * Electron wires it: the page's files come from the app's own `reelbox:` handler; the real built
 * preload runs in the page over an `ipcRenderer` that carries its calls to the app's
 * `ipcMain.handle` (presented, as Electron would, as the top frame of reelbox://app); whatever the
 * app sends the window with `webContents.send` reaches the preload's subscribers.
 *
 * Chromium here cannot load the `reelbox-media:` scheme, so videos do not play in this page (the
 * boot test holds the media handler to Range answers; web mode's tests play them).
 */
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { APP_ORIGIN } from '../../../electron/main/schemes'
import { launchBrowser } from './browser'
import type { Desktop } from './desktop'

/** A loopback origin (a secure context) that never reaches the network: every request is routed. */
const PAGE_ORIGIN = 'http://127.0.0.1:9'

/** Runs the built preload in the page with the one module it asks for. */
function bridgeScript(): string {
  const preload = readFileSync('out/preload/index.cjs', 'utf8')
  return `(() => {
  const listeners = new Map()
  const ipcRenderer = {
    invoke: (channel, ...args) => globalThis.__reelboxInvoke(channel, args),
    on(channel, listener) { if (!listeners.has(channel)) listeners.set(channel, new Set()); listeners.get(channel).add(listener); return ipcRenderer },
    off(channel, listener) { listeners.get(channel)?.delete(listener); return ipcRenderer },
  }
  Object.defineProperty(globalThis, '__reelboxDeliver', { value: (channel, args) => listeners.get(channel)?.forEach((listener) => listener({ sender: ipcRenderer }, ...args)) })
  const electron = {
    contextBridge: { exposeInMainWorld: (key, api) => Object.defineProperty(globalThis, key, { value: Object.freeze(api) }) },
    ipcRenderer,
    webUtils: { getPathForFile: () => '' },
  }
  const require = (name) => { if (name === 'electron') return electron; throw new Error('module not found: ' + name) }
  const module = { exports: {} }
  ;(function (require, module, exports) {
${preload}
  })(require, module, module.exports)
})()`
}

export interface DesktopPage {
  page: Page
  /** Page errors and console errors, but for the media scheme this Chromium cannot load. */
  errors: string[]
  close(): Promise<void>
}

export async function openDesktopPage(desktop: Desktop): Promise<DesktopPage> {
  const browser = await launchBrowser()
  const page = await browser.browser.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && !/reelbox-media|ERR_UNKNOWN_URL_SCHEME/.test(`${message.text()} ${message.location().url}`)) errors.push(message.text())
  })

  await page.route(`${PAGE_ORIGIN}/**`, async (route) => {
    const { pathname } = new URL(route.request().url())
    const answer = (await desktop.act({ do: 'fetch', url: `${APP_ORIGIN}${pathname}` })) as { status: number; headers: Record<string, string>; body: Uint8Array }
    await route.fulfill({ status: answer.status, headers: answer.headers, body: Buffer.from(answer.body) })
  })
  await page.exposeBinding('__reelboxInvoke', (source, channel: string, args: unknown[]) =>
    desktop.act({ do: 'invoke', channel, args, frame: { url: source.frame.url().replace(PAGE_ORIGIN, APP_ORIGIN), top: source.frame.parentFrame() === null } }),
  )
  await page.addInitScript({ content: bridgeScript() })

  // What the app sends the window, in order, once the page can hear it.
  let delivering = Promise.resolve()
  const stop = desktop.watch((entry) => {
    if (entry.api !== 'webContents.send') return
    const { channel, args } = entry.data as { channel: string; args: unknown[] }
    delivering = delivering.then(() => page.evaluate(([channel, args]) => (globalThis as unknown as { __reelboxDeliver?(c: string, a: unknown[]): void }).__reelboxDeliver?.(channel, args), [channel, args] as const).then(() => undefined, () => undefined))
  })

  await page.goto(`${PAGE_ORIGIN}/index.html`)
  return {
    page,
    errors,
    async close() {
      stop()
      await browser.close()
    },
  }
}
