import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shortcuts } from '../../shared/shortcuts'
import { enterSandbox, openApp, shotBoth, type OpenApp } from './support/app'
import { setLanguage } from './create-helpers'

/**
 * The keyboard, in real Chromium against web mode: `?` shows every shortcut of the app from its
 * one list (the desktop menu's too), as a modal dialog that Esc closes; typed in a text field, `?`
 * is only a character; Alt+↑/↓ sets the variations.
 */
let open: OpenApp

beforeAll(async () => {
  open = await openApp({ viewport: { width: 1024, height: 700 } })
  await enterSandbox(open.page)
})

afterAll(async () => {
  await open?.close()
})

const overlay = '[data-testid=shortcuts]'

describe('keyboard shortcuts', () => {
  it('opens with ? from anywhere but a text field, lists every shortcut, and closes with Esc where it was', async () => {
    const { page } = open
    await page.locator('[data-testid=prompt]').focus()
    await page.keyboard.type('Why? ')
    expect(await page.inputValue('[data-testid=prompt]')).toBe('Why? ')
    expect(await page.isVisible(overlay)).toBe(false)

    await page.locator('[data-testid=variations-more]').focus()
    await page.keyboard.press('?')
    await page.locator(overlay).waitFor({ state: 'visible' })
    // A modal dialog: the page behind it is out of reach while it shows.
    expect(await page.$eval(overlay, (el) => (el as HTMLDialogElement).open && el.matches(':modal'))).toBe(true)
    expect(await page.getAttribute(overlay, 'aria-labelledby')).toBe('shortcuts-title')
    const rows = await page.$$eval(`${overlay} [data-shortcut]`, (els) => els.map((el) => el.getAttribute('data-shortcut')))
    expect(rows).toEqual(shortcuts.map((s) => s.id))
    expect(await page.textContent(`${overlay} [data-shortcut=generate] dd`)).toContain('Ctrl↵')
    // In a browser, ⌘/Ctrl+N and the screen keys are the browser's: they say where they work.
    expect(await page.textContent(`${overlay} [data-shortcut=newVideo] dt`)).toContain('In the desktop app')
    expect(await page.textContent(`${overlay} [data-shortcut=generate] dt`)).not.toContain('In the desktop app')
    await shotBoth(open, 'shortcuts')

    await page.keyboard.press('Escape')
    await page.locator(overlay).waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('variations-more')
  })

  it('sets the variations with Alt+↑ and Alt+↓ from anywhere on Create', async () => {
    const { page } = open
    await page.locator('[data-testid=prompt]').focus()
    await page.keyboard.press('Alt+ArrowUp')
    await page.keyboard.press('Alt+ArrowUp')
    expect(await page.textContent('[data-testid=variations]')).toBe('3')
    await page.keyboard.press('Alt+ArrowDown')
    expect(await page.textContent('[data-testid=variations]')).toBe('2')
    expect(await page.textContent('[data-testid=generate]')).toContain('Generate 2')
  })

  it('speaks the designer’s language', async () => {
    const { page } = open
    await setLanguage(page, 'zh-CN')
    await page.locator('[data-testid=variations-more]').focus()
    await page.keyboard.press('?')
    await page.locator(overlay).waitFor({ state: 'visible' })
    expect(await page.textContent('#shortcuts-title')).toBe('键盘快捷键')
    expect(await page.textContent(`${overlay} [data-shortcut=play] dd`)).toContain('空格')
    await shotBoth(open, 'shortcuts-zh-CN')
    await page.click('[data-testid=shortcuts-close]')
    await page.locator(overlay).waitFor({ state: 'hidden' })
    await setLanguage(page, 'en')
  })

  it('ends without page errors', () => {
    expect(open.errors).toEqual([])
  })
})
