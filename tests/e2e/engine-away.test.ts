/**
 * A dead engine does not look alive (issue 22 item 3), in real Chromium against web mode: the
 * engine is killed mid-job; within 2 s the page says so in words across the top, the job's last
 * progress is frozen and said to be unknown, and what needs the engine is disabled with the
 * reason. Started again on the same data folder (the same token, token.ts), the same tab comes
 * back by itself and the Queue catches up from the journal. Started with a new token, the tab
 * says so, and the new address pasted into it loads.
 */
import { createServer } from 'node:net'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setLanguage } from './create-helpers'
import { seriousFindings } from './support/axe'
import { launchBrowser } from './support/browser'
import { enterSandbox } from './support/app'
import { screenshotDir } from './support/browser'
import { startWebApp, type WebApp } from './support/web'
import path from 'node:path'

let app: WebApp
let page: Page
let closeBrowser: () => Promise<void>
let port: number
const errors: string[] = []
// A job that runs long enough to be caught in the middle.
const env = { REELBOX_SANDBOX_TIMING: '300,12000', REELBOX_HEARTBEAT_MS: '1000' }

/** A port free now, so that the engine comes back where the tab looks for it, as `npm run web`'s 5178 does. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

async function restart(args: string[] = []): Promise<void> {
  app = await startWebApp({ env, dataDir: app.dataDir, libraryDir: app.libraryDir, port, args })
  expect(new URL(app.url).port).toBe(String(port))
}

async function shots(name: string): Promise<void> {
  const dir = await screenshotDir()
  for (const [width, height] of [
    [1280, 800],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: path.join(dir, `${name}-${width}x${height}.png`) })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

beforeAll(async () => {
  port = await freePort()
  app = await startWebApp({ env, port })
  // bypassCSP: axe-core is carried into the page to judge the banner.
  const browser = await launchBrowser({ bypassCSP: true })
  closeBrowser = browser.close
  page = await browser.browser.newPage()
  await page.setViewportSize({ width: 1280, height: 800 })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(app.url)
  await enterSandbox(page)
})

afterAll(async () => {
  await closeBrowser?.()
  await app?.stop()
})

const banner = () => page.locator('[data-testid=engine-banner]')
const row = () => page.locator('[data-testid=queue-row]').first()

describe('when the engine is gone', () => {
  it('says so within 2 s, freezes the job’s progress as unknown, and disables what needs it, with the reason', async () => {
    await page.fill('[data-testid=prompt]', 'A lighthouse beam sweeping through fog')
    await page.click('[data-testid=generate]')
    await page.click('[data-screen=queue]')
    await expect.poll(() => row().getAttribute('data-phase'), { timeout: 30_000 }).toBe('running')
    await expect.poll(() => row().locator('[data-testid=job-status]').textContent(), { timeout: 30_000 }).toMatch(/\d+%/)
    // The same tab throughout: a reload would lose this.
    await page.evaluate(() => ((window as unknown as { sameTab: boolean }).sameTab = true))

    await app.stop('SIGKILL')
    const gone = Date.now()
    await banner().waitFor({ timeout: 10_000 })
    expect(Date.now() - gone).toBeLessThan(2000)
    expect(await banner().textContent()).toContain('Reelbox’s engine isn’t answering')
    expect(await banner().getAttribute('role')).toBe('alert')

    const status = await row().locator('[data-testid=job-status]').textContent()
    expect(status).toMatch(/^Last heard: .+ \d+% — unknown until the engine answers again$/)
    expect(await row().locator('[role=progressbar]').getAttribute('class')).toContain('frozen')
    const cancel = row().locator('[data-testid=job-cancel]')
    expect(await cancel.isDisabled()).toBe(true)
    expect(await cancel.getAttribute('title')).toBe('Waits for Reelbox’s engine to answer again')
    expect(await seriousFindings(page, 'queue, engine away')).toEqual([])
    await shots('engine-away-queue')

    await page.click('[data-screen=create]')
    expect(await page.textContent('[data-testid=generate-reason]')).toBe('Paused: Reelbox’s engine isn’t answering. Your settings are kept.')
    expect(await page.getAttribute('[data-testid=generate]', 'aria-disabled')).toBe('true')
    expect(await page.textContent('[data-testid=job-media-phase]')).toContain('unknown now')
    expect(await seriousFindings(page, 'create, engine away')).toEqual([])
    await shots('engine-away-create')
  })

  it('comes back in the same tab by itself when the engine restarts, and the Queue catches up from the journal', async () => {
    await restart()
    await banner().waitFor({ state: 'detached', timeout: 30_000 })
    expect(await page.evaluate(() => (window as unknown as { sameTab?: boolean }).sameTab)).toBe(true)
    await page.click('[data-screen=queue]')
    // Resumed from the journal by the new engine, finished, and told to this tab.
    await expect.poll(() => row().getAttribute('data-phase'), { timeout: 60_000 }).toBe('done')
    expect(await row().locator('[data-testid=job-cancel]').count()).toBe(0)
    expect(await page.locator('[data-testid=queue-row]').count()).toBe(1)
  })

  it('says when the engine came back with a new token, and loads the new address pasted into the same tab', async () => {
    await setLanguage(page, 'zh-CN')
    await app.stop('SIGKILL')
    await restart(['--new-token'])
    await expect.poll(() => banner().getAttribute('data-state'), { timeout: 30_000 }).toBe('refused')
    expect(await banner().textContent()).toContain('Reelbox 已用新地址重启')
    expect(await seriousFindings(page, 'refused, zh-CN')).toEqual([])
    await shots('engine-away-refused-zh')

    // Pasted into the address bar: only the fragment differs, which loads no page by itself.
    await page.goto(app.url)
    await banner().waitFor({ state: 'detached', timeout: 30_000 })
    await page.click('[data-screen=queue]')
    await expect.poll(() => row().getAttribute('data-phase')).toBe('done')
    // The token left the address bar again.
    expect(page.url()).not.toContain('token=')
    expect(errors).toEqual([])
  })

  it('disables the Library’s actions that need the engine (the drag to another app too), with the reason, and gives them back when it returns', async () => {
    await setLanguage(page, 'en')
    await page.click('[data-screen=library]')
    const tile = page.locator('[data-testid=library-tile][data-id]').first()
    await tile.waitFor()
    await tile.click({ modifiers: ['Control'] })
    await page.locator('[data-testid=pick-bar]').waitFor()
    await tile.click()
    const detail = page.locator('[data-testid=library-detail]')
    await detail.locator('[data-testid=detail-favourite]').waitFor()

    expect(await detail.locator('[data-testid=detail-drag]').getAttribute('draggable')).toBe('true')

    await app.stop('SIGKILL')
    await banner().waitFor({ timeout: 10_000 })
    const reason = 'Waits for Reelbox’s engine to answer again'
    const needsEngine = {
      detail: ['detail-favourite', 'detail-tag-input', 'reuse-all', 'reuse-remix', 'continue-last', 'save-video', 'detail-delete'],
      'pick-bar': ['save-video', 'pick-favourite', 'pick-tag', 'pick-delete'],
    }
    const judge = async (where: string, testid: string): Promise<{ testid: string; disabled: boolean; title: string | null }> => {
      const el = page.locator(`[data-testid=${where === 'detail' ? 'library-detail' : where}] [data-testid=${testid}]`).first()
      return { testid, disabled: await el.isDisabled(), title: await el.getAttribute('title') }
    }
    for (const [where, ids] of Object.entries(needsEngine)) {
      for (const id of ids) expect(await judge(where, id)).toEqual({ testid: id, disabled: true, title: reason })
    }
    // Dragging the video to another app takes the file through the engine too: no drag, and why.
    const drag = detail.locator('[data-testid=detail-drag]')
    expect({ draggable: await drag.getAttribute('draggable'), disabled: await drag.getAttribute('aria-disabled'), title: await drag.getAttribute('title') }).toEqual({ draggable: 'false', disabled: 'true', title: reason })
    // What the page does by itself stays: the detail closes, the picks clear.
    expect(await detail.locator('[data-testid=detail-close]').isDisabled()).toBe(false)
    expect(await seriousFindings(page, 'library detail, engine away')).toEqual([])
    await shots('engine-away-library-detail')
    await page.keyboard.press('Escape')
    await detail.waitFor({ state: 'detached' })
    expect(await page.locator('[data-testid=pick-clear]').isDisabled()).toBe(false)
    await shots('engine-away-library-picks')

    await restart()
    await banner().waitFor({ state: 'detached', timeout: 30_000 })
    for (const id of needsEngine['pick-bar']) expect((await judge('pick-bar', id)).disabled, id).toBe(false)
  })
})
