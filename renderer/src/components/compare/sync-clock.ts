/**
 * One clock for 2–4 clips played side by side (issue 17 item 2). The clock's time is the one
 * truth; every frame it nudges each `<video>` towards it: a clip a little ahead or behind gets a
 * `playbackRate` a few percent off 1 (smooth, no decoder flush), and only one far off (a stall, a
 * tab in the background) is sought. A clip shorter than the timeline holds its last frame.
 *
 * The clock advances with the wall clock (the rAF time) only while every clip that should be
 * playing has data to play: one stalled clip (loading, seeking, its decoder starved) pauses the
 * others rather than being left behind, and they all set off together once each can play.
 */

/** What the clock needs of a `<video>`: an HTMLVideoElement is one, and tests pass their own. */
export interface ClipPlayer {
  readonly duration: number
  currentTime: number
  playbackRate: number
  readonly paused: boolean
  readonly ended: boolean
  readonly readyState: number
  readonly seeking: boolean
  play(): Promise<void> | void
  pause(): void
}

/** A clip further than this from the clock is sought; nearer ones are nudged by their rate. */
export const SEEK_BEYOND_SEC = 0.35
/** How long a nudge takes to close a drift: drift 15 ms → rate 0.9 or 1.1. */
const CATCH_UP_SEC = 0.15
/** Drift below this is left alone (a few ms: the media clock's own granularity). */
const DEAD_BAND_SEC = 0.004
const MAX_NUDGE = 0.5
/** A time this close below a frame's start (in frames: float error) is on that frame. */
const FRAME_TOLERANCE = 1e-3
/** `HAVE_FUTURE_DATA`: the element can play on from here. */
const CAN_PLAY = 3

export class SyncClock {
  /** Seconds into the timeline (the longest clip). */
  time = 0
  playing = false
  loop = true
  private last: number | undefined
  /** How long a nudge takes to close a drift, given how often the page ticks. */
  private horizon = CATCH_UP_SEC

  constructor(private readonly players: () => readonly ClipPlayer[]) {}

  /** The timeline: the longest clip whose length is known. */
  get length(): number {
    let longest = 0
    for (const p of this.players()) if (Number.isFinite(p.duration) && p.duration > longest) longest = p.duration
    return longest
  }

  play(): void {
    if (this.length > 0 && this.time >= this.length) this.seek(0)
    this.playing = true
    this.last = undefined
  }

  pause(): void {
    this.playing = false
    this.last = undefined
    for (const p of this.players()) if (!p.paused) p.pause()
    this.place(true)
  }

  toggle(): void {
    if (this.playing) this.pause()
    else this.play()
  }

  /** Every clip to `seconds` now (a scrub, a step, an arrow key). */
  seek(seconds: number): void {
    const length = this.length
    this.time = Math.max(0, length > 0 ? Math.min(seconds, length) : seconds)
    this.last = undefined
    this.place(true)
  }

  /**
   * One frame of `frameSec` back or on, from the frame the clock is on: the one showing at its
   * time, which began at or before it (rounding would take 3.5 s at 25 fps for frame 88, and a
   * step on from there two frames on). Stepping pauses.
   */
  step(frames: number, frameSec: number): void {
    if (this.playing) this.pause()
    const frame = Math.floor(this.time / frameSec + FRAME_TOLERANCE)
    this.seek((frame + frames) * frameSec)
  }

  /** Called every animation frame with its timestamp (ms). */
  tick(now: number): void {
    const waiting = this.playing && this.stalled()
    const since = this.last === undefined ? 0 : (now - this.last) / 1000
    if (this.playing) {
      this.last = now
      this.advance(waiting ? 0 : Math.min(since, 1))
    }
    // A busy page ticks seldom: a nudge must not outlast the ticks that would end it.
    this.horizon = Math.max(CATCH_UP_SEC, 1.5 * since)
    this.place(false, waiting)
  }

  private advance(seconds: number): void {
    const length = this.length
    this.time += seconds
    if (length <= 0 || this.time < length) return
    if (this.loop) {
      this.time %= length
      this.place(true)
    } else {
      this.time = length
      this.pause()
    }
  }

  /** A clip that should be playing cannot yet: the clock waits for it. */
  private stalled(): boolean {
    return this.players().some((p) => this.time < p.duration && (p.readyState < CAN_PLAY || p.seeking))
  }

  /** Where `p` should be: the clock's time, or its own last frame once the clock is past it. */
  private targetOf(p: ClipPlayer): number {
    return Math.min(this.time, p.duration)
  }

  /** Each clip towards the clock: sought when `exact` or far off, else nudged by its rate; all paused while one is `waiting`. */
  private place(exact: boolean, waiting = false): void {
    for (const p of this.players()) {
      if (!Number.isFinite(p.duration)) continue
      const target = this.targetOf(p)
      const held = this.time >= p.duration
      const drift = p.currentTime - target
      if (exact || Math.abs(drift) > SEEK_BEYOND_SEC || (held && Math.abs(drift) > DEAD_BAND_SEC)) {
        if (!p.seeking || exact) p.currentTime = target
      }
      const run = this.playing && !held && !waiting
      // play() on an ended element starts it from 0 (HTML's "play" steps): it waits for the clock instead.
      if (run && p.paused && !p.ended) void Promise.resolve(p.play()).catch(() => undefined)
      if (!run && !p.paused) p.pause()
      const rate = run ? nudge(drift, this.horizon) : 1
      if (p.playbackRate !== rate) p.playbackRate = rate
    }
  }
}

/** The rate that closes `drift` seconds (clip ahead: positive) in about `horizon` seconds. */
export function nudge(drift: number, horizon = CATCH_UP_SEC): number {
  if (Math.abs(drift) < DEAD_BAND_SEC) return 1
  return 1 - Math.max(-MAX_NUDGE, Math.min(MAX_NUDGE, drift / horizon))
}

/** The largest distance between the clips' times, each counted to its own end (a held clip is where it should be). */
export function spread(players: readonly ClipPlayer[], time: number): number {
  const positions = players.filter((p) => Number.isFinite(p.duration) && time < p.duration).map((p) => p.currentTime)
  return positions.length < 2 ? 0 : Math.max(...positions) - Math.min(...positions)
}
