import { open } from 'node:fs/promises'
import type * as MP4Box from 'mp4box'
import type { ISOFile, Movie } from 'mp4box'

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
}

/** The Sandbox's encoder tag (electron/sandbox/render/mp4-label.ts), as it sits in `moov/udta`. */
const SANDBOX_TOOL = Buffer.from('Reelbox Sandbox', 'latin1')

const MAX_MOOV_BYTES = 64 * 1024 * 1024
const containerBoxes = new Set(['ftyp', 'moov'])

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
    const { boxes } = await readTopLevelBoxes(handle, info.size)
    if (!boxes.some((b) => b.type === 'moov')) return facts
    if (boxes.some((b) => b.type === 'moov' && Buffer.from(b.bytes.buffer, b.bytes.byteOffset, b.bytes.byteLength).includes(SANDBOX_TOOL))) facts.sandbox = true
    const movie = parseMovie(boxes, await import('mp4box'))?.movie
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

interface Box {
  type: string
  start: number
  bytes: Uint8Array
}

export interface TopLevelBoxes {
  /** `ftyp` and `moov`, read whole. */
  boxes: Box[]
  /** Every top-level box's type, in file order. */
  types: string[]
  /** Where every top-level box is: its start, size and where its content starts. */
  places: Array<{ type: string; start: number; size: number; body: number }>
  /** Where the walk stopped: the file's size exactly when its boxes fill it, no more, no less. */
  end: number
}

export async function readTopLevelBoxes(handle: Awaited<ReturnType<typeof open>>, size: number): Promise<TopLevelBoxes> {
  const out: Box[] = []
  const types: string[] = []
  const places: TopLevelBoxes['places'] = []
  const header = Buffer.alloc(16)
  let offset = 0
  while (offset + 8 <= size) {
    const { bytesRead } = await handle.read(header, 0, 16, offset)
    if (bytesRead < 8) break
    let boxSize = header.readUInt32BE(0)
    let headerSize = 8
    const type = header.toString('latin1', 4, 8)
    if (boxSize === 1) {
      if (bytesRead < 16) break
      boxSize = Number(header.readBigUInt64BE(8))
      headerSize = 16
    } else if (boxSize === 0) {
      boxSize = size - offset // "extends to the end of the file"
    }
    if (boxSize < 8 || offset + boxSize > size) break
    types.push(type)
    places.push({ type, start: offset, size: boxSize, body: offset + headerSize })
    if (containerBoxes.has(type) && boxSize <= MAX_MOOV_BYTES) {
      const bytes = new Uint8Array(boxSize)
      await handle.read(bytes, 0, boxSize, offset)
      out.push({ type, start: offset, bytes })
    }
    offset += boxSize
  }
  return { boxes: out, types, places, end: offset }
}

/** Feeds the boxes to mp4box laid end to end, as if they were the whole file. */
export function parseMovie(boxes: Box[], { createFile, MP4BoxBuffer }: typeof MP4Box): { movie: Movie; file: ISOFile } | undefined {
  const total = boxes.reduce((n, b) => n + b.bytes.length, 0)
  const joined = new Uint8Array(total)
  let at = 0
  for (const box of boxes) {
    joined.set(box.bytes, at)
    at += box.bytes.length
  }
  let movie: Movie | undefined
  const file = createFile()
  file.onReady = (info) => {
    movie = info
  }
  file.onError = () => undefined
  // mp4box's box parser reports a damaged box with console.error and no way to turn it off. The
  // parse is synchronous, so muting console.error for exactly its duration hides nothing else;
  // a damaged file is simply one whose facts stay unknown.
  const consoleError = console.error
  console.error = () => undefined
  try {
    file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(joined.buffer, 0))
    file.flush()
  } catch {
    return undefined
  } finally {
    console.error = consoleError
  }
  return movie && { movie, file }
}
