import { open } from 'node:fs/promises'
import { AppError } from '../../../shared/errors'
import { problem, type VideoFlaw } from '../../../shared/rules/problems'
import { hasBox, readTopLevelBoxes } from '../media/file-boxes'
import { parseMovie } from '../media/movie'

/**
 * What a result must be before it enters the library: a whole video. The service (§2.3) only
 * says `urls`; what comes back from them is checked here, not trusted.
 *
 * Containers: the library keeps MP4/MOV (ISO BMFF), which is what every service and the
 * catalogue's models deliver and what `<video>` plays everywhere; the catalogue has no field
 * that could declare another. A WebM/Matroska result is refused by name, so the designer knows
 * what came back, rather than filed under a `.mp4` name it is not.
 */

/**
 * `message` in English for the job's log; the problem for the Queue and the CLI to word in the
 * designer's language; `flaw` for a reader that names the file itself (`video.notWhole`, see `flawOf`).
 */
function notAVideo(flaw: VideoFlaw, message: string): AppError {
  return new AppError('PROTOCOL', `The result ${message}; it was not kept.`, {
    retryable: false,
    details: { notAVideo: true, flaw, reason: message, problem: problem('result.refused', { why: 'notVideo', flaw }) },
  })
}

/** What `verifyVideo` found wrong, from the error it threw; undefined for any other error (a file that cannot be opened). */
export function flawOf(error: unknown): VideoFlaw | undefined {
  const details = AppError.from(error).details
  return details?.['notAVideo'] === true && typeof details['flaw'] === 'string' ? (details['flaw'] as VideoFlaw) : undefined
}

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3])

/** What a file that is not an MP4 looks like, in a few words (never its content: it is not ours to echo). */
function looksLike(head: Buffer): [VideoFlaw, string] {
  if (head.subarray(0, 4).equals(EBML_MAGIC)) return ['webm', 'is a WebM/Matroska video, and Reelbox keeps MP4 and MOV results only']
  const text = head.toString('latin1').trimStart().toLowerCase()
  if (text.startsWith('<!doctype html') || text.startsWith('<html') || text.startsWith('<')) return ['webPage', 'is a web page, not a video']
  if (head.every((byte) => byte === 0x09 || byte === 0x0a || byte === 0x0d || (byte >= 0x20 && byte < 0x7f))) return ['text', 'is text, not a video']
  return ['notVideo', 'is not a video file']
}

/**
 * Refuses `file` unless it is a complete MP4/MOV with a video track: its top-level boxes fill the
 * file exactly, its index (`moov`) parses, and every video frame it lists lies inside the file
 * (a download cut short keeps its index, when the encoder put it first, but not its frames).
 * Reads the boxes' headers and the index only, never the frames: a few kilobytes for any size.
 */
export async function verifyVideo(file: string): Promise<void> {
  const handle = await open(file, 'r')
  try {
    const { size } = await handle.stat()
    if (size === 0) throw notAVideo('empty', 'is empty')
    const head = Buffer.alloc(Math.min(size, 64))
    await handle.read(head, 0, head.length, 0)
    const walk = await readTopLevelBoxes(handle, size)
    if (walk.boxes[0]?.type !== 'ftyp' && !hasBox(walk, 'moov')) throw notAVideo(...looksLike(head))
    if (walk.end !== size) throw notAVideo('cutShort', `is cut short or damaged: its MP4 boxes end at byte ${walk.end} of ${size}`)
    const parsed = await parseMovie(walk)
    if (!parsed) throw notAVideo('badIndex', 'is damaged: its MP4 index (moov) is missing or cannot be read')
    const { movie, file: iso } = parsed
    if (movie.videoTracks.length === 0) throw notAVideo('noVideoTrack', 'has no video track')
    if (movie.isFragmented) {
      if (!hasBox(walk, 'moof')) throw notAVideo('noFrames', 'has no video frames')
      return
    }
    for (const track of movie.videoTracks) {
      const samples = iso.getTrackSamplesInfo(track.id)
      if (samples.length === 0) throw notAVideo('noFrames', 'has no video frames')
      const end = samples.reduce((max, s) => Math.max(max, s.offset + s.size), 0)
      if (end > size) throw notAVideo('cutShort', `is cut short: its frames need ${end} bytes and it has ${size}`)
    }
  } finally {
    await handle.close()
  }
}
