import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OpenApp, enterSandbox, openApp, shotBoth } from './support/app'
import { backoffMs, testMs, videosMs, WORK_MS } from './support/waits'

/**
 * The Queue as a designer meets it, in real Chromium against web mode and the built-in Sandbox:
 * jobs sent from Create, a failure in plain words and retried, a job whose send may or may not
 * have arrived, and the engine killed mid-job with the job finishing after it comes back.
 */
let open: OpenApp

beforeAll(async () => {
  open = await openApp()
})
afterAll(async () => {
  await open?.close()
})

const queue = '[data-testid=screen-queue]'
const rows = `${queue} [data-testid=queue-row]`


const both = (name: string, focus?: string): Promise<void> => shotBoth(open, name, focus)

/** Sends one text-to-video from the Create screen, as the designer would. */
async function generate(prompt: string): Promise<void> {
  const { page } = open
  await page.click('[data-screen=create]')
  await page.click('[data-testid=model-picker]')
  await page.fill('[data-testid=model-search]', 'kestrel 2.7')
  await page.locator('[role=option][data-model="kestrel-v2.7"]').waitFor()
  await page.keyboard.press('Enter')
  await page.click('[data-testid=mode] [data-value="t2v"]')
  await page.fill('[data-testid=prompt]', prompt)
  await expect.poll(() => page.getAttribute('[data-testid=generate]', 'aria-disabled')).toBe('false')
  await page.click('[data-testid=generate]')
}

async function fault(kind: string, route: string, count = 1, ms?: number): Promise<void> {
  const sandbox = await open.sandbox()
  const answer = await fetch(`${sandbox.baseUrl}/__sandbox/faults`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ kind, route, count, ms }),
  })
  expect(answer.status).toBe(200)
}

/** How long each of the slow answers takes to come back. */
const SLOW_QUERY_MS = 3000

const rowFor = (prompt: string) => open.page.locator(rows).filter({ hasText: prompt })

