import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enterSandbox, openApp, shotBoth, type OpenApp } from './support/app'
import { chooseMode, chooseModel, dragFiles, scene } from './create-helpers'
import { backoffMs, taskMs, testMs, videosMs, WORK_MS } from './support/waits'

/**
 * Issue 15 item 4, against the Sandbox with slow tasks (each runs 8 s): "Stop waiting" keeps the
 * task and says honestly that the service may still make and bill it; once the service has
 * finished it, "Check again" brings it into the library. On the way: an image-to-video card shows
 * its input frame while it is made, and a job the service refused for now (429) does not claim to
 * wait for a free slot.
 */
let open: OpenApp
/** Slow tasks: pending for 0.5 s, then made for 8 s. */
const SLOW = '500,8000'

beforeAll(async () => {
  open = await openApp({ env: { REELBOX_SANDBOX_TIMING: SLOW } })
  await enterSandbox(open.page)
})
afterAll(async () => {
  await open?.close()
})

const row = () => open.page.locator('[data-testid=queue-row]').first()

async function control(method: 'GET' | 'POST', what: string, body?: unknown): Promise<unknown> {
  const sandbox = await open.sandbox()
  const answer = await fetch(`${sandbox.baseUrl}/__sandbox/${what}`, {
    method,
    headers: { authorization: `Bearer ${sandbox.apiKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(answer.status).toBe(200)
  return ((await answer.json()) as { data: unknown }).data
}

const taskPhases = async (): Promise<string[]> => ((await control('GET', 'tasks')) as { tasks: Array<{ phase: string }> }).tasks.map((task) => task.phase)

describe('Stop waiting keeps the task', () => {
  it('shows an image-to-video job’s input frame, dimmed, while it is made', async () => {
    const { page } = open
    await chooseModel(page, 'kestrel 2.7', 'kestrel-v2.7')
    await chooseMode(page, 'i2v')
    await dragFiles(page, '[data-testid=slot-image] [data-testid=drop-zone]', [await scene('sea', 1280, 720)])
    await page.fill('[data-testid=prompt]', 'The tide comes in over the rocks, slow push in')
    await expect.poll(() => page.getAttribute('[data-testid=generate]', 'aria-disabled')).toBe('false')
    await page.click('[data-testid=generate]')
    const card = page.locator('[data-testid=job-card]').first()
    await card.locator('[data-testid=job-input-frame]').waitFor()
    await expect.poll(() => card.locator('[data-testid=job-input-frame]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280)
    await shotBoth(open, 'create-i2v-running')
  })

  it('says the service may still make and bill it, and keeps the task when stopped', async () => {
    const { page } = open
    await page.click('[data-screen=queue]')
    await expect.poll(() => row().getAttribute('data-phase'), { timeout: videosMs(1, SLOW) }).toBe('running')
    await row().locator('[data-testid=job-cancel]').click()
    expect(await row().locator('.confirm').textContent()).toContain('may still finish (and bill)')
    await row().locator('[data-testid=job-cancel-confirm]').click()
    await expect.poll(() => row().getAttribute('data-phase')).toBe('stopped')
    const problem = row().locator('[data-testid=job-problem]')
    expect(await problem.locator('[data-testid=job-problem-headline]').textContent()).toBe('You stopped waiting for this video.')
    expect(await problem.textContent()).toContain('The service may still make (and bill) this video')
    await shotBoth(open, 'queue-stopped')
    // Not counted as being made any more: the rail's badge is gone.
    await expect.poll(() => page.locator('[data-testid=queue-badge]').count()).toBe(0)
  })

  it('brings the video into the library with Check again once the service has finished it', { timeout: testMs(taskMs(SLOW) + WORK_MS, videosMs(1, SLOW)) }, async () => {
    const { page } = open
    // The service goes on without us (§4 has no cancel) …
    await expect.poll(taskPhases, { timeout: taskMs(SLOW) + WORK_MS }).toEqual([expect.not.stringMatching(/^(pending|running)$/)])
    expect(await row().getAttribute('data-phase')).toBe('stopped')
    // … and checking again finds it finished and downloads it.
    await row().locator('[data-testid=job-fix-checkAgain]').click()
    await expect.poll(() => row().getAttribute('data-phase'), { timeout: videosMs(1, SLOW) }).toBe('done')
    await row().locator('[data-testid=job-open-library]').click()
    await page.locator('[data-testid=library-detail] [data-testid=detail-video]').waitFor()
    expect(await page.textContent('[data-testid=detail-prompt]')).toBe('The tide comes in over the rocks, slow push in')
    await page.keyboard.press('Escape')
  })

  it('does not say a job refused for now (429) waits for a free slot', { timeout: testMs(WORK_MS, backoffMs(3) + videosMs(1, SLOW)) }, async () => {
    const { page } = open
    // Three refusals, each asking for a second (Retry-After: 1): long enough to read the row.
    await control('POST', 'faults', { kind: 'http429', route: 'submit', count: 3 })
    await page.click('[data-screen=create]')
    await chooseMode(page, 't2v')
    await page.fill('[data-testid=prompt]', 'Paper lanterns rising over a river at night')
    await page.click('[data-testid=generate]')
    await page.click('[data-screen=queue]')
    const refused = page.locator('[data-testid=queue-row]').filter({ hasText: 'Paper lanterns' })
    await refused.locator('[data-testid=job-problem][data-kind=busy]').waitFor({ timeout: WORK_MS })
    expect(await refused.getAttribute('data-phase')).toBe('queued')
    expect(await refused.textContent()).not.toContain('free slot')
    // Then it is sent (after the backoff), made in 8.5 s and found by polling whose jitter may wait up to its cap.
    await expect.poll(() => refused.getAttribute('data-phase'), { timeout: backoffMs(3) + videosMs(1, SLOW) }).toBe('done')
  })

  it('ends without page errors', () => {
    expect(open.errors).toEqual([])
  })
})
