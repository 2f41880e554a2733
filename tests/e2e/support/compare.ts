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

export interface SpreadOptions {
  /** One frame of the fastest clip, in seconds. */
  frame: number
  /** How many settled samples to take (one an animation frame at most). */
  samples?: number
  /** How many frames (of `frame`) every clip plays after it (re)starts before a sample counts. */
  settleFrames?: number
}

/**
 * The spread between the playing clips, `samples` times, each on an animation frame where the
 * clock has settled. Every start (the first play, the loop's seek back to 0, a resume after the
 * clock waited for a clip) sets the clips off a few milliseconds apart, as each decoder takes its
 * own time; the clock closes that by nudging their rates, so only after each clip has played
 * `settleFrames` frames since its last play or seek do they promise to agree. Counted in the
 * clips' frames, not wall time: a loaded machine shows fewer of them a second, not fewer a
 * clip. Sampled in the page, so a slow test process cannot miss frames.
 */
export function settledSpreads(page: Page, { frame, samples = 40, settleFrames = 30 }: SpreadOptions): Promise<number[]> {
  return page.evaluate(
    ({ frame, samples, settleFrames }) =>
      new Promise<number[]>((resolve) => {
        const videos = [...document.querySelectorAll<HTMLVideoElement>('[data-testid=compare-video]')]
        // Where each clip last set off; one already playing counts from here.
        const startedAt = new Map(videos.map((v) => [v, v.currentTime]))
        const restarted = (event: Event): void => void startedAt.set(event.target as HTMLVideoElement, (event.target as HTMLVideoElement).currentTime)
        const restarts = ['play', 'seeking'] as const
        for (const v of videos) for (const type of restarts) v.addEventListener(type, restarted)
        const spreads: number[] = []
        const sample = (): void => {
          const running = videos.filter((v) => !v.paused && v.readyState >= 3 && !v.seeking)
          const settled = running.every((v) => v.currentTime - startedAt.get(v)! >= settleFrames * frame)
          if (running.length >= 2 && settled) {
            const times = running.map((v) => v.currentTime)
            spreads.push(Math.max(...times) - Math.min(...times))
          }
          if (spreads.length < samples) requestAnimationFrame(sample)
          else {
            for (const v of videos) for (const type of restarts) v.removeEventListener(type, restarted)
            resolve(spreads)
          }
        }
        requestAnimationFrame(sample)
      }),
    { frame, samples, settleFrames },
  )
}

/** Resolves after the page has drawn `count` animation frames. */
export function animationFrames(page: Page, count: number): Promise<void> {
  return page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        let left = count
        const next = (): void => void (--left > 0 ? requestAnimationFrame(next) : resolve())
        requestAnimationFrame(next)
      }),
    count,
  )
}
