/**
 * A studio library (issue 27), in real Chromium against two web-mode engines on one library
 * folder: two designers, each with their own data folder (journal, index, settings), as two
 * machines on a NAS share. What one makes appears in the other's open Library with who made it;
 * a tag each adds to the same item leaves both, as does a favourite both set at once; edits of
 * one board by both show on both pages live, and a prompt one changed over the other's says who.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chooseMode, chooseModel } from './create-helpers'
import { enterSandbox, openApp, type OpenApp } from './support/app'
import { testMs, videosMs, WORK_MS } from './support/waits'

let mei: OpenApp
let tom: OpenApp
const prompt = 'A paper crane unfolding on a drafting table, top-down, soft daylight'

beforeAll(async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'reelbox-e2e-studio-'))
  // The share, mounted on both machines.
  const libraryDir = path.join(root, 'Studio Share', 'Reelbox')
  await mkdir(libraryDir, { recursive: true })
  mei = await openApp({ dataDir: path.join(root, 'mei'), libraryDir })
  tom = await openApp({ dataDir: path.join(root, 'tom'), libraryDir })
  await enterSandbox(mei.page)
  await enterSandbox(tom.page)
}, testMs(WORK_MS))

afterAll(async () => {
  await mei?.close()
  await tom?.close()
})

async function displayName(page: Page, name: string): Promise<void> {
  await page.click('[data-screen=settings]')
  await page.click('[data-settings-nav=library]')
  await page.fill('[data-testid=display-name]', name)
  await page.locator('[data-testid=display-name]').press('Tab')
  await page.locator('[data-testid=display-name-setting] [role=status]').waitFor()
}


describe('two designers on one library', () => {
  it('shows a video made on one machine in the other’s open Library, with who made it', async () => {
    await displayName(mei.page, 'Mei Lin')
    // Tom looks at the Library while Mei makes a video.
    await tom.page.click('[data-screen=library]')
    await tom.page.locator('[data-testid=library-empty]').waitFor()

    await mei.page.click('[data-screen=create]')
    await chooseModel(mei.page, 'kestrel 2.7', 'kestrel-v2.7')
    await chooseMode(mei.page, 't2v')
    await mei.page.fill('[data-testid=prompt]', prompt)
    await mei.page.click('[data-testid=generate]')
    await mei.page.locator('[data-testid=session-feed] [data-testid=job-card][data-phase=done]').first().waitFor({ timeout: videosMs(1) })

    // No rescan, no focus, no reload on Tom's side: his engine follows the folder.
    const tile = tom.page.locator('[data-testid=library-tile]').first()
    await tile.waitFor({ timeout: WORK_MS })
    await expect.poll(() => tile.locator('[data-testid=tile-maker]').textContent(), { timeout: WORK_MS }).toBe('Mei Lin')
    await tom.shot('studio-tom-sees-mei')
    // His filters offer her by that name too, and filter by her.
    await tom.page.click('[data-testid=library-filters]')
    const maker = tom.page.locator('[data-testid=filter-makers] button')
    await expect.poll(() => maker.allTextContents().then((all) => all.map((t) => t.trim()))).toEqual(['Mei Lin 1'])
    await maker.click()
    await tom.shot('studio-tom-filters-by-mei')
    await tom.page.click('[data-testid=filter-done]')
    const chip = tom.page.locator('.active-chip', { hasText: 'By Mei Lin' })
    await chip.click()
    await chip.waitFor({ state: 'detached' })
    await tile.click()
    await expect.poll(() => tom.page.textContent('[data-testid=detail-prompt]')).toBe(prompt)
    expect(await tom.page.textContent('[data-testid=detail-maker]')).toContain('Mei Lin')
  }, testMs(videosMs(1), WORK_MS))

  it('keeps the tag each adds to the same item', async () => {
    await mei.page.click('[data-screen=library]')
    await mei.page.locator('[data-testid=library-tile]').first().click()
    await expect.poll(() => mei.page.textContent('[data-testid=detail-prompt]')).toBe(prompt)

    // Both add a tag to the item each has open, at the same moment.
    await Promise.all(
      [
        [mei.page, 'hero'],
        [tom.page, 'client-x'],
      ].map(async ([page, tag]) => {
        await (page as Page).fill('[data-testid=detail-tag-input]', tag as string)
        await (page as Page).keyboard.press('Enter')
      }),
    )
    const tags = (page: Page) => page.locator('[data-testid=detail-tags] .tag').allTextContents().then((all) => all.map((t) => t.trim()).sort())
    await expect.poll(() => tags(mei.page), { timeout: WORK_MS }).toEqual(['#client-x', '#hero'])
    await expect.poll(() => tags(tom.page), { timeout: WORK_MS }).toEqual(['#client-x', '#hero'])
    await mei.shot('studio-mei-both-tags')

    // Both favourite it at the same moment: a click sets the value it shows, so it is a favourite.
    const favourite = (page: Page) => page.locator('[data-testid=detail-favourite]')
    // Pressed in the same few milliseconds, as two people at once (a click's own waits would space them).
    for (const page of [mei.page, tom.page]) expect(await favourite(page).getAttribute('aria-pressed')).toBe('false')
    await Promise.all([mei.page, tom.page].map((page) => favourite(page).evaluate((button) => (button as HTMLButtonElement).click())))
    for (const page of [mei.page, tom.page]) await expect.poll(() => favourite(page).getAttribute('aria-pressed'), { timeout: WORK_MS }).toBe('true')
    expect([...mei.errors, ...tom.errors]).toEqual([])
  }, testMs(WORK_MS))

  it('keeps both designers’ edits of one board, follows them live, and says who changed a prompt over yours', async () => {
    // The item each had open closed first.
    for (const page of [mei.page, tom.page]) {
      await page.keyboard.press('Escape')
      await page.locator('[data-testid=detail-prompt]').waitFor({ state: 'detached' })
    }
    await displayName(tom.page, 'Tom')
    const board = {
      title: 'Harbour night',
      shots: ['a wide shot of the harbour', 'the lighthouse, close', 'gulls over the water'].map((prompt) => ({ prompt, model: 'lumen-1', mode: 't2v', duration: 5 })),
    }
    const folder = path.join(mei.app.libraryDir, 'Storyboards')
    await mkdir(folder, { recursive: true })
    await writeFile(path.join(folder, 'Harbour night.storyboard.json'), JSON.stringify(board, null, 2))
    const prompts = (page: Page) => page.locator('[data-testid=storyboard-prompt]')
    for (const page of [mei.page, tom.page]) {
      await page.click('[data-screen=storyboard]')
      await page.locator('[data-testid=storyboard-saved]', { hasText: 'Harbour night' }).click()
      await expect.poll(() => prompts(page).count()).toBe(3)
    }
    const write = async (page: Page, shot: number, text: string) => {
      await prompts(page).nth(shot).fill(text)
      await prompts(page).nth(shot).press('Control+Enter')
    }

    // Mei rewrites shot 1, Tom shot 2, at once: each page shows both, with no reload.
    await Promise.all([write(mei.page, 0, 'the harbour at night, wide'), write(tom.page, 1, 'the lighthouse beam, close')])
    const all = (page: Page) => prompts(page).evaluateAll((fields) => fields.map((f) => (f as HTMLTextAreaElement).value))
    const both = ['the harbour at night, wide', 'the lighthouse beam, close', 'gulls over the water']
    for (const page of [mei.page, tom.page]) await expect.poll(() => all(page), { timeout: WORK_MS }).toEqual(both)

    // Both rewrite shot 3, Tom last: his words win on both pages, and Mei's page says so, hers a click away.
    await write(mei.page, 2, 'gulls at dawn')
    await expect.poll(() => all(tom.page), { timeout: WORK_MS }).toEqual([...both.slice(0, 2), 'gulls at dawn'])
    await write(tom.page, 2, 'gulls in the rain')
    const notice = mei.page.locator('[data-testid=storyboard-overruled]')
    await expect.poll(() => notice.textContent(), { timeout: WORK_MS }).toContain('Tom changed this shot’s prompt')
    expect(await all(mei.page)).toEqual([...both.slice(0, 2), 'gulls in the rain'])
    await mei.shot('studio-mei-overruled')
    await notice.locator('[data-testid=storyboard-use-mine]').click()
    for (const page of [mei.page, tom.page]) await expect.poll(() => all(page), { timeout: WORK_MS }).toEqual([...both.slice(0, 2), 'gulls at dawn'])
    await expect.poll(() => notice.count()).toBe(0)
    expect([...mei.errors, ...tom.errors]).toEqual([])
  }, testMs(WORK_MS, WORK_MS))
})
