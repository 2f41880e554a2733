/**
 * Numbers every screen shows the same way: clock times, file sizes, pixel sizes, counts. Shown in
 * tabular figures (class `numeric`) so digits do not jump as they change. Formatters are made
 * once per locale: a grid of 100,000 items asks for them on every frame.
 */
import { sizeIn } from '@shared/format'

const numbers = new Map<string, Intl.NumberFormat>()

export function count(n: number, locale: string): string {
  let made = numbers.get(locale)
  if (!made) numbers.set(locale, (made = new Intl.NumberFormat(locale)))
  return made.format(n)
}

/** A frame's shape as designers write it: `16:9` stays a ratio of whole numbers, `12:1`, `1:2.5`, `1:3`. */
export function shape(ratio: number, locale: string): string {
  const round = (n: number): string => count(Math.round(n * 10) / 10, locale)
  return ratio >= 1 ? `${round(ratio)}:1` : `1:${round(1 / ratio)}`
}

/** `0:42`, `12:05`, `1:02:03`: a stopwatch, for elapsed times and video lengths alike. */
export function clock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** Sizes (in 1024s, shared/format.ts) show one decimal below 100 (4.2 MB) and none above (240 KB). */
const sizes = new Map<string, Intl.NumberFormat>()

export function fileSize(bytes: number, locale: string): string {
  const { value, unit } = sizeIn(bytes)
  const digits = unit === 'B' || value >= 100 ? 0 : 1
  const key = `${locale}|${digits}`
  let made = sizes.get(key)
  if (!made) sizes.set(key, (made = new Intl.NumberFormat(locale, { maximumFractionDigits: digits })))
  return `${made.format(value)} ${unit}`
}

export function pixels(width: number, height: number): string {
  return `${width}×${height}`
}

/**
 * A size as asked for (a draft's resolution): a quality stays as the model names it ("1080p"),
 * pixels read as delivered sizes do ("1920×1080", never "1920x1080"; issue 22 item 9).
 */
export function askedSize(resolution: string): string {
  const wh = /^(\d+)\s*[xX×]\s*(\d+)$/.exec(resolution.trim())
  return wh ? pixels(Number(wh[1]), Number(wh[2])) : resolution
}

/** `0:04.96`: a moment in a clip, to the hundredth (a frame at 24 fps is 0.04 s). */
export function timecode(seconds: number): string {
  const s = Math.max(0, seconds)
  return `${clock(s)}.${String(Math.floor((s % 1) * 100)).padStart(2, '0')}`
}
