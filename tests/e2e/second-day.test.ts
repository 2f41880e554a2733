/**
 * Minor things a designer saw on a second day with the app (issue 22 items 7, 12–14), in real
 * Chromium against web mode with a seeded library: a selection favourited, tagged and deleted
 * with an Undo that waits; tags on tiles; the A/B wipe's handle under the picture; the Settings
 * menu following the section on screen; the detail's keys and the Sequences "Add clips" tile
 * whole at 1024×700, in English and Chinese.
 */
import { mkdtemp, readFile, readdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enterSandbox, openApp, settled, type OpenApp } from './support/app'
import { seriousFindings } from './support/axe'
import { seedLibrary, type SeedItem } from './support/library-seed'
import { setLanguage } from './create-helpers'

const now = Date.now()
const base = { modelId: 'lumen-1', family: 'lumen', version: '1', mode: 't2v' as const, poster: true }
const items: SeedItem[] = [
  { ...base, id: 'fox01-0', prompt: 'A red fox running through fresh snow at dawn', finishedAt: now - 1000, hue: 20, tags: ['hero'] },
  { ...base, id: 'koi02-0', prompt: 'Koi in a night market pond, lanterns', finishedAt: now - 2000, hue: 200 },
  { ...base, id: 'boat03-0', prompt: 'A paper boat on a rainy street', finishedAt: now - 3000, hue: 120 },
  { ...base, id: 'tall04-0', prompt: 'A tall shot of a lighthouse', finishedAt: now - 4000, hue: 40, shape: 'tall' },
]

let open: OpenApp
const order = ['service', 'key', 'catalog', 'library', 'jobs', 'cost', 'notifications', 'appearance', 'about']
const tile = (id: string) => open.page.locator(`[data-testid=library-tile][data-id="${id}"]`)

async function sidecarOf(id: string): Promise<{ favourite: boolean; tags: string[] } | undefined> {
  const dir = open.app.libraryDir
  for (const month of await readdir(dir)) {
    if (month.startsWith('.')) continue
    for (const name of await readdir(path.join(dir, month))) {
      if (!name.endsWith('.json')) continue
      const data = JSON.parse(await readFile(path.join(dir, month, name), 'utf8')) as { id: string; favourite: boolean; tags: string[] }
      if (data.id === id) return data
    }
  }
  return undefined
}

const insideWindow = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect()
    return r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight
  })

/** The element shows all its text: nothing clipped inside it and it is not cut by a parent. */
const whole = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.every((el) => {
      const r = el.getBoundingClientRect()
      const parent = el.parentElement!.getBoundingClientRect()
      return el.scrollWidth <= el.clientWidth + 1 && r.right <= parent.right + 1 && r.left >= parent.left - 1
    }),
  )

beforeAll(async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'reelbox-e2e-second-day-'))
  const folders = { dataDir: path.join(root, 'data'), libraryDir: path.join(root, 'library') }
  await seedLibrary({ ...folders, items })
  open = await openApp({ ...folders, browser: { bypassCSP: true }, viewport: { width: 1024, height: 700 } })
  await enterSandbox(open.page)
})
afterAll(async () => {
  await open?.close()
})

