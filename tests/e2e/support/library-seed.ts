/**
 * A library written before the engine starts, the way Reelbox writes one: the engine's own
 * importer (createLibrary().importResult) with real H.264 MP4s (h264-mp4-encoder, no ffmpeg),
 * real input images in the input store and, for some, the service's poster. The app then opens
 * these folders (startWebApp accepts dataDir/libraryDir).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import HME from 'h264-mp4-encoder'
import sharp from 'sharp'
import type { Mode } from '../../../shared/catalog'
import type { Continues, Draft } from '../../../shared/draft'
import type { MadeBy } from '../../../shared/library'
import { createInputStore } from '../../../electron/core/images/store'
import { createLibrary } from '../../../electron/core/library/library'
import { stagingDir } from '../../../electron/core/library/naming'
import { createLogHub } from '../../../electron/core/logger'
import { systemClock } from '../../../electron/core/ports'

export type Shape = 'wide' | 'tall' | 'square'

export interface SeedItem {
  id: string
  prompt: string
  modelId: string
  family: string
  version: string
  mode: Mode
  finishedAt: number
  sandbox?: boolean
  favourite?: boolean
  rating?: number
  tags?: string[]
  /** Who made it (a studio sharing one library). */
  madeBy?: MadeBy
  shape?: Shape
  /** Colour of the clip (degrees on the colour wheel), so tiles are told apart at a glance. */
  hue: number
  /** The service gave a poster; without one the page draws it from the video. */
  poster?: boolean
  /** A first frame (i2v) imported into the input store. */
  withImage?: boolean
  seed?: number
  /** The clip it continues (issue 16 lineage). */
  continues?: Continues
  /** The clip's timing (default 3 s at 12 fps): the compare view syncs clips of different ones. */
  timing?: ClipTiming
  /** An MP4 made elsewhere (a benchmark's 1080p fixture) instead of a clip made here. */
  file?: string
}

export interface ClipTiming {
  fps: number
  seconds: number
}

const defaultTiming: ClipTiming = { fps: 12, seconds: 3 }

const sizes: Record<Shape, [number, number]> = { wide: [320, 180], tall: [180, 320], square: [240, 240] }
const cacheDir = path.join(os.tmpdir(), 'reelbox-e2e-clips')

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l)
  const f = (n: number): number => {
    const k = (n + h / 30) % 12
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
  }
  return [f(0), f(8), f(4)]
}

/** One frame: a diagonal two-tone gradient with a soft light drifting across it. */
function frame(width: number, height: number, hue: number, t: number): Uint8Array {
  const out = new Uint8Array(width * height * 4)
  const [r1, g1, b1] = hsl(hue, 0.62, 0.22)
  const [r2, g2, b2] = hsl((hue + 40) % 360, 0.7, 0.5)
  const cx = width * (0.2 + 0.6 * t)
  const cy = height * (0.35 + 0.2 * Math.sin(t * Math.PI * 2))
  const radius = Math.min(width, height) * 0.45
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const mix = (x / width + y / height) / 2
      const d = Math.hypot(x - cx, y - cy) / radius
      const glow = Math.max(0, 1 - d * d) * 0.55
      const i = (y * width + x) * 4
      out[i] = Math.min(255, r1 + (r2 - r1) * mix + 255 * glow)
      out[i + 1] = Math.min(255, g1 + (g2 - g1) * mix + 230 * glow)
      out[i + 2] = Math.min(255, b1 + (b2 - b1) * mix + 200 * glow)
      out[i + 3] = 255
    }
  }
  return out
}

