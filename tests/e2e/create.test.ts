import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OpenApp, enterSandbox, openApp, shotBoth } from './support/app'
import { chooseMode as pickMode, chooseModel as pickModel, dragFiles, dragLeave, dropWebImage, loadedPreview, pasteFile, scene, setLanguage, textFile, type PageFile } from './create-helpers'
import { testMs, videosMs, WORK_MS } from './support/waits'

/**
 * The Create screen as a designer uses it, in real Chromium against web mode and the built-in
 * Sandbox: from the first run to a playable result, images by drop and by paste, first and last
 * frame with swap, references up to the model's maximum, a too-long prompt refused inline.
 */
let open: OpenApp
const images: Record<string, PageFile> = {}

beforeAll(async () => {
  open = await openApp()
  images['dusk'] = await scene('dusk', 1280, 720)
  images['sea'] = await scene('sea', 1280, 720)
  images['forest'] = await scene('forest', 1024, 1024)
  images['rose'] = await scene('rose', 900, 1200, 'jpeg')
  images['big'] = await scene('sea', 3840, 2160)
})

afterAll(async () => {
  await open?.close()
})

const feedCards = '[data-testid=session-feed] [data-testid=job-card]'

/** Finite animations and transitions (a theme change fades colours) have finished. */

const both = (name: string, focus?: string): Promise<void> => shotBoth(open, name, focus)

const chooseModel = (query: string, id: string): Promise<void> => pickModel(open.page, query, id)
const chooseMode = (mode: string): Promise<void> => pickMode(open.page, mode)

