/**
 * Frames and settings read from videos in the page, with mediabunny over WebCodecs (Chromium
 * decodes H.264): frame-exact where a `<video>` seek is not (it shows "a frame near" a time), and
 * at the clip's full resolution. mediabunny loads on first use, in a chunk of its own.
 */
import { SETTINGS_TAG } from '@shared/media'

/** A library video (its media URL) or a dropped file. */
export type VideoInput = string | Blob

export interface CapturedFrame {
  /** PNG: lossless, so the next clip starts from exactly this picture. */
  blob: Blob
  width: number
  height: number
  /** Where the frame sits in the clip (its presentation time). */
  atSeconds: number
  /** The clip's length, for a frame picker's scale. */
  durationSec: number
}

async function openVideo(source: VideoInput) {
  const mb = await import('mediabunny')
  const input = new mb.Input({ source: typeof source === 'string' ? new mb.UrlSource(source) : new mb.BlobSource(source), formats: mb.ALL_FORMATS })
  return { mb, input }
}

/**
 * The frame shown at `at` seconds (the last frame whose time is at or before it, as a player
 * shows it), or the clip's very last frame, drawn at full size into a canvas. With `encode: false`
 * no PNG is made (a frame picker's preview).
 */
export async function captureFrame(source: VideoInput, at: number | 'last', options: { encode?: boolean } = {}): Promise<CapturedFrame & { canvas: OffscreenCanvas }> {
  const { mb, input } = await openVideo(source)
  try {
    const track = await input.getPrimaryVideoTrack()
    if (!track) throw new Error('the file has no video track')
    if (!(await track.canDecode())) throw new Error(`this browser cannot decode ${(await track.getCodecParameterString()) ?? 'its video'}`)
    const durationSec = await track.computeDuration()
    const sample = await new mb.VideoSampleSink(track).getSample(at === 'last' ? Infinity : Math.max(0, at))
    if (!sample) throw new Error('no frame at that time')
    try {
      const canvas = new OffscreenCanvas(sample.displayWidth, sample.displayHeight)
      const context = canvas.getContext('2d')
      if (!context) throw new Error('no 2D canvas')
      sample.drawWithFit(context, { fit: 'fill' })
      // The PNG is encoded off the page's thread (OffscreenCanvas.convertToBlob).
      const blob = options.encode === false ? new Blob() : await canvas.convertToBlob({ type: 'image/png' })
      return { blob, canvas, width: canvas.width, height: canvas.height, atSeconds: sample.timestamp, durationSec }
    } finally {
      sample.close()
    }
  } finally {
    input.dispose()
  }
}

/** The Reelbox settings text a video carries (its index only is read), or undefined. */
export async function readSettingsText(file: Blob): Promise<string | undefined> {
  const { input } = await openVideo(file)
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
