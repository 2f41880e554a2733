import { open } from 'node:fs/promises'
import { readTopLevelBoxes } from '../media/file-boxes'
import { SEQUENCE_TAG } from '../../../shared/media'
import { parseMovie } from '../media/movie'

/** What the library records about a video, measured from the file itself (never from the service). */
export interface VideoFacts {
  size: number
  mtimeMs: number
  durationSec?: number
  width?: number
  height?: number
  codec?: string
  /** The Reelbox Sandbox wrote it (its `©too` tag says so): always labelled, whoever asks. */
  sandbox?: boolean
  /** An exported sequence: it carries its clips in its `com.reelbox.sequence` tag (sequences/export.ts). */
  sequence?: boolean
}

/** The Sandbox's encoder tag (electron/sandbox/render/mp4-label.ts), as it sits in `moov/udta`. */
const SANDBOX_TOOL = Buffer.from('Reelbox Sandbox', 'latin1')
/** The sequence's metadata key, as it sits in `moov/udta/meta/keys`. */
const SEQUENCE_KEY = Buffer.from(SEQUENCE_TAG, 'latin1')

/**
 * Reads duration, size and codec with mp4box (no ffmpeg, issue 4 item 7). Only the top-level box
 * headers are read to find `ftyp` and `moov`, and only those two are parsed: a 1 GB video costs a
 * few kilobytes of reads, wherever the encoder put its `moov` (front or back). Anything that is
 * not a readable MP4/MOV (WebM, a broken file) still gets its size; the rest stays unknown.
 */
export async function probeVideo(file: string): Promise<VideoFacts> {
  const handle = await open(file, 'r')
  try {
    const info = await handle.stat()
    const facts: VideoFacts = { size: info.size, mtimeMs: Math.trunc(info.mtimeMs) }
    const walk = await readTopLevelBoxes(handle, info.size)
    if (!walk.moov) return facts
    if (walk.moov.bytes.includes(SANDBOX_TOOL)) facts.sandbox = true
    if (walk.moov.bytes.includes(SEQUENCE_KEY)) facts.sequence = true
    const movie = (await parseMovie(walk))?.movie
    if (!movie) return facts
    const video = movie.videoTracks[0]
    if (movie.timescale > 0 && movie.duration > 0) facts.durationSec = Math.round((movie.duration / movie.timescale) * 1000) / 1000
    if (video) {
      facts.width = video.video?.width ?? video.track_width
      facts.height = video.video?.height ?? video.track_height
      facts.codec = video.codec
    }
    return facts
  } finally {
    await handle.close()
  }
}
