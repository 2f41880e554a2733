import { chromium, type BrowserServer } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { chromiumFlags, chromiumPath } from './chromium-flags'

/**
 * The run's one Chromium, started by the e2e project's global setup and closed after the run.
 * Starting one took seconds on a loaded machine, once or twice per test file; each test file
 * instead opens a fresh context in it (support/browser.ts), a profile of its own in a fraction of
 * that time.
 */

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server: BrowserServer = await chromium.launchServer({ executablePath: chromiumPath, args: chromiumFlags, headless: true })
  project.provide('chromiumEndpoint', server.wsEndpoint())
  return () => server.close()
}
