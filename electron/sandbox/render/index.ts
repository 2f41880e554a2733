import { createHash } from 'node:crypto'
import { readFile, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Mode } from '../../../shared/catalog'
import type { ImageValue } from '../images'
import { seedOf } from '../random'
import { encodeMp4 } from './encode'
import { drawMark } from './mark'
import { labelMp4 } from './mp4-label'
import { aspectOf, decodeCover, neutral, overlay, type Rgba } from './raster'
import { crossfade, gradientScene, kenBurns, type Scene, sequence } from './scenes'
import { renderCaption } from './text'
import type { SandboxLogger } from '../options'

/**
 * An input picture: as the request carried it, or (a task restored from a state folder) a file
 * saved there under the sha-256 of its bytes, read only when the render runs.
 */
export type RenderImage = ImageValue | { kind: 'file'; path: string; sha256: string }

/** What to render: the accepted request, reduced to what shows in the picture. */
export interface RenderJob {
  modelId: string
  mode: Mode
  prompt: string | undefined
  seed: number | undefined
  /** Seconds (§2.1 `duration`). */
  duration: number
  resolution: string | undefined
  images: RenderImage[]
}

export interface RenderedFile {
  /** Content-derived; names the file and makes its ETag. */
  id: string
  path: string
  size: number
  sha256: string
  width: number
  height: number
  seconds: number
}

export interface RendererOptions {
  dir: string
  /** Long side of the output in pixels (a lower resolution than asked is fine, issue 3 item 7). */
  longSide: number
  fps: number
  warn: SandboxLogger['warn']
}

// 2: an i2v clip's first frame is its picture (the camera starts on the whole of it).
const RENDER_VERSION = 2
const LOOPBACK = /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?\//i

/** Renders results, once per distinct request: the same inputs give the same file. */
export class Renderer {
  private readonly cache = new Map<string, Promise<RenderedFile>>()
  private readonly stopping = new AbortController()
  renders = 0

  constructor(private readonly options: RendererOptions) {}

  render(job: RenderJob): Promise<RenderedFile> {
    const id = this.keyOf(job)
    let file = this.cache.get(id)
    if (!file) {
      file = this.produce(id, job)
      this.cache.set(id, file)
      file.catch(() => this.cache.delete(id))
    }
    return file
  }

  /**
   * The Sandbox is closing: renders waiting their turn never start and the one under way stops at
   * its next frame (encodes run one at a time, so a thousand waiting ones would hold the close
   * for minutes).
   */
  stop(): void {
    this.stopping.abort(new Error('the Sandbox closed before this video was rendered'))
  }

  get stopped(): boolean {
    return this.stopping.signal.aborted
  }

  private keyOf(job: RenderJob): string {
    // A saved file is named by the same hash as its bytes: a restored task renders the same file.
    const images = job.images.map((img) => (img.kind === 'url' ? img.url : img.kind === 'file' ? img.sha256 : createHash('sha256').update(img.bytes).digest('hex')))
    const { longSide, fps } = this.options
    const key = JSON.stringify([RENDER_VERSION, job.mode, job.prompt ?? '', job.seed ?? null, job.duration, job.resolution ?? '', images, longSide, fps])
    return createHash('sha256').update(key).digest('hex').slice(0, 32)
  }

  private async produce(id: string, job: RenderJob): Promise<RenderedFile> {
    const file = path.join(this.options.dir, `${id}.mp4`)
    const pictures = await Promise.all(job.images.map((img) => this.load(img)))
    const aspect = aspectFromResolution(job.resolution) ?? (pictures[0] ? await aspectOf(pictures[0]) : undefined) ?? 16 / 9
    const { width, height } = frameSize(aspect, this.options.longSide, job.resolution)
    const seconds = job.duration
    const existing = await stat(file).catch(() => undefined)
    if (!existing) {
      const scene = await this.scene(job, pictures, width, height)
      const frames = Math.max(1, Math.round(seconds * this.options.fps))
      const mp4 = await encodeMp4({
        width,
        height,
        fps: this.options.fps,
        frames,
        signal: this.stopping.signal,
        draw: (i, out) => {
          scene(i, frames, out)
          drawMark(out)
        },
      })
      const comment = `Reelbox Sandbox: rendered locally, not by the video service; model ${job.modelId}, mode ${job.mode}`
      const part = `${file}.${process.pid}.part`
      await writeFile(part, labelMp4(mp4, comment))
      await rename(part, file)
      this.renders += 1
    }
    const bytes = await readFile(file)
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    return { id, path: file, size: bytes.length, sha256, width, height, seconds }
  }

