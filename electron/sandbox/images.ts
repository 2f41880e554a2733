import type { ImageFormat } from '../../shared/catalog'

/**
 * One image as the body carries it (§2.1: "a URL, Base64 data, or a vendor-structured image
 * object"), read the way the catalogue says the model wants it. The Sandbox's own reading, on
 * purpose independent of the client's encoder.
 */
export type ImageValue = { kind: 'url'; url: string } | { kind: 'bytes'; bytes: Buffer; mime: string }

export type ImageRead = { ok: true; value: ImageValue; path: string } | { ok: false; problem: string; path: string }

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/
const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,(.*)$/is

/**
 * Reads `value` as the image format says. `path` is the field's name as the message shows it
 * ("image", "headtailImages.first_frame", "characterImages[2]"); an object's key is appended.
 */
export function readImage(value: unknown, format: ImageFormat, path: string): ImageRead {
  let text: unknown = value
  let where = path
  if (format.shape === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { ok: false, path, problem: `must be an object with a "${format.key}" string` }
    }
    where = `${path}.${format.key}`
    text = (value as Record<string, unknown>)[format.key]
    if (text === undefined) return { ok: false, path: where, problem: 'is required' }
  }
  if (typeof text !== 'string') {
    const what = format.shape === 'object' ? 'must be a string' : `must be a string (an http(s) URL or ${describe(format)})`
    return { ok: false, path: where, problem: what }
  }
  const read = readImageString(text, format)
  return read.ok ? { ok: true, value: read.value, path: where } : { ok: false, problem: read.problem, path: where }
}

function describe(format: ImageFormat): string {
  return format.encoding === 'data-url' ? 'a data URL (data:image/<type>;base64,…)' : 'raw base64 image data'
}

function readImageString(text: string, format: ImageFormat): { ok: true; value: ImageValue } | { ok: false; problem: string } {
  if (text === '') return { ok: false, problem: 'must not be empty' }
  if (/^https?:\/\//i.test(text)) {
    // URL inputs pass through as URLs whatever the encoding (issue 3 item 6).
    if (!URL.canParse(text)) return { ok: false, problem: 'is not a valid URL' }
    return { ok: true, value: { kind: 'url', url: text } }
  }
  if (/^data:/i.test(text)) {
    if (format.encoding === 'base64') return { ok: false, problem: 'must be raw base64 (no "data:" prefix) or an http(s) URL' }
    const match = DATA_URL.exec(text)
    if (!match?.[1] || match[2] === undefined) return { ok: false, problem: 'is not a valid data URL (expected data:image/<type>;base64,<data>)' }
    return fromBase64(match[2], match[1].toLowerCase(), 'the data URL')
  }
  if (format.encoding === 'data-url') return { ok: false, problem: 'must be a data URL (data:image/<type>;base64,…) or an http(s) URL' }
  return fromBase64(text, undefined, 'it')
}

function fromBase64(data: string, declared: string | undefined, what: string): { ok: true; value: ImageValue } | { ok: false; problem: string } {
  if (data.length % 4 !== 0 || !BASE64.test(data)) return { ok: false, problem: `is not valid base64 (${what} has characters or padding base64 does not allow)` }
  const bytes = Buffer.from(data, 'base64')
  const sniffed = sniffImageType(bytes)
  if (!sniffed) return { ok: false, problem: 'is not an image (PNG, JPEG, WebP, GIF, AVIF or TIFF expected)' }
  return { ok: true, value: { kind: 'bytes', bytes, mime: declared ?? sniffed } }
}

/** The image formats the renderer (sharp) decodes, by their first bytes. */
export function sniffImageType(bytes: Buffer): string | undefined {
  const starts = (hex: string, at = 0): boolean => bytes.subarray(at, at + hex.length / 2).toString('hex') === hex
  if (starts('89504e470d0a1a0a')) return 'image/png'
  if (starts('ffd8ff')) return 'image/jpeg'
  if (starts('52494646') && starts('57454250', 8)) return 'image/webp'
  if (starts('474946383761') || starts('474946383961')) return 'image/gif'
  if (starts('49492a00') || starts('4d4d002a')) return 'image/tiff'
  if (starts('66747970', 4)) {
    const brand = bytes.subarray(8, 12).toString('latin1')
    if (['avif', 'avis', 'heic', 'heix', 'mif1'].includes(brand)) return 'image/avif'
  }
  return undefined
}
