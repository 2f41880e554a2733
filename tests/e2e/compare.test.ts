/**
 * Compare (issue 17 items 2–4) in real Chromium against web mode: three library videos of three
 * families, of different lengths and frame rates, selected in the grid and compared. The test
 * reads every `<video>`'s own `currentTime` while they play and after a scrub: all within one
 * frame. Then a winner is picked (favourited in its sidecar, its model now Create's) and the
 * others are deleted, undone, and deleted for good.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, readdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, screenshotDir } from './support/browser'
import { animationFrames, clipTimes, syncedStretch } from './support/compare'
import { seedLibrary, type SeedItem } from './support/library-seed'
import { startWebApp, type WebApp } from './support/web'

const now = Date.now()
const prompt = 'A paper boat drifting down a rainy street, golden hour'
// Three families, three lengths, three frame rates: the shortest must hold its last frame.
const items: SeedItem[] = [
  { id: 'boat-kestrel-0', prompt, modelId: 'kestrel-v2.6', family: 'kestrel', version: '2.6', mode: 't2v', finishedAt: now - 1000, hue: 20, timing: { fps: 24, seconds: 4 } },
  { id: 'boat-lumen-0', prompt, modelId: 'lumen-1', family: 'lumen', version: '1', mode: 't2v', finishedAt: now - 2000, hue: 200, timing: { fps: 30, seconds: 5 } },
  { id: 'boat-atlas-0', prompt, modelId: 'atlas-pro', family: 'atlas', version: 'Pro', mode: 't2v', finishedAt: now - 3000, hue: 120, timing: { fps: 25, seconds: 3 } },
]
/** One frame of the fastest clip (30 fps). */
const FRAME = 1 / 30

let app: WebApp
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
const errors: string[] = []

const tile = (id: string) => page.locator(`[data-testid=library-tile][data-id="${id}"]`)
const view = () => page.locator('[data-testid=compare-view]')

async function sidecarOf(id: string): Promise<{ favourite: boolean; tags: string[] } | undefined> {
  for (const month of await readdir(app.libraryDir)) {
    if (month.startsWith('.')) continue
    for (const name of await readdir(path.join(app.libraryDir, month))) {
      if (!name.endsWith('.json')) continue
      const data = JSON.parse(await readFile(path.join(app.libraryDir, month, name), 'utf8')) as { id: string; favourite: boolean; tags: string[] }
      if (data.id === id) return data
    }
  }
  return undefined
}

beforeAll(async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'reelbox-e2e-compare-'))
  await seedLibrary({ dataDir: path.join(root, 'data'), libraryDir: path.join(root, 'library'), items })
  app = await startWebApp({ dataDir: path.join(root, 'data'), libraryDir: path.join(root, 'library') })
  browser = await launchBrowser()
  page = await browser.browser.newPage()
  await page.emulateMedia({ colorScheme: 'dark' })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(app.url)
  await page.locator('[data-testid=first-run]').waitFor()
  await page.click('[data-testid=first-run-sandbox]')
  await page.locator('[data-testid=first-run]').waitFor({ state: 'detached' })
  await page.click('[data-screen=library]')
  await page.locator('[data-testid=library-tile][aria-busy=false]').nth(items.length - 1).waitFor()
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