describe('Create in real Chromium', () => {
  it('starts empty from the first run, labelled Sandbox', async () => {
    const { page } = open
    await enterSandbox(page)
    await page.locator('[data-testid=screen-create]').waitFor()
    // Said once on the screen, by the rail's badge, not again in the header.
    await page.locator('[data-testid=rail-sandbox]').waitFor()
    expect(await page.locator('[data-testid=screen-create] header').getByText('Sandbox').count()).toBe(0)
    await expect.poll(() => page.textContent('[data-testid=session-feed]')).toContain('Your videos will appear here')
    await page.locator('[data-testid=placeholder-note]').waitFor()
    await both('create-empty')
  })

  it('finds a model by typing, with full IDs, and offers only its modes', async () => {
    const { page } = open
    await page.click('[data-testid=model-picker]')
    await page.fill('[data-testid=model-search]', 'kes')
    await page.locator('[role=option][data-model="kestrel-v2.6"]').waitFor()
    expect(await page.locator('[role=option]').count()).toBe(5)
    await both('create-model-picker')
    await page.fill('[data-testid=model-search]', 'atlas lite')
    await expect.poll(() => page.locator('[role=option]').count()).toBe(1)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.textContent('[data-testid=model-picker]')).toContain('atlas-lite')
    const modes = await page.locator('[data-testid=mode] [role=radio]').evaluateAll((els) => els.map((el) => el.getAttribute('data-value')))
    expect(modes).toEqual(['t2v', 'i2v', 'reference'])
  })

  it('makes a text-to-video that turns into a playable card', async () => {
    const { page } = open
    await chooseModel('kestrel 2.7', 'kestrel-v2.7')
    await chooseMode('t2v')
    await page.fill('[data-testid=prompt]', 'A lighthouse at dusk, waves rolling in, slow push-in, warm light')
    await expect.poll(() => page.textContent('[data-testid=prompt-count]')).toContain('64 / 2,500')
    await page.locator('[data-testid=audio]').click()
    await page.locator('[data-testid=prompt]').press('Control+Enter')
    await page.locator(`${feedCards}`).first().waitFor()
    await page.locator(`${feedCards}[aria-busy=true]`).first().waitFor()
    await both('create-running')
    const done = page.locator(`${feedCards}[data-phase=done]`).first()
    await done.waitFor({ timeout: videosMs(1) })
    expect(await done.locator('[data-testid=sandbox-tag]').textContent()).toBe('Sandbox')
    const playable = await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-phase=done] video')
      return video && video.readyState >= 2 && video.duration > 0 ? { readyState: video.readyState, duration: video.duration } : undefined
    })
    const state = (await playable.jsonValue()) as { readyState: number; duration: number }
    expect(state.readyState).toBeGreaterThanOrEqual(2)
    expect(state.duration).toBeGreaterThan(0)
    await done.hover()
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-phase=done] video')
      return video && !video.paused && video.muted
    })
    await both('create-done')
  })

  it('refuses a too-long prompt inline, before anything is sent', async () => {
    const { page } = open
    const before = await page.locator(feedCards).count()
    await page.fill('[data-testid=prompt]', 'Waves crash on black rocks. '.repeat(100))
    await expect.poll(() => page.textContent('[data-testid=error-prompt]')).toMatch(/2,799 characters.*at most 2,500/)
    expect(await page.getAttribute('[data-testid=prompt-count]', 'class')).toContain('over')
    expect(await page.getAttribute('[data-testid=generate]', 'aria-disabled')).toBe('true')
    await page.locator('[data-testid=prompt]').press('Control+Enter')
    await page.locator('[data-testid=generate-reason]').waitFor()
    expect(await page.locator(feedCards).count()).toBe(before)
    await both('create-prompt-too-long')
    await page.fill('[data-testid=prompt]', 'Waves crash on black rocks, spray in slow motion')
    await expect.poll(() => page.getAttribute('[data-testid=generate]', 'aria-disabled')).toBe('false')
  })

  it('takes a first frame dropped as a file, says no to a PDF on the spot, and shows the resize', async () => {
    const { page } = open
    await chooseModel('kestrel 2.1', 'kestrel-v2.1')
    await chooseMode('i2v')
    const slot = '[data-testid=slot-image] [data-testid=drop-zone]'
    await dragFiles(page, slot, [images['dusk']!], { hover: true })
    await expect.poll(() => page.textContent(slot)).toContain('Drop first frame')
    await both('create-drop-over', slot)
    await dragLeave(page, slot)
    await dragFiles(page, slot, [textFile('brief.pdf', '%PDF-1.7')], { hover: true })
    await expect.poll(() => page.textContent(slot)).toContain('Only images can go here')
    await both('create-drop-wrong', slot)
    await dragFiles(page, slot, [textFile('brief.pdf', '%PDF-1.7')])
    await expect.poll(() => page.textContent('[data-testid=slot-image-error]')).toContain('“brief.pdf” is not an image')
    await dragFiles(page, slot, [images['big']!])
    expect(await loadedPreview(page, '[data-testid=slot-image]')).toMatch(/^blob:/)
    await expect.poll(() => page.textContent('[data-testid=slot-image] [data-testid=slot-size]')).toMatch(/3840×2160 · [\d.]+ KB/)
    // Kestrel 2.1 takes at most 2,073,600 pixels: the 4K frame goes out as 1920×1080.
    await expect.poll(() => page.textContent('[data-testid=slot-image] [data-testid=slot-resized]')).toMatch(/Sent as 1920×1080/)
    await page.fill('[data-testid=prompt]', 'The sun sinks, the sea turns violet')
    await both('create-first-frame', '[data-testid=slot-image]')
  })

  it('takes an image dragged from a web page as a link, and a first frame by paste', { timeout: testMs(WORK_MS, videosMs(2)) }, async () => {
    const { page } = open
    const zone = '[data-testid=slot-image] [data-testid=drop-zone]'
    await page.click('[data-testid=slot-image] [data-testid=slot-remove]')
    await dropWebImage(page, zone, 'https://images.example.com/boat.jpg')
    // The picture itself (the <img> source), not the page it links to.
    await expect.poll(() => page.getAttribute('[data-testid=slot-image] figcaption .file', 'title')).toBe('https://images.example.com/boat.jpg')
    expect(await page.textContent('[data-testid=slot-image] figcaption')).toContain('images.example.com')
    await page.click('[data-testid=slot-image] [data-testid=slot-remove]')
    await page.locator('[data-testid=slot-image] [data-testid=slot-preview]').waitFor({ state: 'detached' })
    await pasteFile(page, '[data-testid=slot-image] [data-testid=drop-zone]', images['sea']!)
    await loadedPreview(page, '[data-testid=slot-image]')
    await expect.poll(() => page.textContent('[data-testid=slot-image] [data-testid=slot-size]')).toMatch(/1280×720/)
    // "Variations: 2" sends two jobs (the engine gives the second its own seed).
    await page.click('[data-testid=variations-more]')
    expect(await page.textContent('[data-testid=generate]')).toContain('Generate 2')
    const before = await page.locator(feedCards).count()
    await page.click('[data-testid=generate]')
    // One batch card of two cells, not two cards (issue 15 item 3; tests/e2e/batches.test.ts).
    await expect.poll(() => page.locator('[data-testid=session-feed] [data-testid=batch-card] [data-testid=batch-cell]').count(), { timeout: WORK_MS }).toBe(2)
    expect(await page.locator(feedCards).count()).toBe(before)
    await page.click('[aria-label="Fewer variations"]')
    // Both sent and finished before the next test injects a failure meant for its own job.
    await expect.poll(() => page.locator('[data-testid=batch-cell][data-phase=done]').count(), { timeout: videosMs(2) }).toBe(2)
  })

  it('shows a failed job in plain words, and retries it', { timeout: testMs(videosMs(1), videosMs(1)) }, async () => {
    const { page } = open
    const sandbox = await open.sandbox()
    const injected = await fetch(`${sandbox.baseUrl}/__sandbox/faults`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'task-failure', route: 'submit', count: 1 }),
    })
    expect(injected.status).toBe(200)
    await page.fill('[data-testid=prompt]', 'A paper boat drifts down a rainy street')
    await page.locator('[data-testid=prompt]').press('Control+Enter')
    const failed = page.locator(`${feedCards}[data-phase=failed]`).first()
    await failed.waitFor({ timeout: videosMs(1) })
    expect(await failed.locator('[data-testid=job-error]').textContent()).not.toBe('')
    await both('create-failed', `${feedCards}[data-phase=failed]`)
    // What Retry would cost, as text beside it, not only on hover (issue 26).
    const cost = failed.locator('[data-testid=retry-cost]')
    expect(await cost.textContent()).toBe('Free on the Sandbox · 1 video')
    expect(await cost.isVisible()).toBe(true)
    expect(await failed.locator('[data-testid=job-retry]').getAttribute('aria-describedby')).toBe(await cost.getAttribute('id'))
    const done = await page.locator(`${feedCards}[data-phase=done]`).count()
    await failed.locator('[data-testid=job-retry]').click()
    await expect.poll(() => page.locator(`${feedCards}[data-phase=done]`).count(), { timeout: videosMs(1) }).toBeGreaterThan(done)
  })

  it('opens a finished card in the library, then comes back to the same form', async () => {
    const { page } = open
    const card = page.locator(`${feedCards}[data-phase=done]`).first()
    await card.hover()
    await card.locator('[data-testid=open-in-library]').click()
    await page.locator('[data-testid=screen-library]').waitFor()
    expect(page.url()).toMatch(/#\/library\?item=/)
    await page.locator('[data-testid=library-detail]').waitFor()
    await page.keyboard.press('Escape')
    await page.click('[data-screen=create]')
    expect(await page.inputValue('[data-testid=prompt]')).toBe('A paper boat drifts down a rainy street')
  })

  it('swaps the first and last frame', async () => {
    const { page } = open
    await chooseModel('kestrel 2.5', 'kestrel-v2.5')
    await chooseMode('first-last')
    // The first frame follows the designer from first-frame mode.
    const carried = await loadedPreview(page, '[data-testid=slot-first]')
    await dragFiles(page, '[data-testid=slot-last] [data-testid=drop-zone]', [images['forest']!])
    const last = await loadedPreview(page, '[data-testid=slot-last]')
    expect(last).not.toBe(carried)
    await both('create-first-last', '[data-testid=slot-first]')
    await page.click('[data-testid=swap-frames]')
    await expect.poll(() => loadedPreview(page, '[data-testid=slot-first]')).toBe(last)
    expect(await loadedPreview(page, '[data-testid=slot-last]')).toBe(carried)
    expect(await page.textContent('[data-testid=slot-first] [data-testid=slot-size]')).toMatch(/1024×1024/)
  })

  it('keeps the reference maximum: counter, extras set aside in a sentence, add disabled, a drop on a full slot refused', async () => {
    const { page } = open
    await chooseModel('atlas pro', 'atlas-pro')
    await chooseMode('reference')
    const zone = '[data-testid=slot-references] [data-testid=drop-zone]'
    await dragFiles(page, zone, [images['dusk']!, images['sea']!])
    await expect.poll(() => page.textContent('[data-testid=refs-count]')).toBe('2 / 3')
    expect(await page.isDisabled('[data-testid=refs-add]')).toBe(false)
    await dragFiles(page, zone, [images['forest']!, images['rose']!])
    await expect.poll(() => page.textContent('[data-testid=refs-count]')).toBe('3 / 3')
    await expect.poll(() => page.textContent('[data-testid=refs-aside]')).toContain('Set aside: rose.jpg. Atlas Pro takes at most 3 reference images')
    expect(await page.isDisabled('[data-testid=refs-add]')).toBe(true)
    await dragFiles(page, zone, [images['sea']!])
    await expect.poll(() => page.textContent('[data-testid=slot-references-error]')).toContain('Atlas Pro takes at most 3 reference images; remove one to add another.')
    expect(await page.locator('[data-testid=ref-tile]').count()).toBe(4)
    // Reorder with the keyboard: the first reference moves one place later.
    const order = () => page.locator('[data-testid=ref-tile] [data-testid=slot-preview]').evaluateAll((els) => els.map((el) => (el as HTMLImageElement).src))
    const before = await order()
    await page.locator('[data-testid=ref-tile]').first().locator('[data-move=right]').focus()
    await page.keyboard.press('Enter')
    await expect.poll(order).toEqual([before[1], before[0], before[2], before[3]])
    await page.fill('[data-testid=prompt]', 'The same character walks through three seasons')
    await both('create-references-full', '[data-testid=slot-references]')
  })

  it('in 简体中文, says the engine’s refusals of a prompt and of images in Chinese', async () => {
    const { page } = open
    await setLanguage(page, 'zh-CN')
    await chooseModel('kestrel 2.1', 'kestrel-v2.1')
    await chooseMode('t2v')
    await page.fill('[data-testid=prompt]', '海浪拍打黑色礁石，'.repeat(100) + '慢镜头')
    await expect.poll(() => page.textContent('[data-testid=error-prompt]')).toBe('提示词共 903 个字，Kestrel 2.1 最多接受 800 个字')
    await both('create-prompt-too-long-zh-CN')

    await page.fill('[data-testid=prompt]', '海浪拍打黑色礁石')
    await chooseMode('i2v')
    const slot = '[data-testid=slot-image] [data-testid=drop-zone]'
    // Says it is a PNG; the engine reads the bytes and refuses it.
    await dragFiles(page, slot, [{ ...textFile('notes.png', 'Shot list: wide, close-up'), type: 'image/png' }])
    await expect.poll(() => page.textContent('[data-testid=slot-image-error]')).toBe('notes.png 是文本文件，不是 Reelbox 可用的图片（PNG、JPEG、WebP 或 GIF）')
    // A real image, too small for the model: the draft check refuses it in its slot.
    await dragFiles(page, slot, [await scene('rose', 40, 40)])
    await expect.poll(() => page.textContent('[data-testid=slot-image-error]')).toMatch(/^首帧（rose\.png）为 40×40，模型要求每边至少 \d+ 像素$/)
    await expect.poll(() => page.textContent('[data-testid=generate-reason]')).toMatch(/^首帧：40×40 太小（每边至少 \d+ 像素）$/)
    await both('create-image-refused-zh-CN', '[data-testid=slot-image]')
    const shown = await page.locator('[data-testid=create-form] .field-error').allTextContents()
    expect(shown.join(' ')).not.toMatch(/takes|needs|is not|characters|image store/)

    await setLanguage(page, 'en')
  })

  it('ends without page errors', () => {
    expect(open.errors).toEqual([])
  })
})

