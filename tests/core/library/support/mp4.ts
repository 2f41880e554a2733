import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import HME from 'h264-mp4-encoder'

const cacheDir = path.join(os.tmpdir(), 'reelbox-mp4-fixtures')

/**
 * A real H.264 MP4 (no ffmpeg: x264 compiled to WASM), encoded once per shape and cached in the
 * temp folder, so tests measure what a real file says.
 */
export async function makeMp4(options: { width?: number; height?: number; frames?: number; fps?: number } = {}): Promise<Buffer> {
  const { width = 64, height = 48, frames = 24, fps = 24 } = options
  const file = path.join(cacheDir, `${width}x${height}-${frames}f-${fps}fps.mp4`)
  try {
    return await readFile(file)
  } catch {
    // Not cached yet.
  }
  const encoder = await HME.createH264MP4Encoder()
  encoder.width = width
  encoder.height = height
  encoder.frameRate = fps
  encoder.outputFilename = `fixture-${process.pid}-${Date.now()}.mp4`
  encoder.initialize()
  const frame = new Uint8Array(width * height * 4)
  for (let f = 0; f < frames; f++) {
    for (let i = 0; i < frame.length; i += 4) {
      frame[i] = (f * 10 + i) % 256
      frame[i + 1] = (i >> 4) % 256
      frame[i + 2] = 128
      frame[i + 3] = 255
    }
    encoder.addFrameRgba(frame)
  }
  encoder.finalize()
  const bytes = Buffer.from(encoder.FS.readFile(encoder.outputFilename))
  encoder.FS.unlink(encoder.outputFilename)
  encoder.delete()
  await mkdir(cacheDir, { recursive: true })
  const temp = `${file}.${process.pid}.tmp`
  await writeFile(temp, bytes)
  await rename(temp, file)
  return bytes
}