  private async scene(job: RenderJob, pictures: Array<Buffer | undefined>, width: number, height: number): Promise<Scene> {
    const seed = job.seed === undefined || job.seed < 0 ? seedOf(job.prompt ?? job.modelId) : job.seed
    const picture = async (bytes: Buffer | undefined, scale: number): Promise<Rgba> => {
      const w = Math.round(width * scale)
      const h = Math.round(height * scale)
      if (!bytes) return neutral(w, h)
      return decodeCover(bytes, w, h).catch(() => neutral(w, h))
    }
    const fadeFrames = Math.max(1, Math.round(this.options.fps * 0.3))
    let scene: Scene
    if (job.mode === 'first-last' && pictures.length >= 2) {
      scene = crossfade(await picture(pictures[0], 1.1), await picture(pictures[pictures.length - 1], 1.1), width, height)
    } else if (job.mode === 'reference' && pictures.length > 0) {
      scene = sequence(await Promise.all(pictures.map((p) => picture(p, 1.1))), width, height, fadeFrames)
    } else if (job.mode !== 't2v' || job.images.length > 0) {
      scene = kenBurns(await picture(pictures[0], 1.25), seed)
    } else {
      scene = gradientScene(seed, width, height)
    }
    if (job.mode !== 't2v' || !job.prompt) return scene
    const caption = await renderCaption(job.prompt, width, height)
    if (!caption) this.options.warn('sandbox.noCaption')
    return (i, count, out) => {
      scene(i, count, out)
      if (caption) overlay(out, caption, 0, Math.round(height * 0.62), Math.min(1, (i + 1) / Math.max(1, count * 0.15)))
    }
  }

  /** The image's bytes, or undefined (a neutral frame) when it cannot be had: offline is normal. */
  private async load(image: RenderImage): Promise<Buffer | undefined> {
    if (image.kind === 'bytes') return image.bytes
    if (image.kind === 'file') {
      return readFile(image.path).catch((error: unknown) => {
        this.options.warn('sandbox.inputUnreadable', { name: path.basename(image.path), reason: (error as Error).message })
        return undefined
      })
    }
    try {
      const response = await fetch(image.url, { signal: AbortSignal.timeout(LOOPBACK.test(image.url) ? 5000 : 2000) })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      return Buffer.from(await response.arrayBuffer())
    } catch (error) {
      this.options.warn('sandbox.inputUnfetched', { host: new URL(image.url).host, reason: (error as Error).message })
      return undefined
    }
  }
}

/** "1280x720", "1280*720", "16:9" → width / height; "720p" and the like → undefined. */
export function aspectFromResolution(resolution: string | undefined): number | undefined {
  const match = resolution ? /^\s*(\d+(?:\.\d+)?)\s*[x×*:]\s*(\d+(?:\.\d+)?)\s*$/i.exec(resolution) : null
  if (!match) return undefined
  const ratio = Number(match[1]) / Number(match[2])
  return Number.isFinite(ratio) && ratio > 0 ? ratio : undefined
}

/** Even sides, the long one at most `longSide` (or the requested size, when smaller). */
export function frameSize(aspect: number, longSide: number, resolution: string | undefined): { width: number; height: number } {
  const a = Math.min(4, Math.max(0.25, aspect))
  const asked = resolution ? /^\s*(\d+)\s*[x×*]\s*(\d+)\s*$/i.exec(resolution) : null
  const long = asked ? Math.min(longSide, Math.max(Number(asked[1]), Number(asked[2]))) : longSide
  const even = (n: number): number => Math.max(16, 2 * Math.round(n / 2))
  return a >= 1 ? { width: even(long), height: even(long / a) } : { width: even(long * a), height: even(long) }
}
