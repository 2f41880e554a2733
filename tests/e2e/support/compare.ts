import type { Page } from 'playwright-core'

/**
 * The compare view's clips as the page has them, read in one task: every `<video>`'s own
 * `currentTime`, and the largest distance between those playing (one paused past its end holds
 * its last frame, as it should; the scrub checks those).
 */
export function clipTimes(page: Page): Promise<{ spread: number; times: number[]; playing: number }> {
  return page.evaluate(() => {
    const videos = [...document.querySelectorAll<HTMLVideoElement>('[data-testid=compare-video]')]
    const times = videos.map((v) => v.currentTime)
    const running = videos.filter((v) => !v.paused).map((v) => v.currentTime)
    return { spread: running.length > 1 ? Math.max(...running) - Math.min(...running) : 0, times, playing: videos.filter((v) => !v.paused).length }
  })
}

/** Once every clip plays, the spread each animation frame for `frames` frames (after the clips have set off together). */
export async function spreadWhilePlaying(page: Page, frames = 40): Promise<number[]> {
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLVideoElement>('[data-testid=compare-video]')].every((v) => v.readyState >= 3 && !v.paused))
  // The few milliseconds each clip took to start are closed within half a second.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 600)))
  const samples: number[] = []
  for (let i = 0; i < frames; i++) {
    const { spread, playing } = await clipTimes(page)
    if (playing >= 2) samples.push(spread)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))))
  }
  return samples
}
