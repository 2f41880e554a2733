import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { mulberry32 } from '../../../electron/sandbox/random'
import { cachedFixture } from '../../support/fixture-cache'

/** Real image files made with sharp, for the input store, fitting and shaping tests. */

export type Fill = 'gradient' | 'noise' | 'flat'

/**
 * A width×height image. `noise` compresses badly (a big file, like a photo); `gradient` is small;
 * `alpha` adds real transparency (a soft circle on a clear background).
 */
export interface ImageOptions {
  fill?: Fill
  alpha?: boolean
  format?: 'png' | 'jpeg' | 'webp' | 'gif'
  seed?: number
}

export async function makeImage(width: number, height: number, options: ImageOptions = {}): Promise<Buffer> {
  const channels = options.alpha ? 4 : 3
  const raw = Buffer.alloc(width * height * channels)
  const next = mulberry32(options.seed ?? 1)
  // The low byte of mulberry32's 32-bit output (exact: next() is that integer / 2^32).
  const random = (): number => (next() * 2 ** 32) & 0xff
  const fill = options.fill ?? 'gradient'
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels
      if (fill === 'noise') {
        raw[i] = random()
        raw[i + 1] = random()
        raw[i + 2] = random()
      } else if (fill === 'gradient') {
        raw[i] = Math.floor((x / width) * 255)
        raw[i + 1] = Math.floor((y / height) * 255)
        raw[i + 2] = 128
      } else {
        raw[i] = 40
        raw[i + 1] = 120
        raw[i + 2] = 200
      }
      if (options.alpha) {
        const dx = x / width - 0.5
        const dy = y / height - 0.5
        raw[i + 3] = Math.max(0, Math.min(255, Math.floor(255 - Math.sqrt(dx * dx + dy * dy) * 600)))
      }
    }
  }
  const image = sharp(raw, { raw: { width, height, channels } })
  switch (options.format ?? 'png') {
    case 'jpeg':
      return image.jpeg({ quality: 92 }).toBuffer()
    case 'webp':
      return image.webp({ quality: 90 }).toBuffer()
    case 'gif':
      return image.gif().toBuffer()
    default:
      return image.png().toBuffer()
  }
}

/**
 * `makeImage`, made once per machine and kept in the temp folder: for the big ones (a 10 MB
 * noise PNG takes seconds to encode). The libvips version is part of the key, as it makes the bytes.
 */
export function cachedImage(width: number, height: number, options: ImageOptions = {}): Promise<Buffer> {
  const { fill = 'gradient', alpha = false, format = 'png', seed = 1 } = options
  const name = `${width}x${height}-${fill}${alpha ? '-alpha' : ''}-seed${seed}.${format}`
  return cachedFixture({ kind: `image-vips${sharp.versions.vips}`, version: 1, name }, () => makeImage(width, height, options))
}

/**
 * A PNG whose header claims `width`×`height` (a decompression bomb's calling card) while the data
 * is a 1×1 image: the header is rewritten with a valid CRC, so only a size check can refuse it.
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makeImage(1, 1, { fill: 'flat' }))
  // Signature (8) + length (4) + "IHDR" (4) → width at 16, height at 20, CRC after the 13 data bytes.
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}
