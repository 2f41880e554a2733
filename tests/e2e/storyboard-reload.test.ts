import { mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OpenApp, enterSandbox, openApp, shotBoth } from './support/app'
import { testMs, videosMs, WORK_MS } from './support/waits'

/**
 * A board follows the engine's run whatever the page did: Generate all, the page reloaded while
 * shot 1 is being made, the board opened again. It says the run is under way (Generate all
 * disabled, "Making 2 shots", the continuing shot waiting for shot 1, nothing to pay for), and
 * finishes by itself with one take per shot: nothing is sent twice. Real Chromium, web mode, the
 * Sandbox with tasks long enough to reload in the middle of one.
 */
const timing = '300,5000'
const shots = '[data-testid=storyboard-shot]'
const state = '[data-testid=storyboard-shot-state]'
let open: OpenApp

beforeAll(async () => {
  open = await openApp({ env: { REELBOX_SANDBOX_TIMING: timing } })
  await enterSandbox(open.page)
})
afterAll(async () => {
  await open?.close()
})

/** The library's videos (takes), outside its Storyboards and Sequences folders. */
async function takes(): Promise<string[]> {
  const names = await readdir(open.app.libraryDir, { recursive: true })
  return names.filter((name) => name.endsWith('.mp4') && !/^(\.reelbox|Sequences|Storyboards)/.test(name))
}

describe('a run under way when the page reloads', () => {
  it('shows the run on the board and finishes it once', { timeout: testMs(videosMs(2, timing), WORK_MS) }, async () => {
    const { page } = open
    const folder = path.join(open.app.libraryDir, 'Storyboards')
    await mkdir(folder, { recursive: true })
    const board = {
      title: 'Night run',
      shots: [
        { prompt: 'a tram crossing a wet square at night', model: 'lumen-1', mode: 't2v', duration: 5 },
        { prompt: 'the tram pulls away', model: 'lumen-1', mode: 'i2v', duration: 5, continues: true },
      ],
    }
    await writeFile(path.join(folder, 'Night run.storyboard.json'), JSON.stringify(board, null, 2))
    await page.click('[data-screen=storyboard]')
    await page.locator('[data-testid=storyboard-saved]', { hasText: 'Night run' }).click()
    await expect.poll(() => page.locator(shots).count()).toBe(2)
    await page.click('[data-testid=storyboard-generate]')
    await expect.poll(() => page.locator(`${shots} ${state}`).allTextContents()).toEqual(['Making…', 'Waiting for shot 1'])

    await page.reload()
    await page.click('[data-screen=storyboard]')
    await page.locator('[data-testid=storyboard-saved]', { hasText: 'Night run' }).click()
    const generate = page.locator('[data-testid=storyboard-generate]')
    await expect.poll(() => page.locator(`${shots} ${state}`).allTextContents()).toEqual(['Making…', 'Waiting for shot 1'])
    expect(await generate.isDisabled()).toBe(true)
    expect(await generate.textContent()).toContain('Generating…')
    expect(await page.locator('[data-testid=storyboard-estimate]').textContent()).toBe('Making 2 shots')
    await shotBoth(open, 'storyboard-reloaded-run')

    // The engine's run ends by itself: every shot made, once, and Generate all has nothing to do.
    await expect.poll(() => page.locator(`${shots}[data-state=made]`).count(), { timeout: videosMs(2, timing) }).toBe(2)
    await expect.poll(() => generate.textContent()).toContain('Generate all')
    expect(await generate.isDisabled()).toBe(true)
    expect(await page.locator('[data-testid=storyboard-estimate]').textContent()).toBe('Every shot has its take')
    expect(await takes()).toHaveLength(2)
    expect(open.errors).toEqual([])
  })
})
