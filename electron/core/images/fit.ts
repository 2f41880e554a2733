import type { ImageLimits } from '../../../shared/catalog'
import { AppError } from '../../../shared/errors'
import { megabytes } from '../files/size'
import { loadSharp } from './sharp'

/**
 * Fitting one stored image to one model's limits (issue 3 item 6): downscale keeping the aspect
 * until it is within maxPixels, then re-encode until it is under maxBytes (JPEG, or PNG when the
 * image really uses transparency), shrinking further only if quality steps are not enough. An
 * image that already fits, as PNG or JPEG, upright and sRGB, is sent untouched.
 */

/** Bump when the output of fitting changes, so cached prepared images are made anew. */
export const FIT_VERSION = 1

export interface Fitted {
  /** Undefined when the original is sent as is. */
  readonly bytes: Buffer | undefined
  readonly mime: 'image/png' | 'image/jpeg'
  readonly width: number
  readonly height: number
  readonly size: number
  readonly resized: boolean
}

export interface Original {
  readonly bytes: Buffer
  readonly mime: string
  /** As displayed (EXIF orientation applied). */
  readonly width: number
  readonly height: number
}

const JPEG_QUALITIES = [90, 82, 74, 66] as const
const SHRINK = 0.85

/** Largest size with the same aspect and at most `maxPixels` pixels. */
export function fitDimensions(width: number, height: number, maxPixels: number): { width: number; height: number } {
  if (width * height <= maxPixels) return { width, height }
  const scale = Math.sqrt(maxPixels / (width * height))
  let w = Math.max(1, Math.floor(width * scale))
  let h = Math.max(1, Math.floor(height * scale))
  while (w * h > maxPixels) {
    if (w >= h) w--
    else h--
  }
  return { width: w, height: h }
}

/** Why an image cannot be fitted at all (too small, or too thin once within maxPixels), or undefined. */
export function unfittable(width: number, height: number, limits: ImageLimits): string | undefined {
  const short = Math.min(width, height)
  if (short < limits.minSide) return `is ${width}×${height}; the model needs at least ${limits.minSide} px on each side`
  const fitted = fitDimensions(width, height, limits.maxPixels)
  if (Math.min(fitted.width, fitted.height) < limits.minSide) {
    return `is ${width}×${height}; scaled down to the model's ${megapixels(limits.maxPixels)} it would be ${fitted.width}×${fitted.height}, under the ${limits.minSide} px minimum side`
  }
  return undefined
}

export function megapixels(pixels: number): string {
  return `${(pixels / 1_000_000).toFixed(pixels < 10_000_000 ? 1 : 0)} megapixels`
}

export async function fitImage(original: Original, limits: ImageLimits, label: string): Promise<Fitted> {
  const sharp = await loadSharp()
  const reason = unfittable(original.width, original.height, limits)
  if (reason) throw new AppError('INVALID_INPUT', `${label} ${reason}.`)
  const meta = await sharp(original.bytes).metadata()
  const target = fitDimensions(original.width, original.height, limits.maxPixels)
  const sendable = original.mime === 'image/png' || original.mime === 'image/jpeg'
  const upright = (meta.orientation ?? 1) === 1
  const srgb = meta.space === 'srgb' || meta.space === 'b-w'
  const fits = target.width === original.width && target.height === original.height && original.bytes.byteLength <= limits.maxBytes
  if (fits && sendable && upright && srgb) {
    const mime = original.mime as Fitted['mime']
    return { bytes: undefined, mime, width: original.width, height: original.height, size: original.bytes.byteLength, resized: false }
  }

  // Transparency survives only where it is really used: an opaque PNG travels as a smaller JPEG.
  const alpha = meta.hasAlpha && !(await sharp(original.bytes).stats()).isOpaque
  let { width, height } = target
  for (;;) {
    const qualities = alpha ? [undefined] : JPEG_QUALITIES
    for (const quality of qualities) {
      const bytes = await encode(original.bytes, width, height, quality, original)
      if (bytes.byteLength <= limits.maxBytes) {
        const resized = width !== original.width || height !== original.height
        return { bytes, mime: alpha ? 'image/png' : 'image/jpeg', width, height, size: bytes.byteLength, resized }
      }
    }
    const next = { width: Math.floor(width * SHRINK), height: Math.floor(height * SHRINK) }
    if (Math.min(next.width, next.height) < limits.minSide) {
      throw new AppError('INVALID_INPUT', `${label} cannot be made smaller than ${megabytes(limits.maxBytes)} (the model's limit) without going under ${limits.minSide} px.`)
    }
    ;({ width, height } = next)
  }
}

async function encode(input: Buffer, width: number, height: number, quality: number | undefined, original: Original): Promise<Buffer> {
  const sharp = await loadSharp()
  let pipeline = sharp(input, { autoOrient: true, failOn: 'error', limitInputPixels: false })
  if (width !== original.width || height !== original.height) pipeline = pipeline.resize({ width, height, fit: 'fill' })
  if (quality === undefined) return pipeline.png({ compressionLevel: 9 }).toBuffer()
  // JPEG has no alpha: flatten on white rather than the decoder's black.
  return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality }).toBuffer()
}
