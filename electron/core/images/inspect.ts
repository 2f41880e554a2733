import { invalidInput } from '../../../shared/errors'
import { problem, type Problem } from '../../../shared/rules/problems'
import { imageKind, mimeOf, otherKind, type ImageKind } from './sniff'
import { loadSharp } from './sharp'

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
  const refuse = (found: Problem) => invalidInput({ [field]: [found] })
  if (bytes.byteLength === 0) throw refuse(problem('file.empty', { name }))
  if (bytes.byteLength > limits.maxBytes) throw refuse(problem('file.tooLarge', { name, bytes: bytes.byteLength, max: limits.maxBytes }))
  const kind = imageKind(bytes)
  if (!kind) throw refuse(problem('file.notImage', { name, kind: otherKind(bytes) }))
  const sharp = await loadSharp()
  let width: number
  let height: number
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata()
    width = meta.autoOrient.width
    height = meta.autoOrient.height
  } catch (error) {
    throw refuse(problem('file.undecodable', { name, format: kind, reason: short(error) }))
  }
  if (width * height > limits.maxPixels) {
    throw refuse(problem('file.tooManyPixels', { name, width, height, max: limits.maxPixels }))
  }
  try {
    // A full decode (shrink-on-load keeps it cheap): damage past the header shows up only here.
    await sharp(bytes, { failOn: 'error', limitInputPixels: limits.maxPixels }).resize(64, 64, { fit: 'inside' }).toBuffer()
  } catch (error) {
    throw refuse(problem('file.damaged', { name, format: kind, reason: short(error) }))
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
