/**
 * The Library screen's other states, in real Chromium against web mode: loading (skeletons while
 * the engine has not answered yet), empty (a fresh library) and the folder that cannot be opened
 * (a library on a drive that is not connected), each in dark and light.
 */
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enterSandbox, openApp, type OpenApp } from './support/app'
import { screenshotDir } from './support/browser'
import { startWebApp } from './support/web'

let open: OpenApp
let page: Page

async function both(name: string): Promise<void> {
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    // Transitions finished at once, so a theme switch is not caught halfway.
    await page.screenshot({ path: path.join(await screenshotDir(), `library-${name}-${scheme}.png`), animations: 'disabled' })
  }
  await page.emulateMedia({ colorScheme: 'dark' })
}

beforeAll(async () => {
  open = await openApp()
  page = open.page
})

afterAll(async () => {
  if (open?.app.process.exitCode === null) open.app.process.kill('SIGCONT')
  await open?.close()
})

describe('library states', () => {
  it('shows skeletons, not a spinner, until the engine answers', async () => {
    await enterSandbox(page)
    // The engine stops answering (a busy disk, a slow start): the grid's shape shows meanwhile.
    open.app.process.kill('SIGSTOP')
    await page.click('[data-screen=library]')
    await page.locator('[data-testid=library-loading]').waitFor()
    await both('loading')
    open.app.process.kill('SIGCONT')
    await page.locator('[data-testid=library-empty]').waitFor()
  })

  it('welcomes an empty library with what lands here and a way to Create', async () => {
    expect(await page.textContent('[data-testid=library-empty]')).toContain(open.app.libraryDir)
    expect(await page.textContent('[data-testid=library-count]')).toBe('')
    await both('empty')
    await page.click('[data-testid=library-empty-create]')
    await page.locator('[data-testid=screen-create]').waitFor()
  })

  it('says where the folder is and what to do when it cannot be opened', async () => {
    const unplugged = path.join(await mkdtemp(path.join(os.tmpdir(), 'reelbox-e2e-drive-')), 'Studio SSD', 'Reelbox')
    await open.app.stop()
    const app = await startWebApp({ dataDir: open.app.dataDir, libraryDir: unplugged, env: { REELBOX_HEARTBEAT_MS: '1000' } })
    try {
      await page.goto(app.url)
      await page.click('[data-screen=library]')
      const error = page.locator('[data-testid=library-error]')
      await error.waitFor()
      expect(await error.textContent()).toContain(`${unplugged} is not there`)
      expect(await error.textContent()).toContain('Is its drive connected?')
      expect(await error.locator('.where').textContent()).toContain(unplugged)
      await both('error')
      expect(open.errors).toEqual([])
    } finally {
      await app.stop()
    }
  })
})
