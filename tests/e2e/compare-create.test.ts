/**
 * "Compare on…" (issue 17 items 1 and 2) as a designer uses it, in real Chromium against web mode
 * and the built-in Sandbox: one prompt on three models of three families becomes one batch card,
 * each cell named by its model; its Compare plays the three in sync. A model that refuses the
 * draft sends nothing, and the form says which model and why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enterSandbox, openApp, shotBoth, type OpenApp } from './support/app'
import { syncedStretch } from './support/compare'
import { testMs, videosMs } from './support/waits'

let open: OpenApp
const FRAME = 1 / 24

beforeAll(async () => {
  open = await openApp()
  await enterSandbox(open.page)
  await open.page.locator('[data-testid=model-picker]').waitFor()
})

afterAll(async () => {
  await open?.close()
})

/** Ticks these models in "Compare on…" and closes it. */
async function compareOn(...ids: string[]): Promise<void> {
  const { page } = open
  await page.click('[data-testid=compare-on-open]')
  for (const id of ids) await page.locator(`[data-testid=compare-on-panel] input[data-model="${id}"]`).check()
  await page.click('[data-testid=compare-on-done]')
}

describe('one prompt on several models', () => {
  it('becomes one batch card, a cell per model, and its Compare plays them in sync', { timeout: testMs(videosMs(3)) }, async () => {
    const { page } = open
    await page.fill('[data-testid=prompt]', 'A paper boat drifting down a rainy street at golden hour')
    await compareOn('kestrel-v2.6', 'atlas-lite')
    expect(await page.locator('[data-testid=compare-on-summary]').textContent()).toContain('3 models × 1 variation = 3 videos')
    expect(await page.locator('[data-testid=generate] .action').textContent()).toBe('Generate 3')
    await page.click('[data-testid=generate]')
    const card = page.locator('[data-testid=batch-card]').first()
    await card.waitFor()
    expect(await page.locator('[data-testid=batch-card]').count()).toBe(1)
    await expect.poll(() => card.locator('[data-testid=batch-cell]').count()).toBe(3)
    await expect.poll(() => card.locator('[data-testid=batch-ready]').textContent(), { timeout: videosMs(3) }).toBe('3 of 3 ready')
    expect(await card.textContent()).toContain('Lumen 1')
    expect(await card.textContent()).toContain('Kestrel 2.6')
    expect(await card.textContent()).toContain('Atlas Lite')
    await shotBoth(open, 'create-batch-compare', '[data-testid=batch-card]')

    await card.locator('[data-testid=batch-compare]').click()
    const view = page.locator('[data-testid=compare-view]')
    await view.waitFor()
    expect(await view.locator('[data-testid=compare-cell] figcaption .model').allTextContents()).toEqual(['Lumen 1', 'Kestrel 2.6', 'Atlas Lite'])
    expect((await syncedStretch(page, { frame: FRAME })).stretch).toHaveLength(30)
    await page.keyboard.press('Escape')
    await view.waitFor({ state: 'detached' })
  })

  it('sends nothing when one model refuses, and the form names the model and why', async () => {
    const { page } = open
    const cards = await page.locator('[data-testid=batch-card], [data-testid=job-card]').count()
    await page.fill('[data-testid=prompt]', 'A slow dolly along a neon street in the rain. '.repeat(20))
    // Kestrel 2.1 takes at most 800 characters; Lumen 1 takes 2,500.
    await compareOn('kestrel-v2.1')
    await page.click('[data-testid=generate]')
    await expect.poll(() => page.locator('[data-testid=error-prompt]').textContent()).toMatch(/Kestrel 2\.1/)
    expect(await page.locator('[data-testid=batch-card], [data-testid=job-card]').count()).toBe(cards)
    await page.click('[data-screen=queue]')
    expect(await page.locator('[data-testid=queue-row]').count()).toBe(3)
    expect(open.errors).toEqual([])
  })
})
