import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Storyboard } from '../../shared/storyboard'
import { dragFiles, scene, setLanguage, textFile } from './create-helpers'
import { type OpenApp, enterSandbox, openApp, shotBoth } from './support/app'
import { testMs, videosMs, WORK_MS } from './support/waits'
import { choose } from './support/choices'

/**
 * A storyboard built from nothing on the Storyboard screen (issue 28 items 1–3), in real Chromium
 * against web mode and the built-in Sandbox: New storyboard by its title, shots added by typing,
 * a shot's duration, model and mode chosen with Create's rules, a continue toggle, keyframes
 * dropped on a card (a real DataTransfer of a PNG; a text file refused, named) or chosen by
 * keyboard, Generate all; changing shot 1 marks it and the shot continuing it stale; the
 * board file on disk holds what was typed and the keyframes by paths relative to it. Then the
 * same screen in Chinese.
 */
let open: OpenApp
const shots = '[data-testid=storyboard-shot]'

beforeAll(async () => {
  open = await openApp({ viewport: { width: 1280, height: 800 } })
  await enterSandbox(open.page)
})
afterAll(async () => {
  await open?.close()
})

describe('building a storyboard on the screen', () => {
  it('makes a board from a title, typed shots and dropped keyframes, generates it, and writes it all to the board file', { timeout: testMs(videosMs(3), WORK_MS) }, async () => {
    const { page } = open
    const folder = path.join(open.app.libraryDir, 'Storyboards')
    const boardFile = path.join(folder, 'Harbour film.storyboard.json')
    const written = async () => JSON.parse(await readFile(boardFile, 'utf8')) as Storyboard
    const card = (n: number) => page.locator(shots).nth(n - 1)
    const zone = (n: number, slot: string) => `ol > li:nth-child(${n}) [data-testid=keyframe-${slot}] [data-testid=drop-zone]`

    // New storyboard, by its title, from the empty screen.
    await page.click('[data-screen=storyboard]')
    await page.click('[data-testid=storyboard-empty-new]')
    await page.locator('[data-testid=storyboard-new-title]').fill('Harbour film')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator(shots).count()).toBe(1)
    expect(await page.inputValue('[data-testid=storyboard-name]')).toBe('Harbour film')
    expect(await page.locator('[data-testid=storyboard-saved]').textContent()).toContain('Harbour film')

    // Shot 1: typed, ten seconds long.
    await card(1).locator('[data-testid=storyboard-prompt]').fill('a wide shot of a harbour at dawn, boats rocking in the mist')
    await page.keyboard.press('Control+Enter')
    await choose(card(1).locator('[data-testid=storyboard-duration]'), '10')
    await expect.poll(async () => (await written()).shots[0]).toMatchObject({ prompt: 'a wide shot of a harbour at dawn, boats rocking in the mist', duration: 10 })

    // Shot 2 continues shot 1; shot 3 is first & last frame on a model that has it, its frames dropped.
    await page.click('[data-testid=storyboard-add-shot]')
    await expect.poll(() => page.locator(shots).count()).toBe(2)
    // The focus is on the new shot's prompt: type.
    await page.keyboard.type('the camera glides towards the lighthouse')
    await page.keyboard.press('Control+Enter')
    await page.locator('[data-testid=storyboard-continue]').first().click()
    await expect.poll(() => page.locator('[data-testid=storyboard-continue]').first().getAttribute('aria-pressed')).toBe('true')
    await page.click('[data-testid=storyboard-add-shot]')
    await expect.poll(() => page.locator(shots).count()).toBe(3)
    await page.keyboard.type('the lighthouse from the sea at dusk')
    await page.keyboard.press('Control+Enter')
    await card(3).locator('[data-testid=model-picker]').click()
    await page.fill('[data-testid=model-search]', 'kestrel 2.5')
    await page.locator('[role=option][data-model="kestrel-v2.5"]').waitFor()
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await written()).shots[2]?.model).toBe('kestrel-v2.5')
    await choose(card(3).locator('[data-testid=storyboard-mode]'), 'first-last')
    await card(3).locator('[data-testid=keyframe-last]').waitFor()

    // A text file is refused on the spot, named; the PNGs are kept beside the board.
    await dragFiles(page, zone(3, 'first'), [textFile('shot list.txt', 'not a picture')])
    await expect.poll(() => card(3).locator('[data-testid=keyframe-problem]').textContent()).toContain('shot list.txt')
    const [dawn, dusk] = [await scene('sea', 1280, 720), await scene('dusk', 1280, 720)]
    await dragFiles(page, zone(3, 'first'), [dawn])
    await expect.poll(() => card(3).locator('[data-testid=keyframe-first]').getAttribute('data-path')).toMatch(/^Harbour film\/sea-[0-9a-f]{12}\.png$/)
    // The last frame by keyboard: its place's button opens the file choice. Playwright intercepts
    // the choice only once it has told the browser to, a message that can lose the race with a
    // key sent at the same moment: wait for it first (the browser's own dialog would open instead).
    const choosing = page.waitForEvent('filechooser')
    const chooseLast = card(3).locator('[data-testid=keyframe-last] [data-testid=keyframe-choose]')
    await expect.poll(() => chooseLast.isEnabled()).toBe(true)
    await chooseLast.focus()
    await page.keyboard.press('Enter')
    const chooser = await choosing
    await chooser.setFiles({ name: dusk.name, mimeType: dusk.type, buffer: Buffer.from(dusk.base64, 'base64') })
    await expect.poll(() => card(3).locator('[data-testid=keyframe-last]').getAttribute('data-path')).toMatch(/^Harbour film\/dusk-[0-9a-f]{12}\.png$/)
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[data-testid^=keyframe-] img')].every((img) => img.complete && img.naturalWidth > 0))
    expect(await card(3).locator('[data-testid^=keyframe-] img').count()).toBe(2)
    expect(await page.locator(`${shots}[data-state=new]`).count()).toBe(3)
    await shotBoth(open, 'storyboard-build')
    await page.setViewportSize({ width: 1024, height: 700 })
    await shotBoth(open, 'storyboard-build-1024')
    await page.setViewportSize({ width: 1280, height: 800 })

    // On disk: what was typed and chosen, the keyframes by paths relative to the board, their bytes beside it.
    const board = await written()
    expect(board.title).toBe('Harbour film')
    expect(board.shots.map((s) => s.prompt)).toEqual(['a wide shot of a harbour at dawn, boats rocking in the mist', 'the camera glides towards the lighthouse', 'the lighthouse from the sea at dusk'])
    expect(board.shots[1]).toMatchObject({ mode: 'i2v', continues: true })
    expect(board.shots[2]).toMatchObject({ model: 'kestrel-v2.5', mode: 'first-last' })
    const { first, last } = board.shots[2]!
    expect(await readFile(path.join(folder, first!))).toEqual(Buffer.from(dawn.base64, 'base64'))
    expect((await stat(path.join(folder, last!))).size).toBe(Buffer.from(dusk.base64, 'base64').byteLength)

    // Generate all against the Sandbox: every shot made, shot 2 on shot 1's last frame.
    await page.click('[data-testid=storyboard-generate]')
    await expect.poll(() => page.locator(`${shots}[data-state=made]`).count(), { timeout: videosMs(3) }).toBe(3)

    // Changing shot 1 marks it and shot 2, which continues it, to remake; shot 3 stays made.
    await choose(card(1).locator('[data-testid=storyboard-duration]'), '5')
    await expect.poll(() => card(1).getAttribute('data-state')).toBe('stale')
    expect(await card(2).getAttribute('data-state')).toBe('stale')
    expect(await card(3).getAttribute('data-state')).toBe('made')

    // A shot removed by keyboard: its card goes, the board file follows.
    await card(3).locator('[data-testid=storyboard-remove]').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator(shots).count()).toBe(2)
    expect((await written()).shots).toHaveLength(2)
    // Undo puts it back, keyframes and all; removed again.
    await page.getByRole('button', { name: 'Undo' }).click()
    await expect.poll(() => page.locator(shots).count()).toBe(3)
    expect((await written()).shots[2]).toMatchObject({ prompt: 'the lighthouse from the sea at dusk', first, last })
    await card(3).locator('[data-testid=storyboard-remove]').click()
    await expect.poll(() => page.locator(shots).count()).toBe(2)

    // The same screen in Chinese.
    await setLanguage(page, 'zh-CN')
    await page.click('[data-screen=storyboard]')
    await page.locator('[data-testid=storyboard-saved]').click()
    await expect.poll(() => page.textContent('[data-testid=storyboard-add-shot]')).toBe('添加镜头')
    expect(await page.textContent('[data-testid=storyboard-new]')).toContain('新建')
    await shotBoth(open, 'storyboard-build-zh-CN')
    await page.setViewportSize({ width: 1024, height: 700 })
    await shotBoth(open, 'storyboard-build-zh-CN-1024')
    expect(open.errors).toEqual([])
  })
})
