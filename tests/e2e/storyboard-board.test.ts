import { mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OpenApp, enterSandbox, openApp, shotBoth } from './support/app'
import { seriousFindings } from './support/axe'
import { testMs, videosMs, WORK_MS } from './support/waits'

/**
 * The Storyboard header's board-level changes (issue 28 items 3 and 4), by keyboard, in real
 * Chromium against web mode and the built-in Sandbox, in both languages: one resolution for every
 * shot (only one every shot's model offers can be chosen; the others name the shots that cannot
 * take them; the shots it changes go stale) and the board renamed in place (a taken or impossible
 * name refused naming it, Escape putting the name back; the files on disk and the list follow).
 * Screens at 1280×800 and 1024×700 with the film player showing, axe clean.
 */
const words = {
  en: { mixed: 'Mixed', without: '1080p: not shot 3', taken: /storyboard named “Dawn” already/, invalid: /“Harbour\/1” cannot be a file name/, differs: 'Shot 2 cannot follow shot 1 without re-encoding', clip: 'Shot 2 (', offer: 'One resolution for every shot' },
  'zh-CN': { mixed: '不一致', without: '1080p：镜头 3 不支持', taken: /已有名为“Dawn”的分镜/, invalid: /“Harbour\/1”不能用作文件名/, differs: '镜头 2 无法不重新编码而接在镜头 1 之后', clip: '镜头 2（', offer: '让每个镜头使用同一分辨率' },
} as const

