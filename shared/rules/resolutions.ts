import type { ModeSpec } from '../catalog'

/**
 * What a model's resolution values say to a designer (issue 15 item 8): a catalogue lists them as
 * the service spells them (§2.1 rule 5: "720p", "1280x720"), and where a value encodes its size it
 * encodes two choices at once, the frame's shape (aspect ratio) and its quality. Zod-free: the
 * Create form draws aspect presets and a quality choice from this, the engine's defaults use it.
 */

/** One resolution value, read. */
export interface Resolution {
  readonly value: string
  /** The aspect ratio as designers name it ("16:9", "9:16", "1:1"), or undefined when the value does not say ("720p"). */
  readonly aspect: string | undefined
  /** Width ÷ height, when the value says. */
  readonly ratio: number | undefined
  /** Its quality as designers name it: the short side in lines ("1080p"), or the value itself. */
  readonly quality: string
  /** How many pixels a frame has, to order by quality; 0 when the value does not say. */
  readonly pixels: number
}

/** Ratios designers know by name; a size within 2 % of one is called by it (2560×1080 is 21:9). */
const named = ['21:9', '16:9', '3:2', '4:3', '5:4', '1:1', '4:5', '3:4', '2:3', '9:16', '9:21']

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b))

/** The ratio a shape's name says: "16:9" → 1.78. */
export function ratioOf(name: string): number {
  const [w, h] = name.split(':').map(Number)
  return w! / h!
}

export function aspectName(width: number, height: number): string {
  const ratio = width / height
  const near = named.find((name) => Math.abs(ratio / ratioOf(name) - 1) < 0.02)
  if (near) return near
  const d = gcd(width, height)
  return `${width / d}:${height / d}`
}

/** A resolution as a designer reads it: "1280x720" as 1280×720; "720p" and the like as they are. */
export function sizeText(value: string): string {
  return value.replace(/x/i, '×')
}

/** "1280x720" (or ×, *), "720p", "4K": what each says; anything else keeps its own words. */
export function readResolution(value: string): Resolution {
  const size = /^\s*(\d{2,5})\s*[x×*]\s*(\d{2,5})\s*$/i.exec(value)
  if (size) {
    const width = Number(size[1])
    const height = Number(size[2])
    return { value, aspect: aspectName(width, height), ratio: width / height, quality: `${Math.min(width, height)}p`, pixels: width * height }
  }
  const lines = /^\s*(\d{3,4})\s*p\s*$/i.exec(value)
  if (lines) {
    const n = Number(lines[1])
    return { value, aspect: undefined, ratio: undefined, quality: `${n}p`, pixels: Math.round((n * n * 16) / 9) }
  }
  const k = /^\s*([248])\s*k\s*$/i.exec(value)
  if (k) {
    const n = { '2': 1440, '4': 2160, '8': 4320 }[k[1] as '2' | '4' | '8']
    return { value, aspect: undefined, ratio: undefined, quality: value.trim().toUpperCase(), pixels: Math.round((n * n * 16) / 9) }
  }
  return { value, aspect: undefined, ratio: undefined, quality: value, pixels: 0 }
}

/** A choice of frame shape: a named aspect, or `undefined` for values that leave it to the model. */
export interface AspectChoice {
  readonly aspect: string | undefined
  /** Width ÷ height to draw the preset with; undefined for the model's own choice. */
  readonly ratio: number | undefined
}

/** The frame shapes among a mode's resolutions, in the catalogue's order; empty when it offers none. */
export function aspectChoices(spec: ModeSpec | undefined): AspectChoice[] {
  const seen = new Map<string | undefined, AspectChoice>()
  for (const read of (spec?.resolutions ?? []).map(readResolution)) if (!seen.has(read.aspect)) seen.set(read.aspect, { aspect: read.aspect, ratio: read.ratio })
  return [...seen.values()]
}

/** The resolutions of one frame shape, lowest quality first (the catalogue's order among equals). */
export function qualitiesOf(spec: ModeSpec | undefined, aspect: string | undefined): Resolution[] {
  return (spec?.resolutions ?? [])
    .map(readResolution)
    .filter((read) => read.aspect === aspect)
    .sort((a, b) => a.pixels - b.pixels)
}

/** The best of some resolutions: the most pixels; on a tie the wider (video is landscape unless asked), then the first listed. */
export function bestOf(resolutions: readonly Resolution[]): Resolution | undefined {
  const wider = (a: Resolution, b: Resolution): boolean => (a.ratio ?? 0) > (b.ratio ?? 0)
  return resolutions.reduce<Resolution | undefined>((best, read) => (!best || read.pixels > best.pixels || (read.pixels === best.pixels && wider(read, best)) ? read : best), undefined)
}

/**
 * The value to send when the designer picks a frame shape: the same quality in that shape when
 * the model has it (1080p stays 1080p from 16:9 to 9:16), else that shape's best.
 */
export function withAspect(spec: ModeSpec | undefined, current: string | undefined, aspect: string | undefined): string | undefined {
  const options = qualitiesOf(spec, aspect)
  const quality = current === undefined ? undefined : readResolution(current).quality
  return (options.find((read) => read.quality === quality) ?? bestOf(options))?.value
}
