import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'
import { inject } from 'vitest'
import { chromiumFlags, chromiumPath } from './chromium-flags'
import { WORK_MS } from './waits'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's one Chromium listens (chromium-server.ts). */
    chromiumEndpoint: string
  }
}

/**
 * A fresh browser context: a profile of its own, as a new Chromium would have. `bypassCSP` lets
 * axe-core (tests/e2e/support/axe.ts) be injected into our pages, whose CSP rightly forbids
 * inline scripts; only the accessibility checks set it. `locale` is the browser's language
 * (`navigator.languages`), which the first run follows.
 */
export async function launchBrowser(options: { bypassCSP?: boolean; locale?: string } = {}): Promise<{ browser: BrowserContext; close(): Promise<void> }> {
  const connection = await connect()
  const context = await connection.newContext({ viewport: { width: 1360, height: 860 }, ...options })
  // A click or a wait for the page waits as long as one step of the machine's work may take.
  context.setDefaultTimeout(WORK_MS)
  return {
    browser: context,
    close: async () => {
      await context.close()
      await connection.close()
    },
  }
}

/**
 * The run's Chromium; should it have crashed (one test's page can take the browser down), this
 * file starts one of its own rather than every later file failing on a dead endpoint.
 */
async function connect(): Promise<Browser> {
  try {
    return await chromium.connect(inject('chromiumEndpoint'), { timeout: WORK_MS })
  } catch {
    return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags, headless: true })
  }
}

export type { Browser }

/** Screenshots land in artifacts/screens (git-ignored), one file per screen and theme. */
export async function screenshotDir(): Promise<string> {
  const dir = path.resolve('artifacts/screens')
  await mkdir(dir, { recursive: true })
  return dir
}