describe('Create with the service unreachable', () => {
  let offline: OpenApp

  beforeAll(async () => {
    offline = await openApp()
  })

  afterAll(async () => {
    await offline?.close()
  })

  it('shows the offline banner and explains Generate instead of failing', async () => {
    const { page } = offline
    // "Connect your service" with nothing listening on the port.
    await page.fill('#first-run-url', 'http://127.0.0.1:9')
    await page.fill('#first-run-key', 'sk-test-offline')
    await page.click('[data-testid=first-run-connect] button[type=submit]')
    await page.locator('[data-testid=first-run]').waitFor({ state: 'detached' })
    const banner = page.locator('[data-testid=offline-banner]')
    await banner.waitFor()
    expect(await banner.textContent()).toContain('Can’t reach 127.0.0.1:9')
    expect(await banner.textContent()).toContain('your library still works offline')
    await page.fill('[data-testid=prompt]', 'Fog rolls over a quiet harbour at dawn')
    await expect.poll(() => page.textContent('[data-testid=generate-reason]')).toContain('127.0.0.1:9 cannot be reached')
    expect(await page.getAttribute('[data-testid=generate]', 'aria-disabled')).toBe('true')
    await page.locator('[data-testid=prompt]').press('Control+Enter')
    await page.click('[data-testid=offline-retry]')
    await expect.poll(() => page.isDisabled('[data-testid=offline-retry]')).toBe(false)
    await banner.waitFor()
    expect(await page.locator('[data-testid=job-card]').count()).toBe(0)
    await offline.shot('create-offline-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity))
    await offline.shot('create-offline-light')
    expect(offline.errors).toEqual([])
  })
})
