/**
 * Decodes one frame of a video with mediabunny over WebCodecs (Chromium decodes H.264): exact,
 * where a `<video>` seek shows "a frame near" a time, and at the clip's full resolution. Runs in
 * a worker (frame-worker.ts), so the page's thread never waits on a 1080p decode.
 */
export type VideoInput = string | Blob

export interface DecodedFrame {
  /** PNG (lossless: the next clip starts from exactly this picture); empty unless asked for. */
  blob: Blob
  /** The picture itself, for a preview, unless a PNG was asked for. */
  bitmap?: ImageBitmap
  width: number
  height: number
  /** Where the frame sits in the clip (its presentation time). */
  atSeconds: number
  /** The clip's length, for a frame picker's scale. */
  durationSec: number
}

/** The frame shown at `at` seconds (the last one whose time is at or before it, as a player shows it), or the very last. */
export async function decodeFrame(source: VideoInput, at: number | 'last', encode: boolean): Promise<DecodedFrame> {
  const mb = await import('mediabunny')
  const input = new mb.Input({ source: typeof source === 'string' ? new mb.UrlSource(source) : new mb.BlobSource(source), formats: mb.ALL_FORMATS })
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
      const frame = { width: canvas.width, height: canvas.height, atSeconds: sample.timestamp, durationSec }
      return encode ? { ...frame, blob: await canvas.convertToBlob({ type: 'image/png' }) } : { ...frame, blob: new Blob(), bitmap: canvas.transferToImageBitmap() }
    } finally {
      sample.close()
    }
  } finally {
    input.dispose()
  }
}
