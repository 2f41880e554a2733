import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { Renderer } from '../../electron/sandbox/render'
import { useTempDir } from '../support/temp'

/**
 * The Sandbox's first-frame clips start from the given frame (issue 16: "its first-frame
 * rendering visibly starts from the given frame, so a chain looks continuous"): frame 0 is the
 * picture, whatever the seed, while the clip's own last frame has visibly moved away from it.
 */
const run = promisify(execFile)
const WIDTH = 320
const HEIGHT = 180

let dir: string
let picture: Buffer
let expected: Buffer

/** A grid of coloured cells: any zoom or pan moves its edges, so a difference is unmistakable. */
async function gridPicture(): Promise<Buffer> {
  const cells = Array.from({ length: 8 * 14 }, (_, i) => {
    const x = (i % 14) * (WIDTH / 14)
    const y = Math.floor(i / 14) * (HEIGHT / 8)
    return `<rect x="${x}" y="${y}" width="${WIDTH / 14}" height="${HEIGHT / 8}" fill="hsl(${(i * 47) % 360},70%,${35 + (i % 3) * 15}%)"/>`
  }).join('')
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${cells}</svg>`)).png().toBuffer()
}

/** The first and last frames of a video as RGB bytes, decoded by ffmpeg (an independent decoder). */
async function endFrames(file: string): Promise<{ first: Buffer; last: Buffer }> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 })
  const size = WIDTH * HEIGHT * 3
  return { first: stdout.subarray(0, size), last: stdout.subarray(stdout.length - size) }
}

/** Mean absolute difference per channel (0–255), outside the Sandbox mark's corner. */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0
  let n = 0
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      if (x > WIDTH * 0.6 && y > HEIGHT * 0.75) continue
      for (let c = 0; c < 3; c++) {
        const i = (y * WIDTH + x) * 3 + c
        sum += Math.abs(a[i]! - b[i]!)
        n++
      }
    }
  }
  return sum / n
}

beforeAll(async () => {
  dir = await useTempDir('reelbox-continuity-')
  picture = await gridPicture()
  expected = await sharp(picture).removeAlpha().raw().toBuffer()
})

describe('Sandbox first-frame clips', () => {
  const renderer = (): Renderer => new Renderer({ dir, longSide: WIDTH, fps: 12, warn: () => undefined })

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('start on the given frame and then move away from it (seed %i)', async (seed) => {
    const clip = await renderer().render({ modelId: 'alpha-1', mode: 'i2v', prompt: 'continue', seed, duration: 2, resolution: undefined, images: [{ kind: 'bytes', bytes: picture, mime: 'image/png' }] })
    expect([clip.width, clip.height]).toEqual([WIDTH, HEIGHT])
    const frames = await endFrames(clip.path)
    const first = difference(frames.first, expected)
    const last = difference(frames.last, expected)
    // Compression of hard colour edges alone costs about 7 levels; a frame zoomed 1.18× about 60.
    expect(first).toBeLessThan(12)
    expect(last).toBeGreaterThan(30)
  })
})
