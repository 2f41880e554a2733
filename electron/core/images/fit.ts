import type { ImageLimits } from '../../../shared/catalog'
import { problemError } from '../../../shared/errors'
import { fitDimensions, unfittable } from '../../../shared/rules/images'
import { problem } from '../../../shared/rules/problems'
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

/** Refusals are `INVALID_INPUT` with the problem (naming the image by `name`) for the caller to place. */
export async function fitImage(original: Original, limits: ImageLimits, name: string): Promise<Fitted> {
  const never = unfittable({ name }, original.width, original.height, limits)
  if (never) throw problemError('INVALID_INPUT', never)
  const sharp = await loadSharp()
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
      throw problemError('INVALID_INPUT', problem('image.cannotShrink', { name, maxBytes: limits.maxBytes, minSide: limits.minSide }))
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