describe.each(['en', 'zh-CN'] as const)('the board in its header, in %s', (locale) => {
  let open: OpenApp
  const said = words[locale]
  const shots = '[data-testid=storyboard-shot]'
  const resolution = '[data-testid=storyboard-board-resolution]'
  const name = '[data-testid=storyboard-name]'

  beforeAll(async () => {
    open = await openApp({ browser: { bypassCSP: true, locale }, viewport: { width: 1280, height: 800 } })
    await enterSandbox(open.page)
  })
  afterAll(async () => {
    await open?.close()
  })

  it('sets one resolution for every shot and renames the board, by keyboard', { timeout: testMs(videosMs(3), WORK_MS) }, async () => {
    const { page } = open
    const folder = path.join(open.app.libraryDir, 'Storyboards')
    await mkdir(folder, { recursive: true })
    const board = {
      title: 'Launch film',
      shots: [
        { prompt: 'a wide shot of a glass bottle on a stone table at dawn', model: 'lumen-1', mode: 't2v', duration: 5 },
        { prompt: 'the label, close', model: 'kestrel-v2.5', mode: 't2v', duration: 5, resolution: '1080p' },
        { prompt: 'the logo on black', model: 'lumen-1-fast', mode: 't2v', duration: 5 },
      ],
    }
    await writeFile(path.join(folder, 'Launch film.storyboard.json'), JSON.stringify(board, null, 2))
    await writeFile(path.join(folder, 'Dawn.storyboard.json'), JSON.stringify({ title: 'Dawn', shots: [board.shots[0]] }, null, 2))

    await page.click('[data-screen=storyboard]')
    await page.locator('[data-testid=storyboard-saved]', { hasText: 'Launch film' }).click()
    await expect.poll(() => page.locator(shots).count()).toBe(3)
    await page.click('[data-testid=storyboard-generate]')
    await expect.poll(() => page.locator(`${shots}[data-state=made]`).count(), { timeout: videosMs(3) }).toBe(3)
    await page.locator('[data-testid=storyboard-generate]:disabled').waitFor()

    // Lumen 1 Fast makes 720p only: 1080p is shown with the shot that cannot take it, and cannot be chosen.
    const options = await page.locator(`${resolution} option`).evaluateAll((all) => all.map((o) => ({ text: o.textContent, disabled: (o as HTMLOptionElement).disabled })))
    expect(options).toEqual([{ text: said.mixed, disabled: true }, { text: '720p', disabled: false }, { text: said.without, disabled: true }])
    await page.focus(resolution)
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => page.inputValue(resolution)).toBe('720p')
    // Shots 1 and 2 now make 720p: changed, to remake; shot 3 made 720p already and stays made.
    await expect.poll(() => page.locator(shots).evaluateAll((all) => all.map((card) => card.getAttribute('data-state')))).toEqual(['stale', 'stale', 'made'])
    expect(await page.locator(`${shots} [data-testid=storyboard-resolution] [aria-checked=true]`).allTextContents()).toEqual(['720p', '720p'])

    // A name another board has is refused, naming it; the name stays to mend, Escape puts it back.
    await page.focus(name)
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('Dawn')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('[data-testid=toast]').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(said.taken)]))
    expect(await page.inputValue(name)).toBe('Dawn')
    await page.keyboard.press('Escape')
    expect(await page.inputValue(name)).toBe('Launch film')
    await page.focus(name)
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('Harbour/1')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('[data-testid=toast]').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(said.invalid)]))
    expect((await readdir(folder)).sort()).toEqual(['Dawn.storyboard.json', 'Launch film.storyboard.json'])

    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('Harbour 夜景')
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await readdir(folder)).sort()).toEqual(['Dawn.storyboard.json', 'Harbour 夜景.storyboard.json'])
    // The list follows the files (a list read as the rename went may show both for a moment).
    await expect.poll(() => page.locator('[data-testid=storyboard-saved]', { hasText: 'Harbour 夜景' }).count()).toBe(1)
    expect(await page.locator('[data-testid=storyboard-saved]', { hasText: 'Launch film' }).count()).toBe(0)
    // The renamed board is the same board: its takes are still its shots'.
    expect(await page.locator(shots).evaluateAll((all) => all.map((card) => card.getAttribute('data-state')))).toEqual(['stale', 'stale', 'made'])
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('storyboard-name')

    // The refusals went with the name that was taken.
    await expect.poll(() => page.locator('[data-testid=toast]', { hasText: 'Harbour/1' }).count()).toBe(0)
    // The pointer off Generate all, which it pressed (a hovered button is judged in its own test).
    await page.mouse.move(0, 0)
    expect(await seriousFindings(page, `${locale} storyboard header`)).toEqual([])

    // With the film player showing, the row of shots is in the window at both sizes and scrolls in
    // itself: its bottom (and sideways scrollbar) in sight, the screen never scrolled to reach it.
    const close = page.locator('[data-testid=toast] .close')
    // A toast may leave by itself meanwhile: each click is on one that is there.
    while ((await close.count()) > 0) await close.first().click({ timeout: 2000 }).catch(() => undefined)
    await page.locator('[data-testid=sequence-player]').waitFor()
    for (const [width, height, suffix] of [[1280, 800, ''], [1024, 700, '-1024']] as const) {
      await page.setViewportSize({ width, height })
      const fits = await page.evaluate(() => {
        const board = document.querySelector('.storyboard-screen .shots')!.getBoundingClientRect()
        const work = document.querySelector('.storyboard-screen .work')!
        return { bottom: board.bottom <= window.innerHeight, height: board.height, screenScrolls: work.scrollHeight > work.clientHeight + 1 }
      })
      expect(fits).toMatchObject({ bottom: true, screenScrolls: false })
      expect(fits.height).toBeGreaterThanOrEqual(280)
      await shotBoth(open, `storyboard-board-${locale}${suffix}`)
    }
    expect(await seriousFindings(page, `${locale} storyboard header 1024`)).toEqual([])
  })

  it('names the shot Export cannot join and offers one resolution for every shot', { timeout: testMs(videosMs(2), WORK_MS) }, async () => {
    const { page } = open
    await page.setViewportSize({ width: 1280, height: 800 })
    const folder = path.join(open.app.libraryDir, 'Storyboards')
    const wide = { prompt: 'a wide shot of the harbour', model: 'kestrel-v2.6', mode: 't2v', duration: 5, resolution: '1280x720' }
    await writeFile(path.join(folder, 'Mixed.storyboard.json'), JSON.stringify({ title: 'Mixed', shots: [wide, { ...wide, prompt: 'the lighthouse, tall', resolution: '720x1280' }] }, null, 2))
    await page.click('[data-screen=library]')
    await page.click('[data-screen=storyboard]')
    await page.locator('[data-testid=storyboard-saved]', { hasText: 'Mixed' }).click()
    await expect.poll(() => page.inputValue(name)).toBe('Mixed')
    expect(await page.inputValue(resolution)).toBe('')
    await page.click('[data-testid=storyboard-generate]')
    await expect.poll(() => page.locator(`${shots}[data-state=made]`).count(), { timeout: videosMs(2) }).toBe(2)

    await page.locator('[data-testid=storyboard-export]:not(:disabled)').click()
    const refusal = page.locator('[data-testid=toast]', { hasText: said.differs })
    await refusal.waitFor()
    expect(await refusal.textContent()).toMatch(/270×480.*480×270/)
    // The take is named by its shot in the page's language (the engine sends the shot as a number).
    expect(await refusal.textContent()).toContain(said.clip)
    // Its way out, by keyboard: the board's one resolution, focused; the first size every shot takes.
    await refusal.getByRole('button', { name: said.offer }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('storyboard-board-resolution')
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => page.inputValue(resolution)).toBe('1280x720')
    await expect.poll(() => page.locator(shots).evaluateAll((all) => all.map((card) => card.getAttribute('data-state')))).toEqual(['made', 'stale'])
    await page.mouse.move(0, 0)
    expect(await seriousFindings(page, `${locale} storyboard export refused`)).toEqual([])
  })
})
