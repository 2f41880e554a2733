/**
 * The Library screen as a designer uses it, in real Chromium against web mode, fully offline: the
 * app is connected to a service that does not answer and the built-in Sandbox never starts, yet
 * the library (seeded before the engine starts with the engine's own importer and real MP4s)
 * browses, plays, searches, edits, reuses and deletes.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, readdir } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Download, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, screenshotDir } from './support/browser'
import { seedLibrary, type SeedItem } from './support/library-seed'
import { startWebApp, type WebApp } from './support/web'
import { WORK_MS } from './support/waits'
import { useTempDir } from '../support/temp'

const HOUR = 3_600_000
const run = promisify(execFile)
const today = new Date(new Date().setHours(0, 0, 0, 0)).getTime()
const items: SeedItem[] = [
  { id: 'fox01-0', prompt: 'A red fox running through fresh snow at dawn, cinematic, 35mm, shallow depth of field, its breath visible in the cold air as the camera tracks low beside it', modelId: 'kestrel-v2.6', family: 'kestrel', version: '2.6', mode: 't2v', finishedAt: today + 9 * HOUR, sandbox: true, hue: 20, poster: true, tags: ['hero'] },
  { id: 'city02-0', prompt: 'Neon city street in the rain at night, reflections, slow dolly in', modelId: 'lumen-1', family: 'lumen', version: '1', mode: 'i2v', finishedAt: today + 8 * HOUR, hue: 210, withImage: true, favourite: true, seed: 777 },
  { id: 'cat03-0', prompt: '一只猫在雨中奔跑，电影感，慢动作', modelId: 'atlas-pro', family: 'atlas', version: 'Pro', mode: 't2v', finishedAt: today - 6 * HOUR, shape: 'tall', hue: 130 },
  { id: 'bottle04-0', prompt: 'Product shot of a perfume bottle rotating on black velvet, soft rim light', modelId: 'kestrel-v2.6', family: 'kestrel', version: '2.6', mode: 't2v', finishedAt: today - 9 * HOUR, shape: 'square', hue: 300, poster: true, rating: 4 },
  { id: 'lagoon05-0', prompt: 'Aerial view over a turquoise lagoon at golden hour, drone shot', modelId: 'lumen-1', family: 'lumen', version: '1', mode: 't2v', finishedAt: today - 60 * HOUR, hue: 175, tags: ['hero', 'client-x'] },
  { id: 'fox06-0', prompt: 'Fox cub asleep in a snowy den, soft morning light', modelId: 'atlas-pro', family: 'atlas', version: 'Pro', mode: 't2v', finishedAt: today - 62 * HOUR, sandbox: true, hue: 35, poster: true },
]

let app: WebApp
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
const errors: string[] = []

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(await screenshotDir(), `library-${name}.png`), animations: 'disabled' })
}

/** A loopback port nobody listens on: the designer's service, unreachable. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

const tiles = () => page.locator('[data-testid=library-tile][aria-busy=false]')
const tile = (id: string) => page.locator(`[data-testid=library-tile][data-id="${id}"]`)
const count = () => page.locator('[data-testid=library-count]')
const detail = () => page.locator('[data-testid=library-detail]')

/** The video file of the item with this prompt. */
async function videoOf(prompt: string): Promise<string> {
  for (const month of await readdir(app.libraryDir)) {
    if (month.startsWith('.')) continue
    for (const name of await readdir(path.join(app.libraryDir, month))) {
      if (name.endsWith('.json') && JSON.parse(await readFile(path.join(app.libraryDir, month, name), 'utf8')).prompt === prompt) return path.join(app.libraryDir, month, name.replace(/\.json$/, '.mp4'))
    }
  }
  throw new Error(`no video for ${prompt}`)
}

/** The sidecar beside an item's video, as the folder has it now. */
async function sidecar(prompt: string): Promise<{ favourite: boolean; rating: number; tags: string[] }> {
  for (const month of await readdir(app.libraryDir)) {
    if (month.startsWith('.')) continue
    for (const name of await readdir(path.join(app.libraryDir, month))) {
      if (!name.endsWith('.json')) continue
      const data = JSON.parse(await readFile(path.join(app.libraryDir, month, name), 'utf8')) as { prompt: string; favourite: boolean; rating: number; tags: string[] }
      if (data.prompt === prompt) return data
    }
  }
  throw new Error(`no sidecar for ${prompt}`)
}