describe('a second day', () => {
  it('draws the A/B wipe’s handle under the picture, not over it, and labels the sides by their prompts', async () => {
    const { page } = open
    await page.click('[data-screen=library]')
    await tile('koi02-0').click({ modifiers: ['ControlOrMeta'] })
    await tile('boat03-0').click({ modifiers: ['ControlOrMeta'] })
    await page.click('[data-testid=pick-compare]')
    await page.locator('[data-testid=compare-view]').waitFor()
    await page.click('[data-testid=compare-layout] [data-value=wipe]')
    await page.locator('[data-testid=compare-wipe]').waitFor()
    // One model made both: the captions are the prompts, not "Lumen 1" twice.
    expect(await page.locator('[data-testid=compare-label]').allTextContents()).toEqual([items[1]!.prompt, items[2]!.prompt])
    const clear = await page.evaluate(() => {
      const handle = document.querySelector('[data-testid=compare-wipe]')!.getBoundingClientRect()
      return [...document.querySelectorAll('[data-testid=compare-cell] .media')].every((media) => handle.top >= media.getBoundingClientRect().bottom)
    })
    expect(clear).toBe(true)
    await open.shot('second-day-wipe')
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=compare-view]').waitFor({ state: 'detached' })
    await page.click('[data-testid=pick-clear]')
  })

  it('acts on a selection: Favourite, Tag (its panel inside the window), Delete with an Undo that waits', async () => {
    const { page } = open
    await page.click('[data-screen=library]')
    await tile('fox01-0').waitFor()
    // Tags show on the tiles.
    expect(await tile('fox01-0').locator('[data-testid=tile-tags]').textContent()).toBe('#hero')
    await tile('koi02-0').click({ modifiers: ['ControlOrMeta'] })
    await tile('boat03-0').click({ modifiers: ['ControlOrMeta'] })
    await page.click('[data-testid=pick-favourite]')
    await expect.poll(async () => (await sidecarOf('koi02-0'))?.favourite).toBe(true)
    await expect.poll(async () => (await sidecarOf('boat03-0'))?.favourite).toBe(true)

    for (const language of ['en', 'zh-CN'] as const) {
      if (language === 'zh-CN') {
        await setLanguage(page, 'zh-CN')
        await page.click('[data-screen=library]')
      }
      await page.click('[data-testid=pick-tag]')
      await page.locator('[data-testid=pick-tag-panel]').waitFor()
      await settled(page)
      expect(await insideWindow(page, '[data-testid=pick-tag-panel]')).toBe(true)
      await open.shot(`second-day-pick-tag-${language}`)
      if (language === 'en') expect(await seriousFindings(page, 'library selection, tag panel')).toEqual([])
      await page.keyboard.press('Escape')
    }
    await setLanguage(page, 'en')
    await page.click('[data-screen=library]')
    await page.click('[data-testid=pick-tag]')
    await page.fill('[data-testid=pick-tag-word]', 'client-x')
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await sidecarOf('boat03-0'))?.tags).toEqual(['client-x'])
    await expect.poll(() => tile('koi02-0').locator('[data-testid=tile-tags]').textContent()).toBe('#client-x')

    // Delete: the tiles dim, the Undo stays (a fake clock runs a minute on) and brings them back.
    await page.clock.install()
    await page.click('[data-testid=pick-delete]')
    const note = page.locator('[data-testid=toast]', { hasText: 'Deleted 2 videos' })
    await note.waitFor()
    await page.clock.runFor(60_000)
    expect(await note.count()).toBe(1)
    expect(await sidecarOf('koi02-0')).toBeDefined()
    const dimmed = () => tile('koi02-0').evaluate((el) => el.closest('.tile')!.classList.contains('leaving'))
    expect(await dimmed()).toBe(true)
    await page.clock.resume()
    await note.getByRole('button', { name: 'Undo' }).click()
    await expect.poll(dimmed).toBe(false)

    // Again; the next deletion (of one, from its detail) sends the waiting two to the trash.
    await tile('koi02-0').click({ modifiers: ['ControlOrMeta'] })
    await tile('boat03-0').click({ modifiers: ['ControlOrMeta'] })
    await page.click('[data-testid=pick-delete]')
    await note.waitFor()
    await tile('tall04-0').click()
    await page.locator('[data-testid=library-detail]').waitFor()
    await page.click('[data-testid=detail-delete]')
    await page.click('[data-testid=confirm-delete-yes]')
    await expect.poll(() => sidecarOf('koi02-0')).toBeUndefined()
    await expect.poll(() => sidecarOf('boat03-0')).toBeUndefined()
    await expect.poll(() => sidecarOf('tall04-0')).toBeUndefined()
    expect(await sidecarOf('fox01-0')).toBeDefined()
    if (await page.locator('[data-testid=library-detail]').count()) await page.keyboard.press('Escape')
  })

  it.each(['en', 'zh-CN'] as const)('shows the detail’s keys and the Sequences “Add clips” whole at 1024×700 in %s', async (language) => {
    const { page } = open
    await setLanguage(page, language)
    await page.goto(`${open.app.origin}/#/library?item=fox01-0`)
    await page.locator('[data-testid=library-detail]').waitFor()
    await page.locator('[data-testid=detail-keys] .key-group').first().waitFor()
    expect(await whole(page, '[data-testid=detail-keys] .key-group')).toBe(true)
    expect(await insideWindow(page, '[data-testid=detail-keys]')).toBe(true)
    await open.shot(`second-day-detail-keys-${language}`)
    await page.keyboard.press('Escape')
    await page.click('[data-screen=sequence]')
    if (!(await page.locator('[data-testid=sequence-clip]').count())) {
      await page.click('[data-testid=sequence-empty-add]')
      await page.locator('[data-testid=clip-picker-item]').first().click()
      await page.click('[data-testid=clip-picker-add]')
    }
    await page.locator('[data-testid=sequence-add]').waitFor()
    const add = await page.locator('[data-testid=sequence-add]').evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)
    expect(add).toBe(true)
    await open.shot(`second-day-sequence-add-${language}`)
  })

  it('lights the Settings section on screen, each of the short ones at the end in turn', async () => {
    const { page } = open
    await setLanguage(page, 'en')
    // Opened afresh at the top (the language's own click on Appearance scrolled and pinned it).
    await page.goto(`${open.app.origin}/#/settings/service`)
    await page.locator('[data-settings-nav=about]').waitFor()
    const box = page.locator('main.content')
    const max = await box.evaluate((el) => el.scrollHeight - el.clientHeight)
    const lit = new Set<string>()
    for (let top = 0; top <= max + 60; top += 60) {
      // Scrolled as a wheel would, not by the side menu.
      await box.evaluate((el, top) => (el.scrollTop = top), Math.min(top, max))
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
      const seen = await box.evaluate((el) => {
        const view = el.getBoundingClientRect()
        const current = document.querySelector('[data-settings-nav][aria-current=true]')!.getAttribute('data-settings-nav')!
        const section = document.getElementById(`settings-${current}`)!.getBoundingClientRect()
        const read = view.top + view.height / 3
        const headings = [...document.querySelectorAll('[id^=settings-]')].filter((h) => h.getBoundingClientRect().top <= read - 2).map((h) => h.id.slice('settings-'.length))
        return { current, onScreen: section.top < view.bottom && section.bottom > view.top, passed: headings.at(-1) }
      })
      lit.add(seen.current)
      expect(seen.onScreen, `${seen.current} at ${top}`).toBe(true)
      if (seen.passed) expect(order.indexOf(seen.current), `${seen.current} at ${top}`).toBeGreaterThanOrEqual(order.indexOf(seen.passed))
    }
    expect([...lit]).toEqual(order)
  })
})
