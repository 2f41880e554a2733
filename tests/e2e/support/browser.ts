import { mkdtemp, mkdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'
import { WORK_MS } from './waits'

/** Debian's Chromium; its path can be overridden for other machines. */
export const chromiumPath = process.env['REELBOX_CHROMIUM'] ?? '/usr/bin/chromium'

// Flags measured on our machines: without the background-networking ones Chromium keeps dialing
// out on a closed network.
const flags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
]

/**
 * `bypassCSP` lets axe-core (tests/e2e/support/axe.ts) be injected into our pages, whose CSP
 * rightly forbids inline scripts; only the accessibility checks set it. `locale` is the
 * browser's language (`navigator.languages`), which the first run follows.
 */
export async function launchBrowser(options: { bypassCSP?: boolean; locale?: string } = {}): Promise<{ browser: BrowserContext; close(): Promise<void> }> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-chromium-'))
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    args: flags,
    headless: true,
    viewport: { width: 1360, height: 860 },
    ...options,
  })
  // A click or a wait for the page waits as long as one step of the machine's work may take.
  context.setDefaultTimeout(WORK_MS)
  return { browser: context, close: () => context.close() }
}

export type { Browser }

/** Screenshots land in artifacts/screens (git-ignored), one file per screen and theme. */
export async function screenshotDir(): Promise<string> {
  const dir = path.resolve('artifacts/screens')
  await mkdir(dir, { recursive: true })
  return dir
}
