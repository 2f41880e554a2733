import { chromium, type BrowserServer } from 'playwright-core'
import type { TestProject } from 'vitest/node'

/**
 * The run's one Chromium, started by the e2e project's global setup and closed after the run.
 * Starting one took seconds on a loaded machine, once or twice per test file; each test file
 * instead opens a fresh context in it (support/browser.ts), a profile of its own in a fraction of
 * that time.
 */

/** Debian's Chromium; its path can be overridden for other machines. */
const chromiumPath = process.env['REELBOX_CHROMIUM'] ?? '/usr/bin/chromium'

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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server: BrowserServer = await chromium.launchServer({ executablePath: chromiumPath, args: flags, headless: true })
  project.provide('chromiumEndpoint', server.wsEndpoint())
  return () => server.close()
}
