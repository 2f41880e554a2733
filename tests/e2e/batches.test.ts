import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enterSandbox, openApp, shotBoth, type OpenApp } from './support/app'
import { chooseMode, chooseModel, setLanguage } from './create-helpers'
import { testMs, videosMs, WORK_MS } from './support/waits'

/**
 * Issue 15 item 3: variations appear as one batch card with a small grid of results, each with
 * its seed; the feed is the engine's recent jobs, so it is the same after a reload and after the
 * engine is killed and started again.
 */
let open: OpenApp

beforeAll(async () => {
  open = await openApp()
  await enterSandbox(open.page)
})
afterAll(async () => {
  await open?.close()
})

const batch = () => open.page.locator('[data-testid=batch-card]')
const cells = () => batch().locator('[data-testid=batch-cell]')
const seeds = () => cells().locator('[data-testid=media-caption]').allTextContents()

describe('variations as one batch', () => {
  it('shows three variations as one card of three results, each with its own seed', { timeout: testMs(WORK_MS, videosMs(3)) }, async () => {
    const { page } = open
    await chooseModel(page, 'kestrel 2.7', 'kestrel-v2.7')
    await chooseMode(page, 't2v')
    await page.fill('[data-testid=prompt]', 'A lighthouse in a storm, waves over the rocks, night')
    await page.click('[data-testid=variations-more]')
    await page.click('[data-testid=variations-more]')
    await expect.poll(() => page.getAttribute('[data-testid=generate]', 'aria-disabled')).toBe('false')
    await page.click('[data-testid=generate]')
    // Each job is journaled (fsync) before the next: on a busy machine that takes a few seconds.
    await expect.poll(() => cells().count(), { timeout: WORK_MS }).toBe(3)
    expect(await batch().count()).toBe(1)
    expect(await page.locator('[data-testid=job-card]').count()).toBe(0)
    const shown = await seeds()
    expect(shown).toHaveLength(3)
    expect(shown.every((text) => /^Seed \d+$/.test(text))).toBe(true)
    expect(new Set(shown).size).toBe(3)
    // Labelled Sandbox once, on the card, not on every cell.
    expect(await batch().locator('[data-testid=sandbox-tag]').count()).toBe(1)
    await expect.poll(() => cells().evaluateAll((all) => all.map((cell) => cell.getAttribute('data-phase'))), { timeout: videosMs(3) }).toEqual(['done', 'done', 'done'])
    expect(await batch().locator('[data-testid=batch-ready]').textContent()).toBe('3 of 3 ready')
    await shotBoth(open, 'create-batch')
  })

  it('keeps the batch across a reload and an engine restart: the feed is the journal’s recent jobs', async () => {
    const { page } = open
    const before = await seeds()
    await page.reload()
    await expect.poll(() => cells().count()).toBe(3)
    expect(await seeds()).toEqual(before)
    await open.restartEngine('SIGKILL')
    await expect.poll(() => cells().count(), { timeout: WORK_MS }).toBe(3)
    expect(await seeds()).toEqual(before)
    expect(await cells().evaluateAll((all) => all.map((cell) => cell.getAttribute('data-phase')))).toEqual(['done', 'done', 'done'])
  })

  it('takes one cell’s settings back into the form, its seed included, and opens its result in the library', async () => {
    const { page } = open
    const second = cells().nth(1)
    const seed = (await second.locator('[data-testid=media-caption]').textContent())!.replace(/^Seed /, '')
    await second.hover()
    await second.getByRole('button', { name: 'Use these settings' }).click()
    await expect.poll(() => page.inputValue('[data-testid=seed]')).toBe(seed)
    await cells().first().locator('video').click()
    await page.locator('[data-testid=library-detail]').waitFor()
    await page.keyboard.press('Escape')
    await page.click('[data-screen=create]')
  })

  it('says it in Chinese too', async () => {
    await setLanguage(open.page, 'zh-CN')
    await expect.poll(() => seeds()).toEqual(expect.arrayContaining([expect.stringMatching(/^种子 \d+$/)]))
    await shotBoth(open, 'create-batch-zh')
  })

  it('ends without page errors', () => {
    expect(open.errors).toEqual([])
  })
})
