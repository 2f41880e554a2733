import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OpenApp, enterSandbox, openApp, shotBoth } from './support/app'
import { seriousFindings } from './support/axe'
import { testMs, videosMs, WORK_MS } from './support/waits'

/**
 * A video a storyboard plays, deleted in the Library, in real Chromium against web mode and the
 * built-in Sandbox, in both languages: the delete confirmation names the board's shot; the shot
 * then says its take is missing, naming the file, and the header no longer says every shot has
 * its take; Export film refuses naming the shot and the file, and its way out (Generate all)
 * makes that shot again. A take whose files another machine removes shows missing on the open board.
 */
const words = {
  en: { refused: 'Shot 2 is missing its take', generate: 'Generate all', uses: 'Used by shot 2 of Harbour night', missing: 'Missing take', gone: (file: string) => `Shot 2’s take ${file} is gone; remake it or pick another`, upToDate: 'Every shot has its take', oneToMake: 'Free on the Sandbox · 1 video' },
  'zh-CN': { refused: '镜头 2 缺少镜次', generate: '全部生成', uses: '已用于“Harbour night”的镜头 2', missing: '缺少镜次', gone: (file: string) => `镜头 2 的镜次 ${file} 已不在作品库中；请重新生成，或选用另一个镜次`, upToDate: '每个镜头都已有镜次', oneToMake: '沙盒免费 · 1 个视频' },
} as const

describe.each(['en', 'zh-CN'] as const)('a take a board uses, deleted, in %s', (locale) => {
  let open: OpenApp
  const said = words[locale]
  const shots = '[data-testid=storyboard-shot]'
  const board = {
    title: 'Harbour night',
    shots: [
      { prompt: 'a wide shot of a harbour at night, lamps on the water', model: 'lumen-1', mode: 't2v', duration: 5 },
      { prompt: 'gulls circling a lighthouse in the dark', model: 'lumen-1', mode: 't2v', duration: 5 },
    ],
  }

  beforeAll(async () => {
    open = await openApp({ browser: { bypassCSP: true, locale }, viewport: { width: 1280, height: 800 } })
    await enterSandbox(open.page)
  })
  afterAll(async () => {
    await open?.close()
  })

  it('names the shot when the video is deleted, shows it missing, refuses the film naming it, and remakes it', { timeout: testMs(videosMs(3), WORK_MS) }, async () => {
    const { page } = open
    const folder = path.join(open.app.libraryDir, 'Storyboards')
    await mkdir(folder, { recursive: true })
    await writeFile(path.join(folder, 'Harbour night.storyboard.json'), JSON.stringify(board, null, 2))
    await page.click('[data-screen=storyboard]')
    await page.locator('[data-testid=storyboard-saved]', { hasText: 'Harbour night' }).click()
    await page.click('[data-testid=storyboard-generate]')
    await expect.poll(() => page.locator(`${shots}[data-state=made]`).count(), { timeout: videosMs(2) }).toBe(2)
    await expect.poll(() => page.textContent('[data-testid=storyboard-estimate]')).toBe(said.upToDate)

    // The Library's delete confirmation says which shot plays the video.
    await page.click('[data-screen=library]')
    await page.locator('[data-testid=library-tile]', { hasText: board.shots[1]!.prompt }).click()
    await page.click('[data-testid=detail-delete]')
    await expect.poll(() => page.textContent('[data-testid=confirm-delete-uses]')).toContain(said.uses)
    const file = (await page.textContent('[data-testid=confirm-delete] .name'))!.trim()
    expect(file).toMatch(/\.mp4$/)
    await shotBoth(open, `storyboard-take-delete-${locale}`)
    expect(await seriousFindings(page, `${locale} delete a take`)).toEqual([])
    await page.click('[data-testid=confirm-delete-yes]')
    await page.locator('[data-testid=confirm-delete]').waitFor({ state: 'detached' })
    // The detail has moved on to the other video: closed, the rail is the designer's again.
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=library-detail]').waitFor({ state: 'detached' })

    // Back on the board: shot 2 is missing its take, named by its file; it is to be made again.
    await page.click('[data-screen=storyboard]')
    const second = page.locator(shots).nth(1)
    await expect.poll(() => second.getAttribute('data-state')).toBe('missing')
    expect(await second.locator('[data-testid=storyboard-shot-state]').textContent()).toBe(said.missing)
    expect(await second.locator('[data-testid=storyboard-take-gone]').textContent()).toContain(file)
    expect(await second.locator('[data-testid=storyboard-take]').count()).toBe(0)
    expect(await page.textContent('[data-testid=storyboard-estimate]')).toBe(said.oneToMake)

    // Export film names the shot and its file, not "no such item".
    await page.locator('[data-testid=storyboard-export]:not(:disabled)').click()
    const refusal = page.locator('[data-testid=toast]', { hasText: said.gone(file) })
    await refusal.waitFor()
    expect(await refusal.locator('.title').textContent()).toBe(said.refused)
    await page.mouse.move(0, 0)
    await shotBoth(open, `storyboard-take-missing-${locale}`)
    expect(await seriousFindings(page, `${locale} a shot missing its take`)).toEqual([])

    // The refusal's way out, Generate all, makes it again; shot 1 is left as it was.
    const kept = await page.locator(shots).nth(0).locator('[data-testid=storyboard-take]').getAttribute('src')
    await refusal.getByRole('button', { name: said.generate }).click()
    await expect.poll(() => page.locator(`${shots}[data-state=made]`).count(), { timeout: videosMs(1) }).toBe(2)
    expect(await page.locator(shots).nth(0).locator('[data-testid=storyboard-take]').getAttribute('src')).toBe(kept)
    await expect.poll(() => page.textContent('[data-testid=storyboard-estimate]')).toBe(said.upToDate)

    // Shot 1's take gone on another machine sharing the folder: its files leave it while the board
    // is open, and the shot says so once the folder's check sees it, without being opened again.
    const id = decodeURIComponent(new URL(kept!).pathname.split('/').pop()!)
    const root = open.app.libraryDir
    const sidecars = (await readdir(root, { recursive: true })).filter((name) => name.endsWith('.json') && !/^(\.reelbox|Storyboards)/.test(name))
    const ours = (await Promise.all(sidecars.map(async (name) => ((JSON.parse(await readFile(path.join(root, name), 'utf8')) as { id?: string }).id === id ? name : undefined)))).find(Boolean)!
    const stem = path.join(root, ours.replace(/\.json$/, ''))
    for (const name of await readdir(path.dirname(stem))) if (name.startsWith(`${path.basename(stem)}.`)) await rm(path.join(path.dirname(stem), name))
    const firstShot = page.locator(shots).nth(0)
    await expect.poll(() => firstShot.getAttribute('data-state')).toBe('missing')
    expect(await firstShot.locator('[data-testid=storyboard-take-gone]').textContent()).toContain(`${path.basename(stem)}.mp4`)
    expect(open.errors).toEqual([])
  })
})
