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

export interface SyncOptions {
  /** One frame of the fastest clip, in seconds. */
  frame: number
  /** How many settled samples in a row (one an animation frame at most) must all be within `frame`. */
  run?: number
  /** How many frames (of `frame`) every clip plays after it (re)starts before a sample counts. */
  settleFrames?: number
  /** Settled samples to take at most before giving up. */
  patience?: number
}

export interface SyncResult {
  /** The first `run` settled spreads in a row within one frame, or fewer if none came. */
  stretch: number[]
  /** Every settled spread sampled, for the failure message. */
  sampled: number
}

/**
 * Waits until the playing clips agree within one frame for `run` settled samples in a row, and
 * returns that stretch. Every start (the first play, the loop's seek back to 0, a resume after the
 * clock waited for a clip) sets the clips off a few milliseconds apart, as each decoder takes its
 * own time; the clock closes that by nudging their rates, so only after each clip has played
 * `settleFrames` frames since its last play or seek do they promise to agree. Counted in the
 * clips' frames, not wall time. What the clock guarantees is that it brings them together and keeps
 * them there, not that a starved machine never lets a decoder slip for a moment (two CPU hogs
 * made one slip 40 ms now and then, closed again a few frames later): so the test waits for a
 * stretch in sync rather than demanding that no sample is ever late. A clock that leaves a drift
 * (no nudge, a wrong rate) never gives the stretch. Sampled in the page, so a slow test process
 * cannot miss frames.
 */
export function syncedStretch(page: Page, { frame, run = 30, settleFrames = 30, patience = 3000 }: SyncOptions): Promise<SyncResult> {
  return page.evaluate(
    ({ frame, run, settleFrames, patience }) =>
      new Promise<SyncResult>((resolve) => {
        const videos = [...document.querySelectorAll<HTMLVideoElement>('[data-testid=compare-video]')]
        // Where each clip last set off; one already playing counts from here.
        const startedAt = new Map(videos.map((v) => [v, v.currentTime]))
        const restarted = (event: Event): void => void startedAt.set(event.target as HTMLVideoElement, (event.target as HTMLVideoElement).currentTime)
        const restarts = ['play', 'seeking'] as const
        for (const v of videos) for (const type of restarts) v.addEventListener(type, restarted)
        let stretch: number[] = []
        let sampled = 0
        const sample = (): void => {
          const running = videos.filter((v) => !v.paused && v.readyState >= 3 && !v.seeking)
          const settled = running.every((v) => v.currentTime - startedAt.get(v)! >= settleFrames * frame)
          if (running.length >= 2 && settled) {
            const times = running.map((v) => v.currentTime)
            const spread = Math.max(...times) - Math.min(...times)
            sampled += 1
            stretch = spread <= frame ? [...stretch, spread] : []
          }
          if (stretch.length < run && sampled < patience) requestAnimationFrame(sample)
          else {
            for (const v of videos) for (const type of restarts) v.removeEventListener(type, restarted)
            resolve({ stretch, sampled })
          }
        }
        requestAnimationFrame(sample)
      }),
    { frame, run, settleFrames, patience },
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
