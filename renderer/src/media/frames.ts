/**
 * Frames and settings read from videos in the page (issue 16). A frame is decoded in a worker
 * (frame-worker.ts, mediabunny over WebCodecs), so taking the last frame of a 1080p clip never
 * holds up the page; where workers are missing (unit tests) it is decoded here.
 */
import { SETTINGS_TAG } from '@shared/media'
import { decodeFrame, type DecodedFrame, type VideoInput } from './frame-decode'
import type { FrameRequest } from './frame-worker'

export type { DecodedFrame, VideoInput }

let worker: Worker | undefined
let nextId = 1
const waiting = new Map<number, { resolve(frame: DecodedFrame): void; reject(error: Error): void }>()

function frameWorker(): Worker {
  if (worker) return worker
  worker = new Worker(new URL('./frame-worker.ts', import.meta.url), { type: 'module' })
  worker.onmessage = ({ data }: MessageEvent<{ id: number; frame?: DecodedFrame; error?: string }>) => {
    const request = waiting.get(data.id)
    waiting.delete(data.id)
    if (data.frame) request?.resolve(data.frame)
    else request?.reject(new Error(data.error ?? 'the frame could not be decoded'))
  }
  return worker
}

/**
 * The frame at `at` seconds, or the clip's very last, at full size: as a PNG (`encode`, what the
 * input store keeps), or as a picture for a preview.
 */
export function captureFrame(source: VideoInput, at: number | 'last', options: { encode?: boolean } = {}): Promise<DecodedFrame> {
  const encode = options.encode ?? true
  if (typeof Worker === 'undefined') return decodeFrame(source, at, encode)
  return new Promise((resolve, reject) => {
    const id = nextId++
    waiting.set(id, { resolve, reject })
    frameWorker().postMessage({ id, source, at, encode } satisfies FrameRequest)
  })
}

/** The Reelbox settings text a video carries (its index only is read), or undefined. */
export async function readSettingsText(file: Blob): Promise<string | undefined> {
  const mb = await import('mediabunny')
  const input = new mb.Input({ source: new mb.BlobSource(file), formats: mb.ALL_FORMATS })
  try {
    const raw = (await input.getMetadataTags()).raw?.[SETTINGS_TAG]
    return typeof raw === 'string' ? raw : undefined
  } finally {
    input.dispose()
  }
}

/** Whether a dragged or dropped file is a video Reelbox reads (MP4, MOV, M4V). */
export function isVideoFile(file: { type: string; name?: string }): boolean {
  return /^video\/(mp4|quicktime|x-m4v)$/.test(file.type) || /\.(mp4|m4v|mov)$/i.test(file.name ?? '')
}
