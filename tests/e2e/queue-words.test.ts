/**
 * The Queue's words for a batch (issue 22 item 11), in real Chromium against web mode and the
 * Sandbox on slow timings: five variations with three slots, so two wait. Each row says its
 * seed; a waiting row says it waits for a slot only while all are taken, and offers Cancel (it
 * was never sent), not "Stop waiting"; after its Retry the cancelled row offers no second Retry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enterSandbox, openApp, type OpenApp } from './support/app'
import { chooseMode, chooseModel } from './create-helpers'

let open: OpenApp

beforeAll(async () => {
  open = await openApp({ env: { REELBOX_SANDBOX_TIMING: '4000,8000' } })
  await enterSandbox(open.page)
})
afterAll(async () => {
  await open?.close()
})

const rows = () => open.page.locator('[data-testid=queue-row]')

describe('the Queue’s words for a batch', () => {
  it('says each row’s seed, waits honestly, cancels a job never sent without a warning and retires a retried row’s Retry', async () => {
    const { page } = open
    await chooseModel(page, 'kestrel 2.7', 'kestrel-v2.7')
    await chooseMode(page, 't2v')
    await page.fill('[data-testid=prompt]', 'A lighthouse in a storm, waves over the rocks, night')
    for (let i = 0; i < 4; i++) await page.click('[data-testid=variations-more]')
    await expect.poll(() => page.getAttribute('[data-testid=generate]', 'aria-disabled')).toBe('false')
    await page.click('[data-testid=generate]')
    // The card's clock says it is the time taken, not the clip's length (issue 22 item 9).
    await expect.poll(() => page.locator('[data-testid=batch-card] [data-testid=card-took]').textContent(), { timeout: 15_000 }).toMatch(/^took \d+:\d\d$/)
    await page.click('[data-screen=queue]')
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(5)
    const seeds = await rows().locator('[data-testid=job-seed]').allTextContents()
    expect(seeds).toHaveLength(5)
    expect(new Set(seeds).size).toBe(5)

    const waiting = rows().and(page.locator('[data-phase=queued]')).first()
    await waiting.waitFor()
    await expect.poll(() => waiting.locator('.status').textContent()).toMatch(/Waiting for a free slot: 3 of 3|Next to be sent/)
    // Only with every slot taken does it say it waits for one.
    const said = (await waiting.locator('.status').textContent()) ?? ''
    if (said.startsWith('Waiting for a free slot')) expect(await rows().and(page.locator(':is([data-phase=submitting], [data-phase=pending], [data-phase=running])')).count()).toBeGreaterThanOrEqual(3)
    await open.shot('queue-words-batch')
    // The row itself, by its job (the first waiting one changes as jobs move on).
    const id = await waiting.getAttribute('data-job-id')
    const old = page.locator(`[data-testid=queue-row][data-job-id="${id}"]`)
    const cancel = old.locator('[data-testid=job-cancel]')
    expect(await cancel.textContent()).toContain('Cancel')
    await cancel.click()
    // Each job of the batch is journaled (fsync) in turn: on a busy machine the cancel waits its turn.
    await expect.poll(() => old.getAttribute('data-phase'), { timeout: 30_000 }).toBe('cancelled')
    // What Retry would cost, as text under it, not only on hover (issue 26).
    const cost = old.locator('[data-testid=retry-cost]')
    expect(await cost.textContent()).toBe('Free on the Sandbox · 1 video')
    expect(await cost.isVisible()).toBe(true)
    expect(await old.locator('[data-testid=job-retry]').getAttribute('aria-describedby')).toBe(await cost.getAttribute('id'))
    await open.shot('queue-words-retry-cost')
    await old.locator('[data-testid=job-retry]').click()
    await expect.poll(() => rows().locator('.retry-of').count(), { timeout: 30_000 }).toBe(1)
    await expect.poll(() => old.locator('[data-testid=job-retry]').count()).toBe(0)
  })
})
