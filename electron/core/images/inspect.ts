import { invalidInput } from '../../../shared/errors'
import { megabytes } from '../files/size'
import { megapixels } from './fit'
import { loadSharp } from './sharp'
import { ACCEPTED, describeNonImage, imageKind, mimeOf, type ImageKind } from './sniff'

/** Beyond these an "image" is a mistake or a decompression bomb, not an input for a video model. */
export const MAX_INPUT_BYTES = 100 * 1024 * 1024
export const MAX_INPUT_PIXELS = 200_000_000

export interface Inspected {
  readonly kind: ImageKind
  readonly mime: string
  /** As displayed: EXIF orientation applied. */
  readonly width: number
  readonly height: number
}

/**
 * Checks that `bytes` are an image Reelbox can send, decoding it fully once (a truncated or
 * damaged file fails here, at import, not at submit). Every refusal names the file; `field` is
 * the procedure input it came in by ("bytes" or "path").
 *
 * Decided: PNG, JPEG and WebP are taken; GIF too, by its first frame (a designer's reference is
 * often a GIF and the first frame is what a still input means). Everything sent is PNG or JPEG.
 */
export async function inspectImage(bytes: Uint8Array, name: string, field: string, limits = { maxBytes: MAX_INPUT_BYTES, maxPixels: MAX_INPUT_PIXELS }): Promise<Inspected> {
  const refuse = (message: string) => invalidInput({ [field]: [message] })
  if (bytes.byteLength === 0) throw refuse(`${name} is empty (0 bytes)`)
  if (bytes.byteLength > limits.maxBytes) throw refuse(`${name} is ${megabytes(bytes.byteLength)}; Reelbox takes images up to ${megabytes(limits.maxBytes)}`)
  const kind = imageKind(bytes)
  if (!kind) {
    const what = describeNonImage(bytes)
    throw refuse(what ? `${name} is ${what}, not an image Reelbox can use (${ACCEPTED})` : `${name} is not a ${ACCEPTED} image`)
  }
  const label = kind.toUpperCase()
  const sharp = await loadSharp()
  let width: number
  let height: number
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata()
    width = meta.autoOrient.width
    height = meta.autoOrient.height
  } catch (error) {
    throw refuse(`${name} looks like a ${label} but cannot be read (${short(error)})`)
  }
  if (width * height > limits.maxPixels) {
    throw refuse(`${name} is ${width}×${height} (${megapixels(width * height)}); Reelbox takes images up to ${megapixels(limits.maxPixels)}`)
  }
  try {
    // A full decode (shrink-on-load keeps it cheap): damage past the header shows up only here.
    await sharp(bytes, { failOn: 'error', limitInputPixels: limits.maxPixels }).resize(64, 64, { fit: 'inside' }).toBuffer()
  } catch (error) {
    throw refuse(`${name} is a damaged ${label} file (${short(error)})`)
  }
  return { kind, mime: mimeOf[kind], width, height }
}

/** The decoder's reason, one line, without library prefixes. */
function short(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const line = message.split('\n').find((l) => l.trim()) ?? 'unreadable'
  const tidy = line.replace(/\b[Vv]ips\w*: ?/g, '').replace(/^Input buffer (has )?/, '').replace(/\b\w+load(_buffer)?: ?/g, '')
  return tidy.trim().slice(0, 160) || 'unreadable'
}
