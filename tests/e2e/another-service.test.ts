import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeMp4 } from '../core/library/support/mp4'
import { png } from '../sandbox/support'
import { anotherProfile, startAnotherService, type AnotherService } from '../support/another-service'
import { chooseModel as pickModel } from './create-helpers'
import { type OpenApp, openApp, shotBoth } from './support/app'

/**
 * A service unlike the default one, connected as a designer would (issue 14), in real Chromium
 * against web mode: its refusal of a duration marks the duration in Create with its own words;
 * the profile tester in Settings reads a pasted answer field by field and fixes a wrong path with
 * one click; saving a profile that cannot read the service's last answers says so first; and its
 * `[{url, cover}]` results reach the library with the service's cover as the poster.
 */
let open: OpenApp
let service: AnotherService

const READY = JSON.stringify({ data: { id: 'video_42', state: 'ready', percent: 100, outputs: [{ url: 'https://cdn.another.example/v/42.mp4', cover: 'https://cdn.another.example/v/42.jpg' }] } }, null, 2)
const feedCards = '[data-testid=session-feed] [data-testid=job-card]'
const row = (field: string): string => `[data-testid=tester-reading] tr[data-field=${field}]`

beforeAll(async () => {
  service = await startAnotherService({ video: await makeMp4({ width: 320, height: 180, frames: 24 }), cover: await png(320, 180, '#f5a524') })
  open = await openApp()
})
afterAll(async () => {
  await open?.close()
  await service?.close()
})

const chooseModel = (query: string, id: string): Promise<void> => pickModel(open.page, query, id)

async function generate(): Promise<void> {
  await open.page.click('[data-testid=mode] [data-value="t2v"]')
  await open.page.fill('[data-testid=prompt]', 'A paper kite over pale dunes at noon, long lens')
  await open.page.click('[data-testid=generate]')
}

/** Settings → Service → Edit the service's connection, its advanced profile open. */
async function editConnection(): Promise<void> {
  const { page } = open
  await page.click('[data-screen=settings]')
  await page.locator('[data-testid=connection]').filter({ hasText: '127.0.0.1' }).getByRole('button', { name: /Edit|编辑/ }).click()
  await page.locator('[data-testid=connection-form] details.advanced').evaluate((details) => ((details as HTMLDetailsElement).open = true))
}

