/**
 * The prompt history (issue 17 item 5) as a designer uses it, in real Chromium against web mode
 * and the built-in Sandbox: a prompt sent is found by a word from the prompt box (↑ in an empty
 * box, or the History button), after the engine is killed and started again, and after its file
 * is deleted (rebuilt from the library's sidecars). Starred prompts survive Settings' Clear.
 */
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enterSandbox, openApp, shotBoth, type OpenApp } from './support/app'
import { videosMs } from './support/waits'

const PROMPT = 'A lighthouse in a winter storm, long exposure, spray over the rocks'
let open: OpenApp

beforeAll(async () => {
  open = await openApp()
  await enterSandbox(open.page)
})

afterAll(async () => {
  await open?.close()
})

const history = () => open.page.locator('[data-testid=prompt-history]')
const rows = () => history().locator('[data-testid=prompt-history-row]')

const texts = () => rows().locator('.text').allTextContents()

/** ↑ in the emptied prompt box opens the history; a word goes in its search. */
async function find(word: string): Promise<void> {
  const { page } = open
  await page.locator('[data-testid=screen-create]').waitFor()
  if (await history().count()) await page.keyboard.press('Escape')
  await page.fill('[data-testid=prompt]', '')
  await page.locator('[data-testid=prompt]').press('ArrowUp')
  await history().waitFor()
  await page.fill('[data-testid=prompt-history-search]', word)
}

describe('the prompt history', () => {
  it('finds a prompt Generate sent, by a word, and puts it back in the box', async () => {
    const { page } = open
    await page.fill('[data-testid=prompt]', PROMPT)
    await page.locator('[data-testid=prompt]').press('Control+Enter')
    // Its video reaches the library (the history's thumbnail, and the sidecars to rebuild from).
    await page.locator('[data-testid=job-card] video').first().waitFor({ timeout: videosMs(1) })
    await page.fill('[data-testid=prompt]', 'a second idea: koi in a night market')
    await page.locator('[data-testid=prompt]').press('Control+Enter')
    await find('winter')
    await expect.poll(texts).toEqual([PROMPT])
    await expect.poll(() => rows().first().locator('.thumb :is(img, video)').count()).toBe(1)
    await shotBoth(open, 'create-prompt-history')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await history().waitFor({ state: 'detached' })
    expect(await page.inputValue('[data-testid=prompt]')).toBe(PROMPT)
  })

  it('still finds it after the engine is killed and started again', async () => {
    await open.restartEngine('SIGKILL')
    await find('lighthouse')
    await expect.poll(texts).toEqual([PROMPT])
  })

  it('rebuilds it from the sidecars when its file is deleted', async () => {
    await rm(path.join(open.app.dataDir, 'prompt-history.json'))
    await open.restartEngine('SIGKILL')
    await find('storm')
    await expect.poll(texts).toEqual([PROMPT])
  })

  it('keeps a starred prompt when Settings clears the history', async () => {
    const { page } = open
    await find('')
    await expect.poll(() => rows().count()).toBe(2)
    await rows().filter({ hasText: 'lighthouse' }).locator('[data-testid=prompt-history-star]').click()
    await expect.poll(() => rows().filter({ hasText: 'lighthouse' }).locator('[data-testid=prompt-history-star]').getAttribute('aria-pressed')).toBe('true')
    await page.keyboard.press('Escape')
    await page.click('[data-screen=settings]')
    await page.click('[data-testid=prompt-history-clear]')
    await expect.poll(() => page.locator('[data-testid=prompt-history-setting] [role=status]').textContent()).toBe('Cleared 1 prompt.')
    await page.click('[data-screen=create]')
    await find('')
    await expect.poll(texts).toEqual([PROMPT])
    expect(open.errors).toEqual([])
  })
})
