import { ratioOf } from '@shared/rules/resolutions'

/**
 * The crop frame's geometry, in the image's own pixels (as displayed): where it starts, how it
 * moves and how it resizes, always inside the image, at least `minSide` on a side, and within the
 * model's range of shapes (width ÷ height from `min` to `max`), or at exactly one shape when a
 * preset is chosen. Pure, so the dialog only turns pointer and keys into these calls.
 */
export interface Rect {
  left: number
  top: number
  width: number
  height: number
}

export interface Size {
  width: number
  height: number
}

/** What the frame may be: the model's range of shapes, a chosen shape (`lock`), the smallest side. */
export interface Bounds {
  readonly image: Size
  readonly min: number
  readonly max: number
  readonly lock?: number | undefined
  readonly minSide: number
}

export type Corner = 'nw' | 'ne' | 'sw' | 'se'

const clamp = (n: number, lo: number, hi: number): number => Math.min(Math.max(n, lo), Math.max(lo, hi))

/** The shapes a designer may pick for this range (the model's, e.g. 1:3 to 3:1), most used first. */
const presetShapes = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'].map((name) => [name, ratioOf(name)] as const)

export function shapesWithin(min: number, max: number): Array<readonly [string, number]> {
  return presetShapes.filter(([, ratio]) => ratio >= min && ratio <= max)
}

/** The shape the frame keeps: the preset's, else the image's own brought into the range. */
export function targetRatio(bounds: Bounds): number {
  return bounds.lock ?? clamp(bounds.image.width / bounds.image.height, bounds.min, bounds.max)
}

/** The largest frame of the target shape, centred: what most crops want. */
export function initialFrame(bounds: Bounds): Rect {
  const { width: W, height: H } = bounds.image
  const ratio = targetRatio(bounds)
  const width = W / H > ratio ? H * ratio : W
  const height = width / ratio
  return { left: (W - width) / 2, top: (H - height) / 2, width, height }
}

export function moveFrame(rect: Rect, dx: number, dy: number, image: Size): Rect {
  return { ...rect, left: clamp(rect.left + dx, 0, image.width - rect.width), top: clamp(rect.top + dy, 0, image.height - rect.height) }
}

/**
 * The frame with one corner at `to` (image pixels) and the opposite corner where it was. Its
 * shape follows the pointer within the range, or stays the preset's; it never leaves the image.
 */
export function resizeFrame(rect: Rect, corner: Corner, to: { x: number; y: number }, bounds: Bounds): Rect {
  const { width: W, height: H } = bounds.image
  const east = corner === 'ne' || corner === 'se'
  const south = corner === 'sw' || corner === 'se'
  const anchor = { x: east ? rect.left : rect.left + rect.width, y: south ? rect.top : rect.top + rect.height }
  const roomW = east ? W - anchor.x : anchor.x
  const roomH = south ? H - anchor.y : anchor.y
  let width = clamp(east ? to.x - anchor.x : anchor.x - to.x, bounds.minSide, roomW)
  let height = clamp(south ? to.y - anchor.y : anchor.y - to.y, bounds.minSide, roomH)
  const lo = bounds.lock ?? bounds.min
  const hi = bounds.lock ?? bounds.max
  if (width / height > hi) {
    // Too wide for the shape: as tall as that width needs, else as wide as the room allows.
    height = Math.min(width / hi, roomH)
    width = height * hi
  } else if (width / height < lo) {
    width = Math.min(height * lo, roomW)
    height = width / lo
  }
  // Not under the smallest side the model takes, as far as the room allows.
  const grow = Math.min(Math.max(1, bounds.minSide / Math.min(width, height)), roomW / width, roomH / height)
  width *= grow
  height *= grow
  return { left: east ? anchor.x : anchor.x - width, top: south ? anchor.y : anchor.y - height, width, height }
}

/** Whole pixels for the engine, still inside the image. */
export function toPixels(rect: Rect, image: Size): Rect {
  const left = clamp(Math.round(rect.left), 0, image.width - 1)
  const top = clamp(Math.round(rect.top), 0, image.height - 1)
  return { left, top, width: clamp(Math.round(rect.width), 1, image.width - left), height: clamp(Math.round(rect.height), 1, image.height - top) }
}