beforeAll(async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'reelbox-e2e-library-'))
  const dataDir = path.join(root, 'data')
  const libraryDir = path.join(root, 'library')
  await seedLibrary({ dataDir, libraryDir, items })
  app = await startWebApp({ dataDir, libraryDir, env: { REELBOX_HEARTBEAT_MS: '1000' } })
  browser = await launchBrowser()
  page = await browser.browser.newPage()
  await browser.browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin })
  await page.emulateMedia({ colorScheme: 'dark' })
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && !/WebSocket|net::ERR/.test(message.text())) errors.push(message.text())
  })
  await page.goto(app.url)
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

describe('the library, offline', () => {
  it('opens after first run with an unreachable service; the Sandbox never starts', async () => {
    await page.locator('[data-testid=first-run]').waitFor()
    await page.fill('#first-run-url', `http://127.0.0.1:${await closedPort()}`)
    await page.fill('#first-run-key', 'sk-offline-designer')
    await page.locator('[data-testid=first-run-connect] button[type=submit]').click()
    await page.locator('[data-testid=first-run]').waitFor({ state: 'detached' })
    await page.click('[data-screen=library]')
    await expect.poll(() => tiles().count()).toBe(items.length)
    expect(await count().textContent()).toBe('6 videos')
    expect(await page.locator('[data-testid=day-header]').allTextContents()).toEqual([
      expect.stringMatching(/^Today\s*2 videos$/),
      expect.stringMatching(/^Yesterday\s*2 videos$/),
      expect.stringMatching(/^\w{3} \d{1,2} \w{3}.*2 videos$/),
    ])
    // The Sandbox keeps its state in the data folder from its first start: it never started.
    expect(existsSync(path.join(app.dataDir, 'sandbox', 'state.json'))).toBe(false)
    await expect.poll(() => tile('fox01-0').locator('.badge.sandbox').textContent()).toBe('Sandbox')
    expect(await tile('city02-0').locator('.badge.sandbox').count()).toBe(0)
  })

  it('draws a poster from the video for items without one, once, beside the video', async () => {
    // Three items came without the service's poster: the page drew theirs and the engine kept them.
    await expect
      .poll(() => page.locator('[data-testid=library-tile] img.shown').count(), { timeout: WORK_MS })
      .toBe(items.length)
    const posters: string[] = []
    for (const month of await readdir(app.libraryDir)) if (!month.startsWith('.')) posters.push(...(await readdir(path.join(app.libraryDir, month))).filter((n) => n.endsWith('.jpg')))
    expect(posters).toHaveLength(items.length)
    await shot('grid-dark')
  })

  it('plays a tile on hover, muted, and leaving restores the poster', async () => {
    await tile('lagoon05-0').hover()
    const video = tile('lagoon05-0').locator('[data-testid=tile-video]')
    await video.waitFor()
    await page.waitForFunction((el) => el instanceof HTMLVideoElement && el.readyState >= 2 && !el.paused, await video.elementHandle())
    expect(await video.evaluate((el: HTMLVideoElement) => el.muted)).toBe(true)
    await shot('hover-dark')
    await page.mouse.move(4, 400)
    await video.waitFor({ state: 'detached' })
    expect(await tile('lagoon05-0').locator('img.shown').count()).toBe(1)
  })

  it('searches prompts with / and narrows by favourites, model and tag', async () => {
    await page.locator('[data-testid=screen-library] h1').click()
    await page.keyboard.press('/')
    await page.keyboard.type('fox')
    await expect.poll(() => count().textContent()).toBe('2 of 6 videos')
    expect(await tiles().evaluateAll((els) => els.map((el) => el.getAttribute('data-id')))).toEqual(['fox01-0', 'fox06-0'])
    await shot('search-dark')
    await page.keyboard.press('Escape')
    await expect.poll(() => count().textContent()).toBe('6 videos')

    await page.click('[data-testid=library-favourites]')
    await expect.poll(() => count().textContent()).toBe('1 of 6 videos')
    await page.click('[data-testid=library-favourites]')

    await page.click('[data-testid=library-filters]')
    await page.locator('[data-testid=filter-model][value=atlas-pro]').check()
    await expect.poll(() => count().textContent()).toBe('2 of 6 videos')
    await page.locator('[data-tag=hero]').click()
    await expect.poll(() => count().textContent()).toBe('0 of 6 videos')
    await shot('filters-dark')
    await page.locator('[data-testid=filter-done]').click()
    await page.locator('[data-testid=library-no-results]').waitFor()
    await shot('no-results-dark')
    await page.click('[data-testid=library-no-results-clear]')
    await expect.poll(() => count().textContent()).toBe('6 videos')
  })

  it('opens the detail, plays the video and moves with the arrow keys', async () => {
    await tile('fox01-0').click()
    await detail().waitFor()
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid=detail-video]')
      return !!video && video.readyState >= 2
    })
    expect(await page.textContent('[data-testid=detail-position]')).toBe('1 of 6')
    // The ids are for support: folded away until asked for.
    expect(await page.isVisible('[data-testid=detail-taskId]')).toBe(false)
    await page.click('[data-testid=detail-ids] summary')
    expect(await page.textContent('[data-testid=detail-taskId]')).toBe('task-fox01-0')
    expect(await page.textContent('[data-testid=detail-requestId]')).toBe('req-fox01-0')
    expect(await page.textContent('[data-testid=detail-param-resolution]')).toBe('1280×720')

    await page.keyboard.press('ArrowRight')
    await expect.poll(() => page.textContent('[data-testid=detail-prompt]')).toBe(items[1]!.prompt)
    expect(page.url()).toContain('#/library?item=city02-0')
    // The input image, from the local input store.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid=detail-inputs] img')
      return !!img && img.complete && img.naturalWidth > 0
    })
    // In the designer's words (Create's names), with no spec field names, hashes or JSON on screen.
    expect(await detail().locator('aside').innerText()).not.toMatch(/_action|headtailImages|characterImages|[0-9a-f]{64}|[{}]/)
    expect(await page.textContent('[data-testid=detail-param-mode]')).toBe('First frame')
    expect(await page.textContent('[data-testid=detail-param-model]')).toBe('Lumen 1')
    expect(await page.locator('[data-testid=detail-inputs] .role').allTextContents()).toEqual(['First frame'])
    // The request as sent is one click away for support, its image by name.
    await page.click('[data-testid=detail-copy-request]')
    const request = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>
    expect(request).toMatchObject({ model: 'lumen-1', _action: 'i2v', image: 'city02-0-first-frame.png' })
    expect(JSON.stringify(request)).not.toMatch(/[0-9a-f]{64}/)
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid=detail-video]')?.readyState ?? 0) >= 2)
    await shot('detail-dark')
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => page.textContent('[data-testid=detail-position]')).toBe('1 of 6')
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => page.textContent('[data-testid=detail-position]')).toBe('2 of 6')
  })

  it('keeps favourite, rating and tags in the sidecar, across a reload', async () => {
    await page.click('[data-testid=detail-favourite]')
    await page.locator('[data-testid=detail-rating] .star').nth(3).click()
    await page.fill('[data-testid=detail-tag-input]', 'keeper')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('[data-testid=detail-tags] .tag').allTextContents()).toEqual([expect.stringContaining('#keeper')])
    await expect.poll(() => sidecar(items[1]!.prompt)).toMatchObject({ favourite: false, rating: 4, tags: ['keeper'] })

    // The link to an item opens its detail (the Create screen links finished cards this way).
    await page.reload()
    await detail().waitFor()
    expect(await page.textContent('[data-testid=detail-prompt]')).toBe(items[1]!.prompt)
    expect(await page.getAttribute('[data-testid=detail-favourite]', 'aria-pressed')).toBe('false')
    expect(await page.locator('[data-testid=detail-rating] [aria-checked=true]').getAttribute('aria-label')).toBe('4 stars')
    expect(await page.locator('[data-testid=detail-tags] .tag').allTextContents()).toEqual([expect.stringContaining('#keeper')])
  })

  /** The file the browser downloaded, copied out of it (the run's Chromium is another process: support/browser.ts). */
  async function saved(download: Download): Promise<string> {
    const file = path.join(await useTempDir('reelbox-download-'), download.suggestedFilename())
    await download.saveAs(file)
    return file
  }

  it('downloads the original video under its readable name, and offers no file-manager actions in a browser', async () => {
    // Web mode cannot show a file in a folder or open it in a player: those are not offered at all.
    expect(await detail().locator('[data-testid=detail-reveal], [data-testid=detail-open]').count()).toBe(0)
    const [download] = await Promise.all([page.waitForEvent('download'), detail().locator('[data-testid=save-video]').click()])
    const video = await videoOf(items[1]!.prompt)
    expect(download.suggestedFilename()).toBe(path.basename(video))
    expect((await readFile(await saved(download))).equals(await readFile(video))).toBe(true)
  })

  it('exports several picked videos at once, as one zip', async () => {
    await page.keyboard.press('Escape')
    await detail().waitFor({ state: 'detached' })
    await tile('fox01-0').click({ modifiers: ['Control'] })
    await tile('cat03-0').click({ modifiers: ['Control'] })
    expect(await detail().count()).toBe(0)
    await expect.poll(() => page.locator('[data-testid=pick-bar]').textContent()).toContain('2 selected')
    await shot('picked-dark')
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=pick-bar] [data-testid=save-video]').click()])
    expect(download.suggestedFilename()).toBe('Reelbox 2 videos.zip')
    const { stdout } = await run('unzip', ['-Z1', await saved(download)])
    expect(stdout.trim().split('\n').sort()).toEqual([path.basename(await videoOf(items[0]!.prompt)), path.basename(await videoOf(items[2]!.prompt))].sort())
    await page.click('[data-testid=pick-clear]')
    await page.locator('[data-testid=pick-bar]').waitFor({ state: 'detached' })
    await page.goto(`${app.origin}/#/library?item=city02-0`)
    await detail().waitFor()
  })

  it('reuses every setting in Create without the service', async () => {
    await page.click('[data-testid=reuse-all]')
    await page.locator('[data-testid=screen-create]').waitFor()
    await expect.poll(() => page.inputValue('[data-testid=prompt]')).toBe(items[1]!.prompt)
    await page.goto(`${app.origin}/#/library?item=fox01-0`)
    await detail().waitFor()
    await page.click('[data-testid=reuse-prompt]')
    await expect.poll(() => page.inputValue('[data-testid=prompt]')).toBe(items[0]!.prompt)
  })

  it('deletes with a confirmation, to the library’s own trash, and the grid follows', async () => {
    await page.click('[data-screen=library]')
    await tile('bottle04-0').click()
    await page.click('[data-testid=detail-delete]')
    await page.locator('[data-testid=confirm-delete]').waitFor()
    await shot('delete-dark')
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=confirm-delete]').waitFor({ state: 'detached' })
    expect(await detail().count()).toBe(1)

    await page.click('[data-testid=detail-delete]')
    await page.click('[data-testid=confirm-delete-yes]')
    // The detail moves on to the next video; the grid loses the deleted one.
    await expect.poll(() => page.textContent('[data-testid=detail-prompt]')).toBe(items[4]!.prompt)
    // Its toast sits over the picture, clear of every button of the detail.
    const toast = await page.locator('[data-testid=toast]').filter({ hasText: 'Video deleted' }).boundingBox()
    const covered = await detail().evaluate((root, t) => [...root.querySelectorAll('button, a, input, video')].filter((el) => {
      if (el.closest('[data-testid=toasts]')) return false
      const r = el.getBoundingClientRect()
      return r.width > 0 && r.left < t.x + t.width && t.x < r.right && r.top < t.y + t.height && t.y < r.bottom && el.tagName !== 'VIDEO'
    }).map((el) => el.outerHTML.slice(0, 80)), toast!)
    expect(covered).toEqual([])
    await page.keyboard.press('Escape')
    await detail().waitFor({ state: 'detached' })
    await expect.poll(() => count().textContent()).toBe('5 videos')
    expect(await tile('bottle04-0').count()).toBe(0)
    const trash = await readdir(path.join(app.libraryDir, '.reelbox', 'trash'))
    expect(trash).toHaveLength(1)
    expect((await readdir(path.join(app.libraryDir, '.reelbox', 'trash', trash[0]!))).sort()).toEqual([
      expect.stringMatching(/\.jpg$/),
      expect.stringMatching(/\.json$/),
      expect.stringMatching(/\.mp4$/),
    ])
  })

  it('looks designed in the light theme too', async () => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.mouse.move(4, 400)
    await shot('grid-light')
    await tile('city02-0').click()
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid=detail-video]')?.readyState ?? 0) >= 2)
    await shot('detail-light')
    await page.keyboard.press('Escape')
    await page.click('[data-testid=library-filters]')
    await shot('filters-light')
    await page.keyboard.press('Escape')
    expect(errors).toEqual([])
  })
})
