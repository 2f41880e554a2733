/**
 * Cost (issue 26) as a designer meets it, in real Chromium against web mode and a stand-in
 * service connected as an ordinary service (so the built-in catalogue's example prices apply:
 * Lumen 1 Fast $0.40 a video, Atlas Lite $0.30): the estimate beside Generate follows variations
 * and models; a daily budget warns at 80% and refuses past it, naming the numbers, with the way
 * to raise it; the ledger in Settings matches the jobs made. Both languages; axe clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../electron/sandbox'
import { startTestSandbox } from '../support/sandbox'
import { chooseModel } from './create-helpers'
import { openApp, shotBoth, type OpenApp } from './support/app'
import { seriousFindings } from './support/axe'

const words = {
  en: { jobCost: '$0.40 (example)', one: '≈ $0.40 · 1 video', four: '≈ $1.60 · 4 videos', eight: '≈ $2.80 · 8 videos', warn: 'With this, $0.80 of the $1.00 daily budget', refused: 'This would take “Studio” past its daily budget: $0.80 spent, this costs ≈ $0.40, the budget is $1.00. Nothing was sent', raise: 'Raise the budget', today: '$0.80' },
  'zh-CN': { jobCost: 'US$0.40（示例）', one: '约 US$0.40 · 1 个视频', four: '约 US$1.60 · 4 个视频', eight: '约 US$2.80 · 8 个视频', warn: '加上这次，每日预算 US$1.00 将用到 US$0.80', refused: '这次提交会超出“Studio”的每日预算：已花费 US$0.80，本次约 US$0.40，预算为 US$1.00。未发送任何内容', raise: '提高预算', today: 'US$0.80' },
} as const

describe.each(['en', 'zh-CN'] as const)('cost in %s', (locale) => {
  let open: OpenApp
  let service: Sandbox
  const said = words[locale]
  const estimate = () => open.page.locator('[data-testid=cost-estimate]').innerText()

  beforeAll(async () => {
    service = await startTestSandbox({ timing: { pendingMs: 100, runningMs: 300, progressSteps: 2 } })
    open = await openApp({ browser: { bypassCSP: true, locale }, viewport: { width: 1280, height: 800 } })
    const { page } = open
    await page.locator('[data-testid=first-run]').waitFor()
    await page.fill('#first-run-url', service.baseUrl)
    await page.fill('#first-run-key', service.apiKey)
    await page.click('[data-testid=first-run-connect] button[type=submit]')
    await page.locator('[data-testid=first-run]').waitFor({ state: 'detached' })
    // The connection's name, as the refusal says it.
    await page.click('[data-screen=settings]')
    await page.locator('[data-testid=connection]').filter({ hasText: '127.0.0.1' }).getByRole('button', { name: /Edit|编辑/ }).click()
    await page.locator('[data-testid=connection-form] input').first().fill('Studio')
    await page.locator('[data-testid=connection-form] button[type=submit]').click()
    await page.locator('[data-testid=connection-form]').waitFor({ state: 'detached' })
    await page.click('[data-screen=create]')
    await page.locator('[data-testid=model-picker]').waitFor()
  })

  afterAll(async () => {
    await open?.close()
    await service?.close()
  })

  it('the estimate beside Generate follows variations and models', async () => {
    const { page } = open
    await chooseModel(page, 'lumen 1 fast', 'lumen-1-fast')
    await page.fill('[data-testid=prompt]', 'A paper boat drifting down a rainy street at golden hour')
    await expect.poll(estimate).toContain(said.one)
    for (let i = 0; i < 3; i++) await page.click('[data-testid=variations-more]')
    await expect.poll(estimate).toContain(said.four)
    await page.click('[data-testid=compare-on-open]')
    await page.locator('[data-testid=compare-on-panel] input[data-model="atlas-lite"]').check()
    await page.click('[data-testid=compare-on-done]')
    await expect.poll(estimate).toContain(said.eight)
    await shotBoth(open, `cost-estimate-${locale}`, '[data-testid=cost-estimate]')
    await page.click('[data-testid=compare-on-open]')
    await page.locator('[data-testid=compare-on-panel] input[data-model="atlas-lite"]').uncheck()
    await page.click('[data-testid=compare-on-done]')
    for (let i = 0; i < 2; i++) await page.click('[data-testid=variations-fewer]')
    expect(await page.locator('[data-testid=variations]').textContent()).toBe('2')
  })

  it('a budget warns at 80% and refuses past it, naming spent, estimate and budget, with the way to raise it', async () => {
    const { page } = open
    await page.click('[data-screen=settings]')
    await page.fill('[data-testid=cost-daily]', '1')
    await page.locator('[data-testid=cost-daily]').dispatchEvent('change')
    await expect.poll(() => page.locator('#cost-daily-hint').innerText()).toContain('1.00')
    await page.click('[data-screen=create]')
    await expect.poll(() => page.locator('[data-testid=cost-budget-note]').innerText()).toContain(said.warn)
    const before = service.stats().requests.submit
    await page.click('[data-testid=generate]')
    await expect.poll(() => service.stats().requests.submit, { timeout: 30_000 }).toBe(before + 2)

    await page.click('[data-testid=variations-fewer]')
    await page.click('[data-testid=generate]')
    const problem = page.locator('[data-testid=submit-problem]')
    await expect.poll(() => problem.innerText()).toContain(said.refused)
    expect(service.stats().requests.submit).toBe(before + 2)
    await open.page.setViewportSize({ width: 1024, height: 700 })
    await shotBoth(open, `cost-refused-${locale}-1024`, '[data-testid=submit-problem]')
    await open.page.setViewportSize({ width: 1280, height: 800 })
    // Judged as it rests: the pointer off Generate (its hover colour is judged by the a11y suite's own states).
    await page.mouse.move(0, 0)
    expect(await seriousFindings(page, `${locale} create with a refusal`)).toEqual([])
    await page.getByTestId('raise-budget').click()
    await page.locator('#settings-cost').waitFor()
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/settings/cost')
  })

  it('the ledger in Settings matches the jobs made', async () => {
    const { page } = open
    const ledger = page.locator('[data-testid=cost-ledger]')
    await expect.poll(() => ledger.locator('[data-testid=cost-today]').innerText().catch(() => ''), { timeout: 30_000 }).toBe(said.today)
    expect(await ledger.locator('[data-testid=cost-month]').innerText()).toBe(said.today)
    const row = ledger.locator('[data-testid=cost-by-model] tr[data-model="lumen-1-fast"]')
    expect(await row.locator('td').allInnerTexts()).toEqual(['2', said.today])
    expect(await ledger.locator('[data-testid=cost-by-connection] tbody tr th').innerText()).toBe('Studio')
    await page.locator('#settings-cost').scrollIntoViewIfNeeded()
    await shotBoth(open, `cost-settings-${locale}`, '#settings-cost')
    expect(await seriousFindings(page, `${locale} settings cost`)).toEqual([])

    // The Queue says what each job cost at the price it was sent at.
    await page.click('[data-screen=queue]')
    await expect.poll(() => page.locator('[data-testid=job-cost]').allInnerTexts()).toEqual([said.jobCost, said.jobCost])
    await open.page.setViewportSize({ width: 1024, height: 700 })
    await shotBoth(open, `cost-queue-${locale}-1024`)
    // And the library, from the video's sidecar.
    await page.locator('[data-testid=job-open-library]').first().click()
    await expect.poll(() => page.locator('[data-testid=detail-cost]').innerText().catch(() => ''), { timeout: 15_000 }).toBe(said.jobCost)
    expect(open.errors).toEqual([])
  })
})
