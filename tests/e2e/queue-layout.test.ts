import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enterSandbox, openApp, settled, type OpenApp } from './support/app'
import { chooseModel, chooseMode } from './create-helpers'
import { POLL_GAP_MS, WORK_MS } from './support/waits'

/**
 * Issue 15 item 1: a Queue row's text column shrinks before its buttons do. Two jobs kept running
 * (a slow Sandbox), one with a 200-character Chinese prompt, measured as element boxes at the
 * smallest window we support and at full HD.
 */
const longPrompt = '一只红色的狐狸在清晨的新雪中奔跑，镜头缓慢跟随，远处是被薄雾笼罩的松林和山脊，阳光从云层的缝隙中洒下，雪花在空中闪烁，'.repeat(4).slice(0, 200)
const shortPrompt = '雨夜的霓虹街道'

let open: OpenApp
/** How long each task stays pending. */
const PENDING_MS = 1000

beforeAll(async () => {
  // Each task stays pending a second, then runs for ten minutes: the rows stay active while measured.
  open = await openApp({ env: { REELBOX_SANDBOX_TIMING: `${PENDING_MS},600000` }, browser: { locale: 'zh-CN' }, viewport: { width: 1024, height: 700 } })
  await enterSandbox(open.page)
})
afterAll(async () => {
  await open?.close()
})

async function generate(prompt: string): Promise<void> {
  const { page } = open
  await page.click('[data-screen=create]')
  await chooseModel(page, 'kestrel 2.7', 'kestrel-v2.7')
  await chooseMode(page, 't2v')
  await page.fill('[data-testid=prompt]', prompt)
  await expect.poll(() => page.getAttribute('[data-testid=generate]', 'aria-disabled')).toBe('false')
  await page.click('[data-testid=generate]')
}

interface Box {
  left: number
  right: number
  top: number
  bottom: number
  width: number
}

/** Every row's parts as boxes, plus whether the prompt is cut with an ellipsis and keeps its full text. */
function measure() {
  return open.page.$$eval('[data-testid=queue-row]', (rows) =>
    rows.map((row) => {
      const rect = (element: Element): Box => {
        const r = element.getBoundingClientRect()
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width }
      }
      const box = (selector: string): Box | undefined => {
        const found = row.querySelector(selector)
        return found ? rect(found) : undefined
      }
      const prompt = row.querySelector<HTMLElement>('[data-testid=job-prompt]')!
      const buttons = [...row.querySelectorAll('[data-testid=job-actions] button')].map(rect)
      return {
        row: rect(row),
        prompt: box('[data-testid=job-prompt]')!,
        elapsed: box('[data-testid=job-elapsed]')!,
        elapsedText: row.querySelector('[data-testid=job-elapsed]')!.textContent ?? '',
        bar: box('[role=progressbar]'),
        buttons,
        cut: prompt.scrollWidth > prompt.clientWidth && getComputedStyle(prompt).textOverflow === 'ellipsis',
        title: prompt.title,
      }
    }),
  )
}

const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

describe('Queue rows with a long Chinese prompt', () => {
  it.each([
    { width: 1024, height: 700 },
    { width: 1920, height: 1080 },
  ])('keep text, time, bars and buttons apart at $width×$height', async (viewport) => {
    const { page } = open
    await page.setViewportSize(viewport)
    if (!(await page.locator('[data-testid=queue-row]').count())) {
      await generate(longPrompt)
      await generate(shortPrompt)
    }
    await page.click('[data-screen=queue]')
    await expect.poll(() => page.locator('[data-testid=queue-row][data-phase=running]').count(), { timeout: PENDING_MS + POLL_GAP_MS + 2 * WORK_MS }).toBe(2)
    await settled(page)
    const rows = await measure()
    expect(rows).toHaveLength(2)
    for (const row of rows) {
      // The time reads as a whole stopwatch, never "0:0", and sits inside the row beside the text.
      expect(row.elapsedText).toMatch(/^\d+:\d\d$/)
      expect(row.elapsed.width).toBeGreaterThan(20)
      expect(row.elapsed.right).toBeLessThanOrEqual(row.row.right)
      expect(row.prompt.right).toBeLessThanOrEqual(row.elapsed.left)
      for (const button of row.buttons) {
        expect(overlaps(button, row.prompt)).toBe(false)
        expect(overlaps(button, row.elapsed)).toBe(false)
        if (row.bar) expect(overlaps(button, row.bar)).toBe(false)
      }
    }
    const long = rows.find((row) => row.title === longPrompt)
    // The long prompt is cut with an ellipsis on one line, its whole text on hover.
    expect(long?.cut).toBe(true)
    expect(long!.prompt.bottom - long!.prompt.top).toBeLessThan(30)
    // Bars of one length down the list, whatever each prompt's length.
    const bars = rows.map((row) => row.bar!)
    expect(bars.every((bar) => bar && Math.abs(bar.width - bars[0]!.width) < 1 && Math.abs(bar.left - bars[0]!.left) < 1)).toBe(true)
    await open.shot(`queue-long-prompt-zh-${viewport.width}`)
  })

  it('ends without page errors', () => {
    expect(open.errors).toEqual([])
  })
})
