import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dragFiles, scene, setLanguage } from './create-helpers'
import { type OpenApp, enterSandbox, openApp, shotBoth } from './support/app'
import { seriousFindings } from './support/axe'
import { choose } from './support/choices'

/**
 * A shot's keyframes on the Storyboard screen (issue 28): a switch of mode keeps the picture as
 * Create does (first frame of image-to-video ↔ first frame of first & last), and a board whose
 * keyframe file is gone still opens, names the file as missing in both languages, and Generate
 * refuses it before sending anything, naming the shot and the file.
 */
let open: OpenApp
const shots = '[data-testid=storyboard-shot]'

beforeAll(async () => {
  // axe-core is injected as a script: the page's CSP is set aside for it.
  open = await openApp({ viewport: { width: 1280, height: 800 }, browser: { bypassCSP: true } })
  await enterSandbox(open.page)
})
afterAll(async () => {
  await open?.close()
})

describe('a shot’s keyframes', () => {
  it('keeps the picture across a switch of mode, and opens a board whose keyframe is missing', async () => {
    const { page } = open
    const folder = path.join(open.app.libraryDir, 'Storyboards')
    await mkdir(folder, { recursive: true })
    await writeFile(
      path.join(folder, 'Pier.storyboard.json'),
      JSON.stringify({ title: 'Pier', shots: [{ prompt: 'a pier at dawn', model: 'kestrel-v2.5', mode: 'i2v' }, { prompt: 'the door opens', model: 'kestrel-v2.5', mode: 'first-last', first: 'Pier/door-a.png', last: 'Pier/door-b.png' }] }),
    )
    await page.click('[data-screen=storyboard]')
    await page.locator('[data-testid=storyboard-saved]', { hasText: 'Pier' }).click()
    const card = (n: number) => page.locator(shots).nth(n - 1)
    await expect.poll(() => page.locator(shots).count()).toBe(2)

    // Both frames of shot 2 are missing: named, said, the board open.
    const last = card(2).locator('[data-testid=keyframe-last]')
    expect(await last.getAttribute('data-missing')).toBe('true')
    expect(await last.locator('[data-testid=keyframe-missing]').textContent()).toContain('door-b.png')
    expect(await last.locator('[data-testid=keyframe-missing]').textContent()).toMatch(/Missing/)
    expect(await seriousFindings(page, 'storyboard missing keyframe')).toEqual([])

    // Generate refuses before sending, naming the shot and the file.
    await page.click('[data-testid=storyboard-generate]')
    await expect.poll(() => page.locator('[data-testid=toast]').last().textContent()).toMatch(/Shot 2: .*Pier\/door-a\.png/)
    expect(await page.locator(`${shots}[data-state=made]`).count()).toBe(0)

    // A picture dropped on the first frame mends it.
    await dragFiles(page, `ol > li:nth-child(2) [data-testid=keyframe-first] [data-testid=drop-zone]`, [await scene('sea', 1280, 720)])
    await expect.poll(() => card(2).locator('[data-testid=keyframe-first]').getAttribute('data-path')).toMatch(/^Pier\/sea-[0-9a-f]{12}\.png$/)
    expect(await card(2).locator('[data-testid=keyframe-first]').getAttribute('data-missing')).toBeNull()

    // Shot 1's picture follows it into first & last, and back.
    await dragFiles(page, `ol > li:nth-child(1) [data-testid=keyframe-image] [data-testid=drop-zone]`, [await scene('dusk', 1280, 720)])
    await expect.poll(() => card(1).locator('[data-testid=keyframe-image]').getAttribute('data-path')).toMatch(/^Pier\/dusk-/)
    const picture = await card(1).locator('[data-testid=keyframe-image]').getAttribute('data-path')
    await choose(card(1).locator('[data-testid=storyboard-mode]'), 'first-last')
    await expect.poll(() => card(1).locator('[data-testid=keyframe-first]').getAttribute('data-path')).toBe(picture)
    await choose(card(1).locator('[data-testid=storyboard-mode]'), 'i2v')
    await expect.poll(() => card(1).locator('[data-testid=keyframe-image]').getAttribute('data-path')).toBe(picture)

    // In Chinese, the missing file says so too.
    await setLanguage(page, 'zh-CN')
    await page.click('[data-screen=storyboard]')
    await expect.poll(() => card(2).locator('[data-testid=keyframe-missing]').textContent()).toContain('文件缺失：door-b.png')
    await shotBoth(open, 'storyboard-missing-zh-CN')
    expect(await seriousFindings(page, 'storyboard missing keyframe zh-CN')).toEqual([])
  })
})
