import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeMp4 } from '../core/library/support/mp4'
import { png } from '../sandbox/support'
import { startThirdService, thirdPack, type ThirdService } from '../support/third-service'
import { chooseModel, dragFiles, textFile } from './create-helpers'
import { enterSandbox, type OpenApp, openApp, shotBoth } from './support/app'

/**
 * A service set up from one pack (issue 25), in real Chromium against web mode: a pack that does
 * not check is refused naming the field, in English and Chinese, and nothing of it is kept; a
 * good one dropped on Settings → Service shows what it holds and its samples read, imports as
 * the active connection, its models appear in Create, and a video is made against the service.
 */
let open: OpenApp
let service: ThirdService

beforeAll(async () => {
  service = await startThirdService({ video: await makeMp4({ width: 320, height: 180, frames: 24 }), cover: await png(320, 180, '#f5a524') })
  open = await openApp()
})
afterAll(async () => {
  await open?.close()
  await service?.close()
})

const packFile = (name: string, value: unknown) => textFile(name, typeof value === 'string' ? value : JSON.stringify(value))

describe('a service pack dropped on Settings', () => {
  it('refuses a pack that does not check, naming the field, in both languages', async () => {
    const { page } = open
    await enterSandbox(page)
    await page.click('[data-screen=settings]')
    const bad = structuredClone(thirdPack(service.baseUrl)) as { profile: { errors: { kinds: Record<string, number[]> } } }
    bad.profile.errors.kinds['quota'] = [40300]
    await dragFiles(page, '[data-testid=pack-drop]', [packFile('bad.reelbox-pack.json', bad)])
    const error = page.locator('[data-testid=pack-error]')
    await expect.poll(() => error.textContent()).toContain('bad.reelbox-pack.json was not imported: profile.errors.kinds.quota is not a name Reelbox knows')
    await shotBoth(open, 'service-pack-refused', '[data-testid=service-pack]')

    await page.click('[data-settings-nav=appearance]')
    await page.click('[data-testid=settings-language] [data-value=zh-CN]')
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN')
    await page.click('[data-settings-nav=service]')
    await dragFiles(page, '[data-testid=pack-drop]', [packFile('broken.reelbox-pack.json', '{"schemaVersion": 1,')])
    await expect.poll(() => error.textContent()).toContain('broken.reelbox-pack.json 未导入：文件 不是有效的 JSON')
    await page.click('[data-settings-nav=appearance]')
    await page.click('[data-testid=settings-language] [data-value=en]')
    await page.click('[data-settings-nav=service]')
    expect(await page.locator('[data-testid=connection]').count()).toBe(1) // the Sandbox alone
  })

  it('shows what a good pack holds, imports it, and its model makes a video in Create', async () => {
    const { page } = open
    await dragFiles(page, '[data-testid=pack-drop]', [packFile('third.reelbox-pack.json', thirdPack(service.baseUrl))])
    const preview = page.locator('[data-testid=pack-preview]')
    await preview.waitFor()
    expect(await page.textContent('[data-testid=pack-models]')).toMatch(/Tern 1\s*tern-1\s*· Text/)
    expect(await page.textContent('[data-testid=pack-kinds]')).toContain('40100, 40101 → the API key was refused')
    expect(await page.textContent('[data-testid=pack-sample-error] [data-testid=tester-reading]')).toContain('the API key was refused')
    expect(await page.getAttribute('[data-testid=pack-sample-query] tr[data-field=urls]', 'data-verdict')).toBe('read')
    await shotBoth(open, 'service-pack-preview', '[data-testid=pack-preview]')
    // The same, in Chinese on a small window: its sample's kind in the designer's words.
    await page.setViewportSize({ width: 1024, height: 700 })
    await page.click('[data-settings-nav=appearance]')
    await page.click('[data-testid=settings-language] [data-value=zh-CN]')
    await page.locator('[data-testid=pack-preview]').scrollIntoViewIfNeeded()
    await expect.poll(() => page.textContent('[data-testid=pack-kinds]')).toContain('40100, 40101 → API 密钥被拒绝')
    await shotBoth(open, 'service-pack-preview-zh-CN-1024', '[data-testid=pack-models]')
    await page.click('[data-settings-nav=appearance]')
    await page.click('[data-testid=settings-language] [data-value=en]')
    await page.setViewportSize({ width: 1280, height: 800 })

    await page.click('[data-testid=pack-import]')
    await preview.waitFor({ state: 'detached' })
    await page.locator('[data-testid=connection]').filter({ hasText: 'Third service' }).locator('[data-testid=connection-active]').waitFor()
    await page.fill('[data-testid=key-input]', service.apiKey)
    await page.click('[data-testid=key-save]')
    await page.locator('[data-testid=key-status][data-has-key=true]').waitFor()

    await page.click('[data-screen=create]')
    await chooseModel(page, 'tern', 'tern-1')
    await page.fill('[data-testid=prompt]', 'A tern over grey water, long lens')
    await page.click('[data-testid=generate]')
    await page.locator('[data-testid=session-feed] [data-testid=job-card][data-phase=done]').first().waitFor({ timeout: 60_000 })
    expect(service.requests.some((r) => r.path === '/files/clip.mp4')).toBe(true)
    expect(open.errors).toEqual([])
  })
})
