import type { ImageFormatName, OtherFileKind } from '../../../shared/rules/problems'

/**
 * What a file that is not a usable image actually is, from its first bytes, so the designer reads
 * "brief.pdf is a PDF document" rather than a decoder's complaint.
 */

const starts = (bytes: Uint8Array, sig: ReadonlyArray<number>, at = 0): boolean => sig.every((b, i) => bytes[at + i] === b)
const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to))

/** The image formats Reelbox reads, by magic number (the decoder has the last word). */
export type ImageKind = ImageFormatName

export function imageKind(bytes: Uint8Array): ImageKind | undefined {
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (starts(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif'
  return undefined
}

/** What the bytes are instead of an image (`file.notImage`'s kind), or undefined when we cannot tell. */
export function otherKind(bytes: Uint8Array): OtherFileKind | undefined {
  const head = ascii(bytes, 0, Math.min(bytes.length, 512))
  if (head.startsWith('%PDF')) return 'pdf'
  if (starts(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'zip'
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12)
    if (/^(heic|heix|hevc|heim|heis|mif1|msf1)$/.test(brand)) return 'heic'
    if (/^avi[fs]$/.test(brand)) return 'avif'
    return 'video'
  }
  if (starts(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'video'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'AVI ') return 'video'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WAVE') return 'audio'
  if (head.startsWith('ID3') || starts(bytes, [0xff, 0xfb])) return 'audio'
  if (starts(bytes, [0x49, 0x49, 0x2a, 0x00]) || starts(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff'
  if (head.startsWith('BM')) return 'bmp'
  if (head.startsWith('8BPS')) return 'psd'
  const text = head.replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart().toLowerCase()
  if (text.startsWith('<svg') || (text.startsWith('<?xml') && text.includes('<svg'))) return 'svg'
  if (text.startsWith('<!doctype html') || text.startsWith('<html')) return 'html'
  if (looksLikeText(bytes)) return 'text'
  return undefined
}

/** No NUL and almost only printable characters in the first KiB. */
function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 1024)
  let odd = 0
  for (const b of sample) {
    if (b === 0) return false
    if (b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f) odd++
  }
  return odd <= sample.length / 100
}

export const mimeOf: Record<ImageKind, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' }