/** A clip, 3 seconds at 12 fps unless told (cached per shape, hue and timing in the temp folder: encoding costs about a second). */
export async function makeClip(shape: Shape, hue: number, timing: ClipTiming = defaultTiming): Promise<{ mp4: Buffer; poster: Buffer }> {
  const [width, height] = sizes[shape]
  const custom = timing.fps !== defaultTiming.fps || timing.seconds !== defaultTiming.seconds
  const base = path.join(cacheDir, `${shape}-${hue}${custom ? `-${timing.fps}fps-${timing.seconds}s` : ''}`)
  try {
    return { mp4: await readFile(`${base}.mp4`), poster: await readFile(`${base}.jpg`) }
  } catch {
    // Not made yet.
  }
  const encoder = await HME.createH264MP4Encoder()
  encoder.width = width
  encoder.height = height
  encoder.frameRate = timing.fps
  encoder.quantizationParameter = 28
  encoder.outputFilename = `clip-${process.pid}-${Date.now()}.mp4`
  encoder.initialize()
  const frames = Math.round(timing.fps * timing.seconds)
  for (let f = 0; f < frames; f++) encoder.addFrameRgba(frame(width, height, hue, f / frames))
  encoder.finalize()
  const mp4 = Buffer.from(encoder.FS.readFile(encoder.outputFilename))
  encoder.FS.unlink(encoder.outputFilename)
  encoder.delete()
  const poster = await sharp(Buffer.from(frame(width, height, hue, Math.min(6, frames - 1) / frames)), { raw: { width, height, channels: 4 } }).jpeg().toBuffer()
  await mkdir(cacheDir, { recursive: true })
  for (const [ext, bytes] of [['mp4', mp4], ['jpg', poster]] as const) {
    const temp = `${base}.${ext}.${process.pid}.tmp`
    await writeFile(temp, bytes)
    await rename(temp, `${base}.${ext}`)
  }
  return { mp4, poster }
}

export async function seedLibrary(options: { dataDir: string; libraryDir: string; items: readonly SeedItem[] }): Promise<void> {
  // The engine never creates a whole missing path outside home (a drive may be unplugged).
  await mkdir(options.libraryDir, { recursive: true })
  const log = createLogHub(() => Date.now()).root
  const inputs = createInputStore({ dataDir: options.dataDir, log })
  const library = createLibrary({ library: options.libraryDir, dataDir: options.dataDir, clock: systemClock, log, emit: () => undefined, inputs })
  await library.validated()
  await mkdir(stagingDir(options.libraryDir), { recursive: true })
  for (const item of options.items) {
    const shape = item.shape ?? 'wide'
    const clip = await makeClip(shape, item.hue, item.timing)
    const staged = path.join(stagingDir(options.libraryDir), `${item.id}.mp4`)
    await writeFile(staged, item.file ? await readFile(item.file) : clip.mp4)
    const image = item.withImage ? await inputs.import({ name: `${item.id}-first-frame.png`, bytes: await sharp(clip.poster).png().toBuffer() }) : undefined
    const resolution = shape === 'tall' ? '720x1280' : shape === 'square' ? '1080x1080' : '1280x720'
    const draft: Draft = {
      modelId: item.modelId,
      mode: item.mode,
      prompt: item.prompt,
      duration: 5,
      resolution,
      seed: item.seed ?? 1234,
      ...(image ? { image: { kind: 'file' as const, hash: image.hash, name: image.name } } : {}),
      ...(item.continues ? { continues: item.continues } : {}),
    }
    await library.importResult({
      id: item.id,
      prompt: item.prompt,
      model: { id: item.modelId, family: item.family, version: item.version },
      mode: item.mode,
      // The body as the engine records it: §2.1 fields, an image as its input-store reference.
      params: { model: item.modelId, _action: item.mode === 't2v' ? 't2v' : 'i2v', prompt: item.prompt, duration: 5, resolution, seed: draft.seed, ...(image ? { image: { kind: 'file', hash: image.hash, name: image.name } } : {}) },
      draft,
      inputs: image ? [{ role: 'image', kind: 'file', hash: image.hash, name: image.name }] : [],
      service: { baseUrl: item.sandbox ? 'http://127.0.0.1:0/sandbox' : 'https://video.example.com', taskId: `task-${item.id}`, requestId: `req-${item.id}`, sandbox: item.sandbox ?? false },
      jobId: item.id.replace(/-\d+$/, ''),
      submittedAt: item.finishedAt - 42_000,
      finishedAt: item.finishedAt,
      favourite: item.favourite ?? false,
      rating: item.rating ?? 0,
      tags: item.tags ?? [],
      stagedFile: staged,
      ...(item.continues ? { continues: item.continues } : {}),
      ...(item.madeBy ? { madeBy: item.madeBy } : {}),
      ...(item.poster ? { poster: new Uint8Array(clip.poster) } : {}),
    })
  }
  await library.dispose()
}
