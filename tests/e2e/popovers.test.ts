/**
 * Popovers and panels stay inside the window (issue 22 item 2), measured as element boxes in real
 * Chromium at the smallest window we support and at 1280×800, in English and in Chinese: the
 * Library's Filters, Create's model picker, "Compare on…" and the prompt history. What does not
 * fit scrolls inside the panel: its last button is reached by scrolling the panel, not the page.
 */
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enterSandbox, openApp, settled, type OpenApp } from './support/app'
import { seriousFindings } from './support/axe'
import { seedLibrary, type SeedItem } from './support/library-seed'
import { setLanguage } from './create-helpers'

const today = Date.now()
const base = { family: 'kestrel', version: '2.6', mode: 't2v' as const, finishedAt: today, hue: 30 }
const items: SeedItem[] = [
  { ...base, id: 'fox01-0', prompt: 'A red fox running through fresh snow at dawn', modelId: 'kestrel-v2.6', tags: ['hero', 'client-x', 'snow', 'dawn', 'animals'], rating: 4 },
  { ...base, id: 'city02-0', prompt: 'Neon city street in the rain at night', modelId: 'lumen-1', family: 'lumen', version: '1', mode: 'i2v', withImage: true, tags: ['night', 'rain', 'neon-lights', 'street'] },
  { ...base, id: 'cat03-0', prompt: '一只猫在雨中奔跑，电影感，慢动作', modelId: 'atlas-pro', family: 'atlas', version: 'Pro', tags: ['猫', '雨', 'slow-motion', 'pitch-deck'] },
]

let open: OpenApp

beforeAll(async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'reelbox-e2e-popovers-'))
  const folders = { dataDir: path.join(root, 'data'), libraryDir: path.join(root, 'library') }
  await seedLibrary({ ...folders, items })
  open = await openApp({ ...folders, browser: { bypassCSP: true } })
  await enterSandbox(open.page)
})
afterAll(async () => {
  await open?.close()
})

/** The box of each selector's first match against the window: how far it runs past each edge. */
async function overflow(page: Page, selector: string): Promise<{ left: number; top: number; right: number; bottom: number }> {
  return page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect()
    return { left: Math.max(0, -r.left), top: Math.max(0, -r.top), right: Math.max(0, r.right - innerWidth), bottom: Math.max(0, r.bottom - innerHeight) }
  })
}
const inside = { left: 0, top: 0, right: 0, bottom: 0 }

/** Scrolls the panel to its end and says whether `last` is then wholly inside the panel and the window. */
async function reachable(page: Page, panel: string, last: string): Promise<boolean> {
  return page.locator(panel).first().evaluate((el, last) => {
    el.scrollTop = el.scrollHeight
    const target = el.querySelector(last)
    if (!target) return false
    const p = el.getBoundingClientRect()
    const r = target.getBoundingClientRect()
    return r.top >= Math.max(0, p.top) - 1 && r.bottom <= Math.min(innerHeight, p.bottom) + 1 && r.left >= 0 && r.right <= innerWidth
  }, last)
}

describe.each(['en', 'zh-CN'] as const)('popovers in %s', (language) => {
  beforeAll(async () => {
    await setLanguage(open.page, language)
  })

  it.each([
    { width: 1024, height: 700 },
    { width: 1280, height: 800 },
  ])('stay inside a $width×$height window', async (viewport) => {
    const { page } = open
    await page.setViewportSize(viewport)
    const tag = `${viewport.width}x${viewport.height}-${language}`

    // Library → Filters: the panel and its Done button, after scrolling inside it if it must.
    await page.click('[data-screen=library]')
    await page.locator('[data-testid=library-tile]').first().waitFor()
    await page.click('[data-testid=library-filters]')
    await page.locator('[data-testid=filter-panel]').waitFor()
    await settled(page)
    expect(await overflow(page, '[data-testid=filter-panel]')).toEqual(inside)
    // Model names, not the catalogue's IDs (issue 22 item 12).
    await expect.poll(async () => (await page.locator('[data-testid=filter-panel] label.model').allTextContents()).join(' ')).toContain('Kestrel 2.6')
    expect((await page.locator('[data-testid=filter-panel]').textContent()) ?? '').not.toContain('kestrel-v2.6')
    await open.shot(`popover-filters-${tag}`)
    expect(await reachable(page, '[data-testid=filter-panel]', '[data-testid=filter-done]')).toBe(true)
    if (viewport.width === 1024) expect(await seriousFindings(page, `filters ${tag}`)).toEqual([])
    await page.click('[data-testid=filter-done]')
    await page.locator('[data-testid=filter-panel]').waitFor({ state: 'detached' })

    // Create → model picker.
    await page.click('[data-screen=create]')
    await page.click('[data-testid=model-picker]')
    await page.locator('[data-testid=model-panel]').waitFor()
    await settled(page)
    expect(await overflow(page, '[data-testid=model-panel]')).toEqual(inside)
    await open.shot(`popover-model-${tag}`)
    await page.keyboard.press('Escape')

    // Create → Compare on….
    await page.click('[data-testid=compare-on-open]')
    await page.locator('[data-testid=compare-on-panel]').waitFor()
    await settled(page)
    expect(await overflow(page, '[data-testid=compare-on-panel]')).toEqual(inside)
    expect(await reachable(page, '[data-testid=compare-on-panel]', '[data-testid=compare-on-done]')).toBe(true)
    await open.shot(`popover-compare-on-${tag}`)
    await page.click('[data-testid=compare-on-done]')

    // Create → prompt history: inside the window and above the Generate bar, not under it.
    await page.click('[data-testid=prompt-history-open]')
    await page.locator('[data-testid=prompt-history]').waitFor()
    await settled(page)
    expect(await overflow(page, '[data-testid=prompt-history]')).toEqual(inside)
    const onTop = await page.locator('[data-testid=prompt-history]').evaluate((el) => {
      const r = el.getBoundingClientRect()
      const points = [[r.left + 12, r.top + 12], [r.right - 12, r.bottom - 12], [r.left + 12, r.bottom - 12]]
      return points.every(([x, y]) => el.contains(document.elementFromPoint(x!, y!)))
    })
    expect(onTop).toBe(true)
    // A row's text ends before its star (issue 22 item 6).
    await page.locator('[data-testid=prompt-history-row]').first().waitFor()
    const clear = await page.locator('[data-testid=prompt-history-row]').evaluateAll((rows) =>
      rows.every((row) => row.querySelector('.text')!.getBoundingClientRect().right <= row.querySelector('[data-testid=prompt-history-star]')!.getBoundingClientRect().left),
    )
    expect(clear).toBe(true)
    await open.shot(`popover-history-${tag}`)
    if (viewport.width === 1024) expect(await seriousFindings(page, `history ${tag}`)).toEqual([])
    // A word and Enter at once: the first match goes in the box, nothing is sent, no error.
    await page.locator('[data-testid=prompt-history-search]').pressSequentially('neon')
    await page.keyboard.press('Enter')
    await page.locator('[data-testid=prompt-history]').waitFor({ state: 'detached' })
    expect(await page.inputValue('[data-testid=prompt]')).toBe(items[1]!.prompt)
    expect(await page.locator('[data-testid=error-prompt]').textContent()).toBe('')
    await page.fill('[data-testid=prompt]', '')
  })
})
