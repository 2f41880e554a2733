import HME from 'h264-mp4-encoder'
import { blank, type Rgba } from './raster'

/**
 * H.264 in an MP4 with no native or system dependency: x264 compiled to WASM
 * (h264-mp4-encoder). Its Emscripten file system is shared by every encoder in the process,
 * so encodes run one at a time, each under its own output name.
 */
export interface EncodeJob {
  /** Even numbers (4:2:0 chroma). */
  width: number
  height: number
  fps: number
  frames: number
  draw(index: number, out: Rgba): void
  /** Aborted when the Sandbox closes: an encode not begun never begins, one under way stops at its next frame. */
  signal?: AbortSignal
}

let queue: Promise<unknown> = Promise.resolve()
let counter = 0

export function encodeMp4(job: EncodeJob): Promise<Uint8Array> {
  const run = queue.then(() => encode(job))
  queue = run.catch(() => undefined)
  return run
}

async function encode(job: EncodeJob): Promise<Uint8Array> {
  if (job.width % 2 || job.height % 2) throw new Error(`frame size must be even (got ${job.width}×${job.height})`)
  job.signal?.throwIfAborted()
  const encoder = await HME.createH264MP4Encoder()
  const name = `reelbox-sandbox-${process.pid}-${++counter}.mp4`
  encoder.outputFilename = name
  encoder.width = job.width
  encoder.height = job.height
  encoder.frameRate = job.fps
  // Fastest preset, moderate quality: a demo clip, rendered in well under real time.
  encoder.speed = 10
  encoder.quantizationParameter = 27
  encoder.groupOfPictures = job.fps * 2
  try {
    encoder.initialize()
    const frame = blank(job.width, job.height)
    for (let i = 0; i < job.frames; i++) {
      // Stopped: finalized all the same (the encoder aborts the whole WASM module if deleted unfinished).
      if (job.signal?.aborted) break
      job.draw(i, frame)
      encoder.addFrameRgba(frame.data)
      // Each frame is a few milliseconds of CPU: let the server answer requests in between.
      await new Promise<void>((resolve) => setImmediate(resolve))
    }
    encoder.finalize()
    job.signal?.throwIfAborted()
    return encoder.FS.readFile(name)
  } finally {
    try {
      encoder.FS.unlink(name)
    } catch {
      // never written (initialize failed)
    }
    encoder.delete()
  }
}