describe('the Queue in real Chromium', () => {
  it('starts empty, with a way to make something', async () => {
    const { page } = open
    await enterSandbox(page)
    await page.click('[data-screen=queue]')
    await page.locator(`${queue} >> text=Nothing in the queue`).waitFor()
    expect(await page.locator('[data-testid=rail-sandbox]').textContent()).toContain('Sandbox')
    await both('queue-empty')
  })

  it('shows a job working with its phase, progress, the service’s status and a live clock, and counts it on the rail', async () => {
    const { page } = open
    await generate('A paper boat drifting down a rain-soaked street, reflections, dusk')
    await page.locator('[data-testid=queue-badge]').waitFor()
    expect(await page.getByRole('button', { name: 'Queue 1 active job', exact: true }).getAttribute('data-screen')).toBe('queue')
    await page.click('[data-screen=queue]')
    const row = rowFor('A paper boat')
    await row.locator('[data-testid=job-phase][data-service-status]').waitFor()
    expect(await row.getAttribute('data-phase')).toMatch(/pending|running/)
    await both('queue-active')
    // Elsewhere in the app, web mode tells of it in the corner, with a way to the result.
    await page.click('[data-screen=settings]')
    const toast = page.locator('[data-testid=toast]').filter({ hasText: 'Video ready' })
    await toast.waitFor({ timeout: videosMs(1) })
    expect(await toast.textContent()).toContain('Open in library')
    await both('toast-done')
    await expect.poll(() => page.locator('[data-testid=queue-badge]').count()).toBe(0)
    await toast.locator('button', { hasText: 'Show in Queue' }).click()
    await page.locator(queue).waitFor()
    expect(await row.getAttribute('data-phase')).toBe('done')
  })

  it('says a Sandbox failure in plain words and retries it as a new, linked job that finishes', { timeout: testMs(videosMs(1), videosMs(1)) }, async () => {
    const { page } = open
    await fault('task-failure', 'submit')
    await generate('A glass city melting into the sea, aerial, golden hour')
    await page.click('[data-screen=library]')
    await page.locator('[data-testid=toast]').filter({ hasText: 'A video failed' }).waitFor({ timeout: videosMs(1) })
    await both('toast-failed')
    await page.click('[data-screen=queue]')
    const failed = rowFor('A glass city').first()
    expect(await failed.getAttribute('data-phase')).toBe('failed')
    const problem = failed.locator('[data-testid=job-problem]')
    expect(await problem.locator('[data-testid=job-problem-headline]').textContent()).toBe('The service couldn’t make this video.')
    expect(await problem.textContent()).toContain('The service said:')
    await both('queue-failed')

    await failed.locator('[data-testid=job-fix-retry]').click()
    await expect.poll(() => rowFor('A glass city').count()).toBe(2)
    const retry = page.locator(rows).filter({ hasText: 'Retry of a job from' })
    await expect.poll(() => retry.getAttribute('data-phase'), { timeout: videosMs(1) }).toBe('done')
    await both('queue-retried')
    // Opening the result goes to the library with the item selected.
    await retry.locator('[data-testid=job-open-library]').click()
    await page.locator('[data-testid=screen-library]').waitFor()
    await expect.poll(() => page.evaluate(() => window.location.hash)).toMatch(/^#\/library\?item=/)
    await page.locator('[data-testid=detail-video]').waitFor()
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=detail-video]').waitFor({ state: 'detached' })
  })

  it('asks about a job that may or may not have reached the service, and sends it again on request', { timeout: testMs(WORK_MS, videosMs(1)) }, async () => {
    const { page } = open
    // The Sandbox honours idempotency keys, so the engine simply sends again; a gateway that does
    // not (the default profile) leaves the job in doubt. Connect one, pointed at the same Sandbox.
    const sandbox = await open.sandbox()
    await page.click('[data-screen=settings]')
    await page.click('[data-testid=connection-add]')
    await page.fill('[data-testid=connection-name]', 'Studio gateway')
    await page.fill('[data-testid=connection-url]', sandbox.baseUrl)
    await page.click('[data-testid=connection-save]')
    await page.fill('[data-testid=key-input]', sandbox.apiKey)
    await page.click('[data-testid=key-save]')
    await page.locator('[data-testid=key-saved]').waitFor()

    await fault('reset', 'submit')
    await generate('Neon koi circling in a midnight pond, top-down')
    await page.click('[data-screen=queue]')
    const row = rowFor('Neon koi')
    await expect.poll(() => row.getAttribute('data-phase'), { timeout: WORK_MS }).toBe('unknown')
    expect(await row.locator('[data-testid=job-problem-headline]').textContent()).toBe('This job may or may not have reached the service.')
    expect(await row.locator('[data-testid=job-idempotency-key]').textContent()).toMatch(/^[0-9a-f-]{36}$/)
    // Not the Sandbox: no Sandbox label on it.
    expect(await row.textContent()).not.toContain('Sandbox')
    await both('queue-unknown')
    await row.locator('[data-testid=job-fix-sendAgain]').click()
    await expect.poll(() => row.getAttribute('data-phase'), { timeout: videosMs(1) }).toBe('done')

    await page.click('[data-screen=settings]')
    await page.locator('[data-testid=connection]').filter({ hasText: 'Sandbox' }).locator('[data-testid=connection-use]').click()
    await page.locator('[data-testid=rail-sandbox]').waitFor()
  })

  it('shows a busy service as retrying by itself, with the time of the next try', { timeout: testMs(videosMs(1), backoffMs(3) + videosMs(1)) }, async () => {
    const { page } = open
    await fault('http503', 'query', 3)
    await generate('Wind turbines in fog, slow dolly, muted palette')
    await page.click('[data-screen=queue]')
    const row = rowFor('Wind turbines')
    const busy = row.locator('[data-testid=job-problem][data-kind=busy]')
    await busy.waitFor({ timeout: videosMs(1) })
    expect(await busy.textContent()).toMatch(/Busy — will retry at \d\d:\d\d:\d\d\./)
    await both('queue-busy')
    // Three failed polls back off with jitter (each up to its ceiling, at least the Retry-After) before the one that finds it.
    await expect.poll(() => row.getAttribute('data-phase'), { timeout: backoffMs(3) + videosMs(1) }).toBe('done')
  })

  it('keeps a job through an engine restart: it is there as it was and finishes', { timeout: testMs(WORK_MS + 2 * SLOW_QUERY_MS + videosMs(1)) }, async () => {
    const { page } = open
    // Slow answers keep the job in flight long enough to kill the engine under it.
    await fault('latency', 'query', 2, SLOW_QUERY_MS)
    await generate('An old tram crossing a bridge in snow, telephoto, soft light')
    await page.click('[data-screen=queue]')
    const row = rowFor('An old tram')
    await expect.poll(() => row.getAttribute('data-phase'), { timeout: 30_000 }).toMatch(/pending|running/)
    const id = await row.getAttribute('data-job-id')
    await open.restartEngine()
    await page.locator('.status.open').waitFor()
    await page.click('[data-screen=queue]')
    const again = page.locator(`${rows}[data-job-id="${id}"]`)
    await again.waitFor()
    expect(await again.textContent()).toContain('An old tram crossing a bridge in snow')
    // The restart, then the two slow answers, then the video.
    await expect.poll(() => again.getAttribute('data-phase'), { timeout: WORK_MS + 2 * SLOW_QUERY_MS + videosMs(1) }).toBe('done')
    // Earlier jobs are still listed too, finished as they were.
    expect(await rowFor('A paper boat').getAttribute('data-phase')).toBe('done')
  })

  it('clears finished jobs', async () => {
    const { page } = open
    await page.click('[data-testid=queue-clear-finished]')
    await page.locator(`${queue} >> text=Nothing in the queue`).waitFor()
    expect(open.errors).toEqual([])
  })
})
