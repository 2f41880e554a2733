import { readFile } from 'node:fs/promises'
import { createFile, MP4BoxBuffer } from 'mp4box'

interface BoxLike {
  type: string
  boxes?: BoxLike[]
  list?: Record<number, { value?: unknown }>
}

export interface Mp4Probe {
  codec: string
  width: number
  height: number
  seconds: number
  frames: number
  /** `©too` and `©cmt` of moov/udta/meta/ilst. */
  tool: string | undefined
  comment: string | undefined
}

/** Reads an MP4 with mp4box, an independent parser: codec, size, duration, and the Sandbox label. */
export function probeMp4(bytes: Buffer): Mp4Probe {
  const file = createFile()
  let probe: Omit<Mp4Probe, 'tool' | 'comment'> | undefined
  file.onReady = (info) => {
    const track = info.videoTracks[0]
    if (!track) return
    probe = { codec: track.codec, width: track.video?.width ?? 0, height: track.video?.height ?? 0, seconds: track.duration / track.timescale, frames: track.nb_samples }
  }
  const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
  file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, 0))
  file.flush()
  if (!probe) throw new Error('mp4box found no video track')
  const child = (box: BoxLike | undefined, type: string): BoxLike | undefined => box?.boxes?.find((b) => b.type === type)
  const ilst = child(child(child(file.moov as unknown as BoxLike, 'udta'), 'meta'), 'ilst')
  const text = (fourcc: string): string | undefined => {
    const value = ilst?.list?.[Buffer.from(fourcc, 'latin1').readUInt32BE(0)]?.value
    return typeof value === 'string' ? value : undefined
  }
  return { ...probe, tool: text('\u00a9too'), comment: text('\u00a9cmt') }
}

/** `probeMp4` of a file on disk. */
export async function probeMp4File(file: string): Promise<Mp4Probe> {
  return probeMp4(await readFile(file))
}
