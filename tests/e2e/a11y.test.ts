import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enterSandbox, openApp, type OpenApp } from './support/app'
import { seriousFindings, type Finding } from './support/axe'
import { makeClip, seedLibrary, type SeedItem } from './support/library-seed'
import { dragFiles, scene } from './create-helpers'

/**
 * axe-core over every screen a designer meets, in both themes and both languages: the first run,
 * Create (empty, with images, with errors and images set aside, cropping), the shortcuts, the
 * Queue, the Library (grid and detail, with a clip's chain), a Sequence, its clip picker and the
 * question before another replaces it, a Storyboard
 * (none yet, then a board with takes and a stale shot), a video
 * dropped on Create and its frame picker, and Settings. No serious or critical finding is allowed.
 */
const HOUR = 3_600_000
const items: SeedItem[] = [
  { id: 'fox01-0', prompt: 'A red fox running through fresh snow at dawn', modelId: 'kestrel-v2.6', family: 'kestrel', version: '2.6', mode: 't2v', finishedAt: Date.now() - HOUR, sandbox: true, hue: 20, poster: true, tags: ['hero'] },
  { id: 'city02-0', prompt: '雨夜的霓虹街道，倒影，缓慢推进', modelId: 'lumen-1', family: 'lumen', version: '1', mode: 'i2v', finishedAt: Date.now() - 2 * HOUR, hue: 210, withImage: true, favourite: true, rating: 4 },
  // Continues the one before: the detail shows the chain, which opens as a Sequence.
  { id: 'city03-0', prompt: '霓虹街道尽头，镜头升起越过屋顶', modelId: 'lumen-1', family: 'lumen', version: '1', mode: 'i2v', finishedAt: Date.now() - 1.5 * HOUR, hue: 230, continues: { itemId: 'city02-0', atSeconds: 2.92 } },
]

