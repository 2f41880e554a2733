import { problemError } from '../../../shared/errors'
import { problem, type VideoFlaw } from '../../../shared/rules/problems'
import type { FfmpegPort } from '../ports'
import { baselineDecoder } from './baseline-frame'
import { codecName, isH264Baseline } from './codec-name'
import { FfmpegFailure, ffmpegLastFrame, ffmpegVersion } from './ffmpeg-frame'

/** A clip's last frame: a PNG at full size, and when it is shown. */
export interface LastFrame {
  png: Buffer
  width: number
  height: number
  atSeconds: number
}

/** Where the ffmpeg in use came from: the shell's `--ffmpeg`, Settings, or the PATH. */
export type FfmpegFrom = 'given' | 'settings' | 'path'

/** Which decoders a last frame can go to here (Settings shows it). */
export interface FrameDecoders {
  /** null: none found, so only H.264 Baseline is read. */
  ffmpeg: { path: string; from: FfmpegFrom; version: string | null; problem: string | null } | null
}

export interface FrameReader {
  lastFrame(file: string, name: string): Promise<LastFrame>
  decoders(): Promise<FrameDecoders>
}

/**
 * A clip's last frame, exact and at full size: what Continue and a continuing shot send as the next
 * shot's first frame (issue 28). A chain of decoders: the engine's own (tinyh264, WASM) for H.264
 * Baseline, the profile of the Sandbox and most fast models; then the system's ffmpeg, when the
 * shell found one (`FfmpegPort`) or the designer set its path in Settings, for everything else real
 * services return (H.264 Main/High, HEVC, VP9, AV1); else a refusal naming the take, its codec and
 * profile, and what to do. mediabunny reads the index: the codec, the frame count and the time of
 * the last frame shown.
 */
export function createFrameReader(deps: { ffmpeg?: FfmpegPort; configured: () => string | null; tempRoot: string; timeoutMs?: number }): FrameReader {
  async function chosen(): Promise<{ path: string; from: FfmpegFrom } | null> {
    if (deps.ffmpeg?.given) return { path: deps.ffmpeg.given, from: 'given' }
    const configured = deps.configured()
    if (configured) return { path: configured, from: 'settings' }
    const found = await deps.ffmpeg?.onPath()
    return found ? { path: found, from: 'path' } : null
  }
  return {
    lastFrame: async (file, name) => {
      const ffmpeg = await chosen()
      return lastFramePng(file, name, ffmpeg ? { ffmpeg: { path: ffmpeg.path, tempRoot: deps.tempRoot, timeoutMs: deps.timeoutMs } } : {})
    },
    async decoders() {
      const ffmpeg = await chosen()
      if (!ffmpeg) return { ffmpeg: null }
      try {
        return { ffmpeg: { ...ffmpeg, version: await ffmpegVersion(ffmpeg.path), problem: null } }
      } catch (error) {
        return { ffmpeg: { ...ffmpeg, version: null, problem: error instanceof FfmpegFailure ? error.detail : (error as Error).message } }
      }
    },
  }
}

/** The chain for one clip; `ffmpeg`: the system's, when there is one, and where its frame may be written. */
export async function lastFramePng(file: string, name: string, options: { ffmpeg?: { path: string; tempRoot: string; timeoutMs?: number } } = {}): Promise<LastFrame> {
  const { ALL_FORMATS, EncodedPacketSink, FilePathSource, Input } = await import('mediabunny')
  const input = new Input({ source: new FilePathSource(file), formats: ALL_FORMATS })
  try {
    const track = await input.getPrimaryVideoTrack()
    if (!track) throw cannot(name, 'noVideoTrack')
    // A codec mediabunny does not know (MPEG-4 Part 2 …) has no string; ffmpeg may still read it.
    const config = await track.getDecoderConfig().catch(() => null)
    const codec = config?.codec ?? null
    const baseline = isH264Baseline(codec) && config?.description ? baselineDecoder(config.description, track.codedWidth, track.codedHeight) : undefined
    if (!baseline && !options.ffmpeg) throw problemError('INVALID_INPUT', problem('frame.needsFfmpeg', { name, codec: codecName(codec) }))
    let frames = 0
    let atSeconds = 0
    for await (const packet of new EncodedPacketSink(track).packets()) {
      frames++
      atSeconds = Math.max(atSeconds, packet.timestamp)
      baseline?.add(packet.data)
    }
    if (frames === 0) throw cannot(name, 'noFrames')
    const own = await baseline?.png()
    if (own) return { png: own, width: track.codedWidth, height: track.codedHeight, atSeconds }
    // The next decoder in the chain: what h264bsd could not picture may still be ffmpeg's.
    const ffmpeg = options.ffmpeg
    if (!ffmpeg) throw cannot(name, 'lastFrameUndecodable')
    const png = await ffmpegLastFrame(ffmpeg.path, file, frames, ffmpeg).catch((error: unknown) => {
      if (!(error instanceof FfmpegFailure)) throw error
      throw problemError('INVALID_INPUT', problem('frame.ffmpegFailed', { name, codec: codecName(codec), ffmpeg: ffmpeg.path, why: error.why, detail: error.detail }))
    })
    const { width, height } = pngSize(png)
    return { png, width, height, atSeconds }
  } finally {
    input.dispose()
  }
}

function cannot(name: string, why: VideoFlaw) {
  return problemError('INVALID_INPUT', problem('video.notWhole', { name, why }))
}

/** A PNG's size from its IHDR chunk (PNG §11.2.2), which ffmpeg writes first. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}
