import { describe, expect, it } from 'vitest'
import { SyncClock, spread, type ClipPlayer } from '@/components/compare/sync-clock'

/**
 * A clip as the clock sees it: its media time runs at `playbackRate` × its own speed (a decoder's
 * clock is never exactly the wall clock's), it starts `startDelay` seconds after play(), and it
 * needs `loading` seconds before it can play at all.
 */
class FakeClip implements ClipPlayer {
  private at = 0
  playbackRate = 1
  paused = true
  seeking = false
  seeks = 0
  private startsAt = 0
  constructor(
    readonly duration: number,
    private readonly speed = 1,
    private readonly startDelay = 0,
    private loading = 0,
  ) {}
  get currentTime(): number {
    return this.at
  }
  /** A seek, counted. */
  set currentTime(t: number) {
    this.at = t
    this.seeks++
  }
  get ended(): boolean {
    return this.at >= this.duration
  }
  get readyState(): number {
    return this.loading > 0 ? 1 : 4
  }
  play(): void {
    if (!this.paused) return
    this.paused = false
    this.startsAt = this.startDelay
  }
  pause(): void {
    this.paused = true
  }
  advance(dt: number): void {
    this.loading = Math.max(0, this.loading - dt)
    if (this.paused) return
    const late = Math.min(this.startsAt, dt)
    this.startsAt -= late
    this.at = Math.min(this.duration, this.at + (dt - late) * this.speed * this.playbackRate)
    if (this.at >= this.duration) this.paused = true
  }
}

/** Runs the clock at 60 frames a second for `seconds`, returning the spread after each frame. */
function run(clock: SyncClock, clips: FakeClip[], seconds: number, from = 0): number[] {
  const spreads: number[] = []
  for (let i = 1; i <= seconds * 60; i++) {
    const now = from + (i * 1000) / 60
    for (const clip of clips) clip.advance(1 / 60)
    clock.tick(now)
    spreads.push(spread(clips, clock.time))
  }
  return spreads
}

const FRAME = 1 / 30

describe('the compare view’s one clock', () => {
  it('keeps clips whose decoders run fast, slow and late within a frame, without seeking them', () => {
    const clips = [new FakeClip(6, 1), new FakeClip(6, 1.03, 0.05), new FakeClip(6, 0.97, 0.1)]
    const clock = new SyncClock(() => clips)
    clock.play()
    clips.forEach((c) => (c.seeks = 0))
    const spreads = run(clock, clips, 5)
    // Half a second to close the start's 100 ms; then within a frame to the end.
    expect(Math.max(...spreads.slice(45))).toBeLessThanOrEqual(FRAME)
    expect(clips.map((c) => c.seeks)).toEqual([0, 0, 0])
    expect(clips.every((c) => Math.abs(c.currentTime - clock.time) < FRAME)).toBe(true)
  })

  it('waits for a clip that cannot play yet: none sets off alone', () => {
    const clips = [new FakeClip(4), new FakeClip(4, 1, 0, 0.5)]
    const clock = new SyncClock(() => clips)
    clock.play()
    run(clock, clips, 0.4)
    expect(clock.time).toBe(0)
    expect(clips[0]!.currentTime).toBe(0)
    const spreads = run(clock, clips, 1, 400)
    expect(Math.max(...spreads)).toBeLessThanOrEqual(FRAME)
    expect(clock.time).toBeGreaterThan(0.8)
  })

  it('a shorter clip holds its last frame while the longest plays on, then all loop together', () => {
    const clips = [new FakeClip(2), new FakeClip(3)]
    const clock = new SyncClock(() => clips)
    clock.play()
    run(clock, clips, 2.5)
    expect(clips[0]!.currentTime).toBeCloseTo(2, 3)
    expect(clips[0]!.paused).toBe(true)
    expect(clips[1]!.currentTime).toBeCloseTo(2.5, 1)
    run(clock, clips, 0.7, 2500)
    // Past 3 s the timeline wrapped: both from the start again.
    expect(clock.time).toBeLessThan(0.3)
    expect(Math.abs(clips[0]!.currentTime - clips[1]!.currentTime)).toBeLessThanOrEqual(FRAME)
  })

  it('without looping it stops at the end; play starts over', () => {
    const clips = [new FakeClip(1), new FakeClip(1.5)]
    const clock = new SyncClock(() => clips)
    clock.loop = false
    clock.play()
    run(clock, clips, 2)
    expect(clock.playing).toBe(false)
    expect(clock.time).toBe(1.5)
    clock.play()
    expect(clock.time).toBe(0)
    expect(clips.map((c) => c.currentTime)).toEqual([0, 0])
  })

  it('seeks and frame steps put every clip on the clock, each clamped to its own end', () => {
    const clips = [new FakeClip(2), new FakeClip(4)]
    const clock = new SyncClock(() => clips)
    clock.seek(3)
    expect(clips.map((c) => c.currentTime)).toEqual([2, 3])
    clock.step(1, FRAME)
    expect(clock.time).toBeCloseTo(3 + FRAME, 6)
    expect(clips[1]!.currentTime).toBeCloseTo(3 + FRAME, 6)
    clock.step(-2, FRAME)
    expect(clips[1]!.currentTime).toBeCloseTo(3 - FRAME, 6)
    expect(clock.playing).toBe(false)
  })

  it('steps from between two frames to the start of the next one, not past it', () => {
    const clips = [new FakeClip(5)]
    const clock = new SyncClock(() => clips)
    const frame = 1 / 25
    // 3.5 s at 25 fps is half-way through frame 87 (3.48 s); the next frame starts at 3.52 s.
    clock.seek(3.5)
    clock.step(1, frame)
    expect(clips[0]!.currentTime).toBeCloseTo(3.52, 9)
    // On a frame's start (3.52 = 88 frames, give or take float error) a step goes one frame.
    clock.step(1, frame)
    expect(clips[0]!.currentTime).toBeCloseTo(3.56, 9)
    clock.seek(3.5)
    clock.step(-1, frame)
    expect(clips[0]!.currentTime).toBeCloseTo(3.44, 9)
  })
})

describe('on a busy page', () => {
  it('ticking only one and a half times a second, nudges do not overshoot into a swing: clips stay within a frame', () => {
    const clips = [new FakeClip(12, 1), new FakeClip(12, 1.01, 0.08), new FakeClip(12, 0.99, 0.15)]
    const clock = new SyncClock(() => clips)
    clock.play()
    const spreads: number[] = []
    // The decoders run every 1/60 s; the page's animation frames come every 667 ms.
    for (let i = 1; i <= 10 * 60; i++) {
      for (const clip of clips) clip.advance(1 / 60)
      if (i % 40 === 0) clock.tick((i * 1000) / 60)
      spreads.push(spread(clips, clock.time))
    }
    expect(Math.max(...spreads.slice(7 * 60))).toBeLessThanOrEqual(FRAME)
  })
})
