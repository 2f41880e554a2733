import { invalidInput } from '../../../shared/errors'
import { KB } from '../../../shared/format'
import { problem } from '../../../shared/rules/problems'
import { loadSharp } from '../images/sharp'

/** Posters are cached thumbnails, not archives: bounded in, bounded out. */
export const MAX_POSTER_BYTES = 10 * KB * KB
const MAX_POSTER_SIDE = 1280
const MAX_INPUT_PIXELS = 8192 * 8192

/**
 * Checks a poster (the frame the page drew from `<video>`, or the Sandbox's own) and returns it
 * as a JPEG at most 1280 px on its longest side. Anything but a decodable JPEG, PNG or WebP of
 * sane size is refused with the field named.
 */
export async function normalizePoster(bytes: Uint8Array, field = 'bytes'): Promise<Buffer> {
  if (bytes.byteLength === 0) throw invalidInput({ [field]: [problem('poster.refused', { why: 'empty' })] })
  if (bytes.byteLength > MAX_POSTER_BYTES) throw invalidInput({ [field]: [problem('poster.refused', { why: 'tooLarge', megabytes: MAX_POSTER_BYTES / (KB * KB) })] })
  const sharp = await loadSharp()
  let format: string | undefined
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
    format = meta.format
  } catch {
    throw invalidInput({ [field]: [problem('poster.refused', { why: 'unreadable' })] })
  }
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp') {
    throw invalidInput({ [field]: [problem('poster.refused', { why: 'format', format: format ?? 'unknown' })] })
  }
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_POSTER_SIDE, height: MAX_POSTER_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer()
  } catch (error) {
    throw invalidInput({ [field]: [problem('poster.refused', { why: 'undecodable', reason: (error as Error).message })] })
  }
}