describe.each(['en', 'zh-CN'])('every screen in %s, light and dark', (locale) => {
  let open: OpenApp

  beforeAll(async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'reelbox-e2e-a11y-'))
    const folders = { dataDir: path.join(root, 'data'), libraryDir: path.join(root, 'library') }
    await seedLibrary({ ...folders, items })
    open = await openApp({ ...folders, browser: { bypassCSP: true, locale } })
  })

  afterAll(async () => {
    await open?.close()
  })

  /** axe in the dark theme and the light one, for the state the page is in now. */
  async function findings(label: string): Promise<Array<Finding & { at: string }>> {
    const found: Array<Finding & { at: string }> = []
    for (const scheme of ['dark', 'light'] as const) {
      await open.page.emulateMedia({ colorScheme: scheme })
      found.push(...(await seriousFindings(open.page, `${locale} ${label} ${scheme}`)))
    }
    await open.page.emulateMedia({ colorScheme: 'dark' })
    return found
  }

  it('the first run', async () => {
    const { page } = open
    await page.locator('[data-testid=first-run]').waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale)
    expect(await findings('first run')).toEqual([])
    await enterSandbox(page)
  })

  it('Create: empty, with images, with errors', async () => {
    const { page } = open
    await page.locator('[data-testid=screen-create]').waitFor()
    await page.locator('[data-testid=model-picker]').waitFor()
    const empty = await findings('create empty')

    await page.click('[data-testid=model-picker]')
    await page.fill('[data-testid=model-search]', 'atlas pro')
    await page.keyboard.press('Enter')
    await page.click('[data-testid=mode] [data-value=reference]')
    await dragFiles(page, '[data-testid=slot-references] [data-testid=drop-zone]', [await scene('dusk', 1280, 720), await scene('sea', 900, 1200)])
    await expect.poll(() => page.locator('[data-testid=ref-tile] [data-testid=slot-preview]').count()).toBe(2)
    const withImages = await findings('create with images')

    await page.fill('[data-testid=prompt]', 'Waves crash on black rocks. '.repeat(100))
    await dragFiles(page, '[data-testid=slot-references] [data-testid=drop-zone]', [await scene('forest', 2400, 200), await scene('rose', 900, 1200)])
    await page.locator('[data-testid=prompt]').press('Control+Enter')
    await page.locator('[data-testid=error-prompt]:not(:empty)').waitFor()
    await page.locator('[data-testid=refs-aside]').waitFor()
    const errors = await findings('create errors')

    await page.click('[data-testid=crop-to-fit]')
    await page.locator('[data-testid=crop-frame]').waitFor()
    const crop = await findings('create crop')
    await page.keyboard.press('Enter')
    await page.locator('[data-testid=crop-dialog]').waitFor({ state: 'detached' })
    expect([...empty, ...withImages, ...errors, ...crop]).toEqual([])
  })

  it('Create: Compare on… and the prompt history', async () => {
    const { page } = open
    await page.click('[data-testid=compare-on-open]')
    await page.locator('[data-testid=compare-on-panel] input[data-model="atlas-lite"]').check()
    const compareOn = await findings('create compare on')
    await page.click('[data-testid=compare-on-stop]')
    await page.click('[data-testid=compare-on-done]')
    await page.click('[data-testid=prompt-history-open]')
    await page.locator('[data-testid=prompt-history]').waitFor()
    const history = await findings('create prompt history')
    await page.keyboard.press('Escape')
    expect([...compareOn, ...history]).toEqual([])
  })

  it('the shortcuts', async () => {
    const { page } = open
    await page.locator('[data-testid=variations-more]').focus()
    await page.keyboard.press('?')
    await page.locator('[data-testid=shortcuts]').waitFor({ state: 'visible' })
    expect(await findings('shortcuts')).toEqual([])
    await page.keyboard.press('Escape')
  })

  it('the Queue, with a job', async () => {
    const { page } = open
    await page.fill('[data-testid=prompt]', 'A paper boat drifts down a rainy street')
    await page.locator('[data-testid=ref-remove]').last().click({ force: true })
    await page.locator('[data-testid=prompt]').press('Control+Enter')
    await page.click('[data-screen=queue]')
    await page.locator('[data-testid=queue-row]').first().waitFor()
    const queue = await findings('queue')
    // The session feed on Create, with the job's card (working or done).
    await page.click('[data-screen=create]')
    await page.locator('[data-testid=job-card]').first().waitFor()
    const feed = await findings('session feed')
    expect([...queue, ...feed]).toEqual([])
  })

  it('the Library: grid and detail', async () => {
    const { page } = open
    await page.click('[data-screen=library]')
    await expect.poll(() => page.locator('[data-testid=library-tile][aria-busy=false]').count()).toBeGreaterThanOrEqual(items.length)
    const grid = await findings('library grid')
    // Two tiles picked to export together: their boxes and the bar that exports them.
    await page.locator('[data-testid=library-tile][data-id="fox01-0"]').click({ modifiers: ['Control'] })
    await page.locator('[data-testid=library-tile][data-id="city02-0"]').click({ modifiers: ['Control'] })
    await page.locator('[data-testid=pick-bar]').waitFor()
    const picked = await findings('library picked')
    // The two compared: the view, then a winner picked.
    await page.click('[data-testid=pick-compare]')
    await page.locator('[data-testid=compare-view]').waitFor()
    const compare = await findings('compare view')
    await page.locator('[data-testid=compare-pick]').first().click()
    await page.locator('[data-testid=compare-winner-bar]').waitFor()
    const winner = await findings('compare winner')
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=compare-view]').waitFor({ state: 'detached' })
    await page.click('[data-testid=pick-clear]')
    await page.locator('[data-testid=library-tile][data-id="city02-0"]').click()
    await page.locator('[data-testid=library-detail]').waitFor()
    await page.click('[data-testid=detail-ids] summary')
    const detail = await findings('library detail')
    await page.keyboard.press('Escape')
    expect([...grid, ...picked, ...compare, ...winner, ...detail]).toEqual([])
  })

  it('a Sequence: the chain from the detail, the clip picker, and the question before replacing it', async () => {
    const { page } = open
    await page.locator('[data-testid=library-tile][data-id="city02-0"]').click()
    await page.locator('[data-testid=detail-lineage]').waitFor()
    await page.click('[data-testid=lineage-sequence]')
    await page.locator('[data-testid=screen-sequence]').waitFor()
    await expect.poll(() => page.locator('[data-testid=sequence-clip]').count()).toBe(2)
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid=sequence-video]')?.readyState ?? 0) >= 2)
    const sequence = await findings('sequence')
    await page.click('[data-testid=sequence-add]')
    await page.locator('[data-testid=clip-picker-item]').first().waitFor()
    const picker = await findings('sequence clip picker')
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=clip-picker]').waitFor({ state: 'detached' })
    // Named, the sequence is the designer's work: opening the chain over it asks first.
    await page.fill('[data-testid=sequence-name]', 'Neon')
    await page.click('[data-screen=library]')
    await page.locator('[data-testid=library-tile][data-id="city02-0"]').click()
    await page.click('[data-testid=lineage-sequence]')
    await page.locator('[data-testid=sequence-replace]').waitFor()
    const replace = await findings('replace the sequence being built')
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=sequence-replace]').waitFor({ state: 'detached' })
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=library-detail]').waitFor({ state: 'detached' })
    expect([...sequence, ...picker, ...replace]).toEqual([])
  })

  it('a Storyboard: none yet, then a board with takes to pick from and a shot to remake', async () => {
    const { page } = open
    await page.click('[data-screen=storyboard]')
    await page.locator('[data-testid=storyboard-empty]').waitFor()
    const empty = await findings('storyboard empty')
    // A board whose first shot's take is a library item made with other settings (so stale).
    const folder = path.join(open.app.libraryDir, 'Storyboards')
    await mkdir(folder, { recursive: true })
    const shots = [
      { prompt: items[1]!.prompt, model: 'lumen-1', mode: 't2v', duration: 5 },
      { prompt: items[2]!.prompt, model: 'lumen-1', mode: 'i2v', duration: 5, continues: true },
      { prompt: 'A logo on black', model: 'kestrel-v2.6', mode: 't2v', duration: 5 },
    ]
    await writeFile(path.join(folder, 'night.storyboard.json'), JSON.stringify({ title: 'Neon night', shots }))
    await writeFile(path.join(folder, 'night.takes.json'), JSON.stringify({ reelbox: 1, shots: [{ fingerprint: 'older', takes: ['fox01-0', 'city02-0'], picked: 'city02-0' }, null, null] }))
    await page.click('[data-screen=settings]')
    await page.click('[data-screen=storyboard]')
    await page.locator('[data-testid=storyboard-saved]').click()
    await expect.poll(() => page.locator('[data-testid=storyboard-shot]').count()).toBe(3)
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid=storyboard-take]')?.readyState ?? 0) >= 2)
    await page.locator('[data-testid=storyboard-takes] [role=radio]').nth(1).waitFor()
    const board = await findings('storyboard board')
    // Editing: New storyboard asking for its title, and shot 3 in first & last frame with its keyframe places.
    await page.click('[data-testid=storyboard-new]')
    await page.locator('[data-testid=storyboard-new-title]').waitFor()
    const mode = page.locator('[data-testid=storyboard-shot]').nth(2).locator('[data-testid=storyboard-mode]')
    if ((await mode.evaluate((el) => el.tagName)) === 'SELECT') await mode.selectOption({ index: await mode.locator('option[data-value=first-last]').evaluate((o) => (o as HTMLOptionElement).index) })
    else await mode.locator('[data-value=first-last]').click()
    await page.locator('[data-testid=storyboard-shot]').nth(2).locator('[data-testid=keyframe-last]').waitFor()
    const editing = await findings('storyboard editing')
    await page.keyboard.press('Escape')
    expect([...empty, ...board, ...editing]).toEqual([])
  })

  it('Create: a video without settings, dropped, and its frame picker', async () => {
    const { page } = open
    await page.click('[data-screen=create]')
    const video = { name: 'phone-clip.mp4', type: 'video/mp4', base64: (await makeClip('wide', 120)).mp4.toString('base64') }
    await dragFiles(page, '[data-testid=screen-create]', [video], { hover: true })
    await page.locator('[data-testid=video-drop]').waitFor()
    const dropping = await findings('create video drop')
    await dragFiles(page, '[data-testid=screen-create]', [video])
    await page.locator('[data-testid=frame-use]:not([disabled])').waitFor()
    const picker = await findings('create frame picker')
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=frame-picker]').waitFor({ state: 'detached' })
    expect([...dropping, ...picker]).toEqual([])
  })

  it('Settings', async () => {
    const { page } = open
    await page.click('[data-screen=settings]')
    await page.locator('[data-testid=connection-active]').waitFor()
    // Which ffmpeg reads last frames: the engine's answer, in the page before axe looks.
    await page.locator('[data-testid=ffmpeg-status]:not(:empty)').waitFor()
    expect(await findings('settings')).toEqual([])
  })

  it('ends without page errors', () => {
    expect(open.errors).toEqual([])
  })
})