describe('a service unlike the default one', () => {
  it('connects, and its refusal of a duration marks the duration in Create with the service’s sentence', async () => {
    const { page } = open
    await page.fill('#first-run-url', service.baseUrl)
    await page.fill('#first-run-key', service.apiKey)
    await page.click('[data-testid=first-run-connect] button[type=submit]')
    await page.locator('[data-testid=first-run]').waitFor({ state: 'detached' })

    await chooseModel('lumen 1', 'lumen-1')
    await page.click('[data-testid=duration] [data-value="5"]')
    await generate()
    const card = page.locator(feedCards).first()
    await page.locator(`${feedCards}[data-phase=failed]`).first().waitFor({ timeout: 30_000 })
    expect(await card.textContent()).toContain('duration: refused by the service')
    expect(await card.textContent()).toContain('duration must be one of 4, 8')
    const marked = page.locator('[data-field=duration] .field-error')
    await expect.poll(() => marked.textContent()).toBe('Refused by the service: “duration must be one of 4, 8”')
    await shotBoth(open, 'another-service-refused', '[data-testid=duration]')
    // Another value is not what the service refused: the mark goes with it.
    await page.click('[data-testid=duration] [data-value="10"]')
    await expect.poll(() => marked.count()).toBe(0)
  })

  it('reads a pasted answer in the profile tester, field by field, and puts a suggested path in the profile', async () => {
    const { page } = open
    await editConnection()
    await page.fill('[data-testid=connection-profile]', JSON.stringify({ ...anotherProfile, query: { ...anotherProfile.query, urlsPath: 'data.outputs' } }, null, 2))
    await page.fill('[data-testid=tester-answer]', READY)
    await expect.poll(() => page.getAttribute(row('urls'), 'data-verdict')).toBe('trouble')
    expect(await page.textContent(row('urls'))).toContain('data.outputs is a list of 1 object; try data.outputs[].url')
    expect(await page.textContent('[data-testid=tester-summary]')).toBe('1 thing Reelbox needs cannot be read from this answer.')
    await shotBoth(open, 'another-service-tester-trouble', '[data-testid=profile-tester]')

    await page.click('[data-testid=tester-use-urls]')
    expect(JSON.parse(await page.inputValue('[data-testid=connection-profile]'))).toMatchObject({ query: { urlsPath: 'data.outputs[].url' } })
    await expect.poll(() => page.getAttribute(row('urls'), 'data-verdict')).toBe('read')
    expect(await page.textContent(row('urls'))).toContain('https://cdn.another.example/v/42.mp4')
    expect(await page.textContent(row('urls'))).toContain('data.outputs[].url')
    expect(await page.textContent(row('status'))).toMatch(/ready\s*finished\s*data\.state/)
    expect(await page.textContent(row('poster'))).toContain('https://cdn.another.example/v/42.jpg')
    expect(await page.textContent(row('progress'))).toMatch(/100%\s*data\.percent/)
    expect(await page.textContent('[data-testid=tester-summary]')).toBe('Reelbox reads this answer: the task is finished.')
    await shotBoth(open, 'another-service-tester', '[data-testid=profile-tester]')

    await page.click('[data-testid=tester-kind] [data-value=error]')
    await page.fill('[data-testid=tester-answer]', 'Bad Gateway')
    await expect.poll(() => page.textContent('[data-testid=tester-answer-error]')).toContain('This is not JSON')
    await page.fill('[data-testid=tester-answer]', '{"error": {"message": "bad key", "type": "authentication_error"}}')
    await expect.poll(() => page.textContent(row('message'))).toMatch(/bad key\s*error\.message/)
    await page.click('[data-testid=connection-save]')
    await page.locator('[data-testid=connection-form]').waitFor({ state: 'detached' })
  })

  it('brings [{url, cover}] results into the library with the service’s cover as the poster', async () => {
    const { page } = open
    await page.click('[data-screen=create]')
    await chooseModel('kestrel 2.7', 'kestrel-v2.7')
    await page.click('[data-testid=duration] [data-value="4"]')
    await generate()
    await page.locator(`${feedCards}[data-phase=done]`).first().waitFor({ timeout: 30_000 })
    await page.click('[data-screen=library]')
    const tile = page.locator('[data-testid=library-tile]').first()
    await tile.waitFor()
    // The service's orange cover, kept by the engine, not a frame of the video drawn by the page.
    await tile.locator('img.shown').waitFor()
    const [r, g, b] = await tile.locator('img').evaluate((img: HTMLImageElement) => {
      const canvas = document.createElement('canvas')
      canvas.width = img.naturalWidth
      canvas.height = img.naturalHeight
      const context = canvas.getContext('2d')!
      context.drawImage(img, 0, 0)
      return [...context.getImageData(img.naturalWidth >> 1, img.naturalHeight >> 1, 1, 1).data]
    })
    expect([r! > 220, g! > 140 && g! < 190, b! < 70]).toEqual([true, true, true])
  })

  it('says which of the service’s last answers a profile could no longer read, before saving it', async () => {
    const { page } = open
    await editConnection()
    await page.fill('[data-testid=connection-profile]', JSON.stringify({ ...anotherProfile, query: { ...anotherProfile.query, urlsPath: 'data.video_url' } }, null, 2))
    await page.click('[data-testid=connection-save]')
    const warning = page.locator('[data-testid=connection-unreadable]')
    await warning.waitFor()
    expect(await warning.textContent()).toContain('Result URLs: Nothing at data.video_url; the answer has data.outputs[].url')
    await shotBoth(open, 'another-service-save-check', '[data-testid=connection-unreadable]')
    await warning.getByRole('button', { name: 'Show in the tester' }).first().click()
    await expect.poll(() => page.getAttribute(row('urls'), 'data-verdict')).toBe('trouble')
    await page.click('[data-testid=tester-use-urls]')
    await expect.poll(() => page.getAttribute(row('urls'), 'data-verdict')).toBe('read')

    await page.click('[data-settings-nav=appearance]')
    await page.click('[data-testid=settings-language] [data-value=zh-CN]')
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN')
    await page.locator('[data-testid=profile-tester]').scrollIntoViewIfNeeded()
    await expect.poll(() => page.textContent('[data-testid=tester-summary]')).toBe('Reelbox 能读懂这条答复：任务已完成。')
    await shotBoth(open, 'another-service-tester-zh-CN', '[data-testid=profile-tester]')
    expect(open.errors).toEqual([])
  })
})
