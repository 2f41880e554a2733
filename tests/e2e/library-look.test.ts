import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enterSandbox, openApp, settled, type OpenApp } from './support/app'
import { seedLibrary, type SeedItem } from './support/library-seed'

/**
 * The detail viewer (issue 15, Look): the picture takes the clip's own shape, with no black frame
 * around it, grows with the window and loops. Measured as element boxes at the smallest window we
 * support and at full HD, for a wide, a tall and a square clip.
 */
const base = { modelId: 'kestrel-v2.6', family: 'kestrel', version: '2.6', mode: 't2v' as const, finishedAt: Date.now() }
const items: SeedItem[] = [
  { ...base, id: 'wide01-0', prompt: 'A wide shot of a harbour at dusk', hue: 200, shape: 'wide', poster: true },
  { ...base, id: 'tall02-0', prompt: 'A tall shot of a lighthouse', hue: 30, shape: 'tall', poster: true },
  { ...base, id: 'square03-0', prompt: 'A square shot of a teacup', hue: 320, shape: 'square', poster: true },
]
const aspects: Record<string, number> = { 'wide01-0': 16 / 9, 'tall02-0': 9 / 16, 'square03-0': 1 }

let open: OpenApp

beforeAll(async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'reelbox-e2e-look-'))
  const folders = { dataDir: path.join(root, 'data'), libraryDir: path.join(root, 'library') }
  await seedLibrary({ ...folders, items })
  open = await openApp({ ...folders, env: { REELBOX_SANDBOX_TIMING: '300,900' } })
  await enterSandbox(open.page)
})
afterAll(async () => {
  await open?.close()
})

const measure = () =>
  open.page.evaluate(() => {
    const box = (selector: string) => {
      const r = document.querySelector(selector)!.getBoundingClientRect()
      return { width: r.width, height: r.height }
    }
    const video = document.querySelector<HTMLVideoElement>('[data-testid=detail-video]')!
    const bottom = (selector: string) => document.querySelector(selector)!.getBoundingClientRect().bottom
    return {
      video: box('[data-testid=detail-video]'),
      detail: box('[data-testid=library-detail]'),
      loop: video.loop,
      // The detail's own buttons stay inside it (nothing pushed out of view by the picture).
      actionsInside: bottom('[data-testid=save-video]') <= bottom('[data-testid=library-detail]') && bottom('[data-testid=detail-drag]') <= bottom('[data-testid=library-detail]'),
    }
  })

describe('the detail viewer', () => {
  it.each([
    { width: 1024, height: 700 },
    { width: 1920, height: 1080 },
  ])('fits each clip’s own shape and grows with the window at $width×$height', async (viewport) => {
    const { page } = open
    await page.setViewportSize(viewport)
    const seen: Record<string, { width: number; height: number }> = {}
    for (const item of items) {
      await page.goto(`${open.app.origin}/#/library?item=${item.id}`)
      // This item's detail, not the one shown before it (the video element stays between them).
      await expect.poll(() => page.textContent('[data-testid=detail-prompt]')).toBe(item.prompt)
      await page.locator('[data-testid=detail-video]').waitFor()
      await settled(page)
      const { video, detail, loop, actionsInside } = await measure()
      expect(actionsInside).toBe(true)
      // The player is the clip's shape: no black band wider than a pixel or two on any side.
      expect(Math.abs(video.width / video.height - aspects[item.id]!)).toBeLessThan(0.02)
      expect(loop).toBe(true)
      // The dialog fits the window and uses most of it along one side.
      expect(detail.width).toBeLessThanOrEqual(viewport.width)
      expect(detail.height).toBeLessThanOrEqual(viewport.height)
      seen[item.id] = video
      await open.shot(`detail-${item.id.replace(/\d+-0$/, '')}-${viewport.width}`)
    }
    // Large where there is room: the wide clip fills the width beside the info column.
    expect(seen['wide01-0']!.width).toBeGreaterThan(viewport.width - 2 * 32 - 400 - 2)
    if (viewport.width === 1920) expect(seen['tall02-0']!.height).toBeGreaterThan(viewport.height * 0.8)
  })

  it('ends without page errors', () => {
    expect(open.errors).toEqual([])
  })
})