describe('compare', () => {
  it('picks videos in the grid (⌘/Ctrl-click, X, the tile’s box) and compares 2 to 4 of them', async () => {
    await tile('boat-kestrel-0').click({ modifiers: ['ControlOrMeta'] })
    await page.locator('[data-testid=pick-bar]').waitFor()
    expect(await page.locator('[data-testid=pick-compare]').isDisabled()).toBe(true)
    await tile('boat-lumen-0').focus()
    await page.keyboard.press('x')
    await tile('boat-atlas-0').hover()
    await page.locator('[data-testid=library-tile][data-id="boat-atlas-0"] ~ .tools [data-testid=tile-pick]').check()
    await expect.poll(() => page.locator('[data-testid=pick-bar] .count').textContent()).toBe('3 selected')
    // Picking never opened a detail.
    expect(await page.locator('[data-testid=library-detail]').count()).toBe(0)
    await page.click('[data-testid=pick-compare]')
    await view().waitFor()
    expect(await view().locator('[data-testid=compare-cell] figcaption .model').allTextContents()).toEqual(['Kestrel 2.6', 'Lumen 1', 'Atlas Pro'])
  })

  it('plays all three in sync, within one frame, while playing and after a scrub', async () => {
    expect((await syncedStretch(page, { frame: FRAME })).stretch).toHaveLength(30)
    await page.screenshot({ path: path.join(await screenshotDir(), 'compare-grid-dark.png'), animations: 'disabled' })

    // Paused, then scrubbed to 3.5 s: the 3-second clip holds its last frame, the others are at 3.5 s.
    await page.keyboard.press('Space')
    await expect.poll(async () => (await clipTimes(page)).playing).toBe(0)
    await page.locator('[data-testid=compare-scrub]').evaluate((el: HTMLInputElement) => {
      el.value = '3.5'
      el.dispatchEvent(new Event('input', { bubbles: true }))
    })
    const paused = await page.evaluate(() => [...document.querySelectorAll<HTMLVideoElement>('[data-testid=compare-video]')].map((v) => ({ t: v.currentTime, d: v.duration })))
    const [kestrel, lumen, atlas] = paused
    expect(kestrel!.t).toBeCloseTo(3.5, 2)
    expect(lumen!.t).toBeCloseTo(3.5, 2)
    expect(atlas!.t).toBeCloseTo(atlas!.d, 2)
    // Paused, the clips stay where they were put (to the media clock's microsecond), however many frames the page draws.
    const still = (times: number[]) => times.map((t) => expect.closeTo(t, 5))
    await animationFrames(page, 10)
    expect((await clipTimes(page)).times).toEqual(still(paused.map((clip) => clip.t)))
    // A frame forward lands every clip still running on the next frame of the fastest: 3.5 s is
    // frame 105 of the 30 fps clip, the next starts at 106/30 s. The held clip stays at its end.
    await page.keyboard.press('.')
    const next = 106 / 30
    await expect.poll(async () => (await clipTimes(page)).times).toEqual([expect.closeTo(next, 4), expect.closeTo(next, 4), expect.closeTo(atlas!.d, 4)])
    const stepped = (await clipTimes(page)).times
    await animationFrames(page, 10)
    expect((await clipTimes(page)).times).toEqual(still(stepped))
    // Playing on from the step: the two running clips together again, the held one joining at the loop.
    await page.keyboard.press('Space')
    expect((await syncedStretch(page, { frame: FRAME, run: 20 })).stretch).toHaveLength(20)
  })

  it('shows one alone with 1–4 and all again with the same key', async () => {
    await page.keyboard.press('2')
    await expect.poll(() => view().locator('[data-testid=compare-cell]:not(.hidden)').count()).toBe(1)
    expect(await view().locator('[data-testid=compare-cell]:not(.hidden)').getAttribute('data-id')).toBe('boat-lumen-0')
    await page.keyboard.press('2')
    await expect.poll(() => view().locator('[data-testid=compare-cell]:not(.hidden)').count()).toBe(3)
  })

  it('keeps its keys after a click on the scrubber, and shows the way back from one alone (issue 22 item 7)', async () => {
    await page.click('[data-testid=compare-scrub]')
    const before = (await clipTimes(page)).times[1]!
    await page.keyboard.press('Space')
    await expect.poll(async () => (await clipTimes(page)).playing).toBe(0)
    await page.keyboard.press('.')
    await expect.poll(async () => Math.abs((await clipTimes(page)).times[1]! - before)).toBeGreaterThan(0)
    await page.keyboard.press('2')
    await expect.poll(() => view().locator('[data-testid=compare-cell]:not(.hidden)').count()).toBe(1)
    await page.screenshot({ path: path.join(await screenshotDir(), 'compare-solo-dark.png'), animations: 'disabled' })
    await view().locator('[data-testid=compare-all]').click()
    await expect.poll(() => view().locator('[data-testid=compare-cell]:not(.hidden)').count()).toBe(3)
    expect(await view().locator('[data-testid=compare-all]').count()).toBe(0)
  })

  it('picks a winner: favourited, its model becomes Create’s; the others deleted with Undo, then for good', async () => {
    await view().locator('[data-testid=compare-cell][data-id="boat-atlas-0"] [data-testid=compare-pick]').click()
    await expect.poll(async () => (await sidecarOf('boat-atlas-0'))?.favourite).toBe(true)
    await expect.poll(() => view().locator('[data-testid=compare-winner-bar]').textContent()).toContain('Create now uses Atlas Pro')
    await page.screenshot({ path: path.join(await screenshotDir(), 'compare-winner-dark.png'), animations: 'disabled' })

    // The Undo stays however long the designer takes (a fake clock runs a minute on), and covers
    // none of the view's buttons.
    await page.clock.install()
    await page.click('[data-testid=compare-delete-rest]')
    await expect.poll(() => view().locator('[data-testid=compare-cell]').count()).toBe(1)
    const toast = page.locator('[data-testid=toast]', { hasText: 'Deleted 2 videos' })
    await toast.waitFor()
    await page.clock.runFor(60_000)
    expect(await toast.count()).toBe(1)
    expect(await sidecarOf('boat-kestrel-0')).toBeDefined()
    const overlaps = await page.evaluate(() => {
      const note = document.querySelector('[data-testid=toast]')!.getBoundingClientRect()
      const controls = [...document.querySelectorAll('[data-testid=compare-view] :is(button, input, [data-testid=compare-winner])')].filter((el) => !el.closest('[data-testid=toasts]'))
      return controls
        .filter((el) => {
          const r = el.getBoundingClientRect()
          return r.width > 0 && r.left < note.right && r.right > note.left && r.top < note.bottom && r.bottom > note.top
        })
        .map((el) => el.getAttribute('data-testid') ?? el.textContent)
    })
    expect(overlaps).toEqual([])
    await page.screenshot({ path: path.join(await screenshotDir(), 'compare-undo-dark.png'), animations: 'disabled' })
    // Time flows again (the notes' leave transitions wait on animation frames).
    await page.clock.resume()
    await toast.getByRole('button', { name: 'Undo' }).click()
    await expect.poll(() => toast.count()).toBe(0)
    await expect.poll(() => view().locator('[data-testid=compare-cell]').count()).toBe(3)
    expect(await sidecarOf('boat-kestrel-0')).toBeDefined()
    expect(await sidecarOf('boat-lumen-0')).toBeDefined()

    // Again, and this time the note is closed: the two go to the library's trash.
    await page.click('[data-testid=compare-delete-rest]')
    await page.locator('[data-testid=toast]', { hasText: 'Deleted 2 videos' }).getByRole('button', { name: 'Dismiss' }).click()
    await expect.poll(() => sidecarOf('boat-kestrel-0')).toBeUndefined()
    await expect.poll(() => sidecarOf('boat-lumen-0')).toBeUndefined()
    expect(await sidecarOf('boat-atlas-0')).toBeDefined()
    expect(existsSync(path.join(app.libraryDir, '.reelbox', 'trash'))).toBe(true)

    await page.keyboard.press('Escape')
    await view().waitFor({ state: 'detached' })
    await page.click('[data-screen=create]')
    await expect.poll(() => page.locator('[data-testid=model-picker]').textContent()).toContain('Atlas Pro')
    expect(errors).toEqual([])
  })
})
