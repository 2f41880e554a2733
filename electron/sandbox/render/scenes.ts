import { mulberry32 } from '../random'
import { blank, hsl, mix, type Rgba, sampleWindow, windowAt } from './raster'

/**
 * What each mode looks like (issue 3 item 7): the first frame, then a slow push-in (i2v),
 * a crossfade from the first frame to the last (first-last), the reference pictures one after
 * another (reference), and a seed-driven animation (t2v). A scene draws frame `i` of `count`.
 */
export type Scene = (i: number, count: number, out: Rgba) => void

const smooth = (t: number): number => t * t * (3 - 2 * t)
const progress = (i: number, count: number): number => (count <= 1 ? 0 : i / (count - 1))

/**
 * The Ken Burns camera: it starts on the whole picture (zoom 1), so the first frame is the given
 * frame itself and a clip continued from another's last frame plays on without a jump (issue 16
 * item 1), then pushes in to 1.18 while drifting towards a point the seed picks.
 */
function camera(seed: number): (t: number) => { zoom: number; cx: number; cy: number } {
  const rnd = mulberry32(seed)
  const to = { cx: 0.4 + rnd() * 0.2, cy: 0.4 + rnd() * 0.2 }
  return (t) => {
    const u = smooth(t)
    return { zoom: 1 + 0.18 * u, cx: 0.5 + (to.cx - 0.5) * u, cy: 0.5 + (to.cy - 0.5) * u }
  }
}

/** i2v: the first frame as given, then a slow push-in and drift. */
export function kenBurns(picture: Rgba, seed: number): Scene {
  const at = camera(seed)
  return (i, count, out) => {
    const { zoom, cx, cy } = at(progress(i, count))
    sampleWindow(picture, windowAt(picture, zoom, cx, cy), out)
  }
}

/** first-last: hold the first frame, crossfade to the last, hold it; a gentle common zoom. */
export function crossfade(first: Rgba, last: Rgba, width: number, height: number): Scene {
  const a = blank(width, height)
  const b = blank(width, height)
  return (i, count, out) => {
    const t = progress(i, count)
    const zoom = 1 + 0.08 * t
    sampleWindow(first, windowAt(first, zoom, 0.5, 0.5), a)
    sampleWindow(last, windowAt(last, zoom, 0.5, 0.5), b)
    mix(a, b, smooth(Math.min(1, Math.max(0, (t - 0.2) / 0.6))), out)
  }
}

/** reference: each picture in turn with a slight push-in, short crossfades between them. */
export function sequence(pictures: readonly Rgba[], width: number, height: number, fadeFrames: number): Scene {
  const a = blank(width, height)
  const b = blank(width, height)
  const draw = (k: number, local: number, target: Rgba): void => {
    const picture = pictures[Math.min(pictures.length - 1, Math.max(0, k))]!
    sampleWindow(picture, windowAt(picture, 1 + 0.1 * local, 0.5, 0.5), target)
  }
  return (i, count, out) => {
    const span = count / pictures.length
    const k = Math.min(pictures.length - 1, Math.floor(i / span))
    const local = (i - k * span) / span
    const intoNext = i - (k + 1) * span + fadeFrames
    if (k < pictures.length - 1 && intoNext > 0) {
      draw(k, local, a)
      draw(k + 1, 0, b)
      mix(a, b, smooth(Math.min(1, intoNext / fadeFrames)), out)
    } else {
      draw(k, local, out)
    }
  }
}

/** t2v: two colours from the seed, a slowly turning gradient, three soft drifting lights. */
export function gradientScene(seed: number, width: number, height: number): Scene {
  const rnd = mulberry32(seed)
  const hue = rnd() * 360
  const base = hsl(hue, 0.55, 0.28)
  const accent = hsl((hue + 90 + rnd() * 180) % 360, 0.6, 0.52)
  const angle0 = rnd() * Math.PI * 2
  const lights = Array.from({ length: 3 }, () => ({
    x: rnd(),
    y: rnd(),
    vx: (rnd() - 0.5) * 0.5,
    vy: (rnd() - 0.5) * 0.5,
    r2: (0.12 + rnd() * 0.16) ** 2,
    color: hsl((hue + rnd() * 140) % 360, 0.75, 0.62),
  }))
  const diagonal = Math.hypot(width, height)
  return (i, count, out) => {
    const t = progress(i, count)
    const angle = angle0 + t * Math.PI * 0.6
    const cos = Math.cos(angle) / diagonal
    const sin = Math.sin(angle) / diagonal
    const spots = lights.map((l) => ({ x: bounce(l.x + l.vx * t) * width, y: bounce(l.y + l.vy * t) * height, r2: l.r2 * width * width, color: l.color }))
    const o = out.data
    let p = 0
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const g = 0.5 + (x - width / 2) * cos + (y - height / 2) * sin
        let r = base[0] + (accent[0] - base[0]) * g
        let gr = base[1] + (accent[1] - base[1]) * g
        let bl = base[2] + (accent[2] - base[2]) * g
        for (const s of spots) {
          const d = ((x - s.x) ** 2 + (y - s.y) ** 2) / s.r2
          const w = 0.75 / (1 + d * d)
          r += (s.color[0] - r) * w
          gr += (s.color[1] - gr) * w
          bl += (s.color[2] - bl) * w
        }
        o[p] = r
        o[p + 1] = gr
        o[p + 2] = bl
        o[p + 3] = 255
        p += 4
      }
    }
  }
}

/** Keeps a drifting position inside 0–1 by bouncing off the edges. */
function bounce(v: number): number {
  const m = ((v % 2) + 2) % 2
  return m > 1 ? 2 - m : m
}
