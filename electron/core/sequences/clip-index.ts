import { createHash } from 'node:crypto'
import { open } from 'node:fs/promises'
import type { Sample, Track } from 'mp4box'
import { problemError } from '../../../shared/errors'
import { problem, type VideoFlaw } from '../../../shared/rules/problems'
import { childBoxes } from '../media/boxes'
import { hasBox, readTopLevelBoxes } from '../media/file-boxes'
import { parseMovie } from '../media/movie'

/**
 * One clip's index, read for joining: its `ftyp` and `moov` bytes, each kept track's samples as
 * mp4box resolves them from the sample tables (offset, size, decode and composition times), and
 * where its media data lies. Only the index is read (a few kilobytes), never the frames.
 */
export interface TrackIndex {
  kind: 'video' | 'audio'
  timescale: number
  samples: Sample[]
  /** The `trak` box as it is in the clip. */
  trak: Buffer
  codec: string
  /** A digest of the codec configuration box (avcC, hvcC, av1C …): equal, interchangeable frames. */
  config: string
  /** Video: `1280×720` and the rotation of its matrix; audio: rate and channels. */
  size: string
  rotation: string
  sound: string
}

export interface ClipIndex {
  file: string
  name: string
  /** A storyboard's shot (1-based): its problems name the clip "shot N (name)". */
  shot?: number
  ftyp: Buffer
  moov: Buffer
  video: TrackIndex
  audio?: TrackIndex
  /** The media data: every `mdat` box's content, `[start, end)` in the file. */
  payloads: Array<{ start: number; end: number }>
}

const configTypes = new Set(['avcC', 'hvcC', 'av1C', 'vpcC', 'esds', 'dOps', 'dfLa', 'alac', 'dac3', 'dec3'])

/** The first sample entry's codec configuration box, digested (not its bitrate box, which differs clip to clip). */
function configDigest(trak: Buffer, kind: TrackIndex['kind']): string {
  const find = (buf: Buffer, start: number, end: number, path: string[]): { start: number; size: number; body: number } | undefined => {
    const [head, ...rest] = path
    const found = childBoxes(buf, start, end).find((b) => b.type === head)
    return !found || rest.length === 0 ? found : find(buf, found.body, found.start + found.size, rest)
  }
  const stsd = find(trak, 8, trak.length, ['mdia', 'minf', 'stbl', 'stsd'])
  const entry = stsd && childBoxes(trak, stsd.body + 8, stsd.start + stsd.size)[0]
  if (!entry) return 'none'
  // A visual sample entry's fields take 78 bytes; a sound one 28, 44 or 64 (QuickTime versions 0, 1, 2).
  const fields = kind === 'video' ? 78 : [28, 44, 64][trak.readUInt16BE(entry.body + 8)] ?? 28
  const config = childBoxes(trak, entry.body + fields, entry.start + entry.size).find((b) => configTypes.has(b.type))
  const bytes = config ? trak.subarray(config.start, config.start + config.size) : trak.subarray(entry.start, entry.start + entry.size)
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16)
}

function rotationOf(track: Track): string {
  const [a = 65536, b = 0] = Array.from(track.matrix as ArrayLike<number>)
  return `${(Math.round((Math.atan2(b, a) * 180) / Math.PI) + 360) % 360}°`
}

function trakOf(moov: Buffer, id: number): Buffer | undefined {
  for (const b of childBoxes(moov, 8, moov.length)) {
    if (b.type !== 'trak') continue
    const tkhd = childBoxes(moov, b.body, b.start + b.size).find((c) => c.type === 'tkhd')
    if (tkhd && moov.readUInt32BE(tkhd.body + (moov[tkhd.body] === 1 ? 20 : 12)) === id) return moov.subarray(b.start, b.start + b.size)
  }
  return undefined
}

/** How a problem names a clip: its name, and its shot when it is one of a storyboard's. */
export const clipNamed = (clip: { name: string; shot?: number }): { name: string; shot?: number } => ({ name: clip.name, ...(clip.shot !== undefined && { shot: clip.shot }) })

const notWhole = (clip: { name: string; shot?: number }, why: VideoFlaw) => problemError('INVALID_INPUT', problem('video.notWhole', { ...clipNamed(clip), why }))

export async function readClip(file: string, name: string, shot?: number): Promise<ClipIndex> {
  const named = clipNamed({ name, ...(shot !== undefined && { shot }) })
  const handle = await open(file, 'r')
  try {
    const walk = await readTopLevelBoxes(handle, (await handle.stat()).size)
    const { ftyp, moov } = walk
    if (!moov || hasBox(walk, 'moof')) throw notWhole(named, moov ? 'fragmented' : 'noIndex')
    const parsed = await parseMovie(walk)
    if (!parsed) throw notWhole(named, 'badIndex')
    const moovBytes = moov.bytes
    const track = (t: Track | undefined, kind: TrackIndex['kind']): TrackIndex | undefined => {
      const trak = t && trakOf(moovBytes, t.id)
      if (!t || !trak) return undefined
      return {
        kind,
        timescale: t.timescale,
        samples: parsed.file.getTrackSamplesInfo(t.id),
        trak,
        codec: t.codec,
        config: configDigest(trak, kind),
        size: t.video ? `${t.video.width}×${t.video.height}` : '',
        rotation: rotationOf(t),
        sound: t.audio ? `${t.codec}, ${t.audio.sample_rate} Hz, ${t.audio.channel_count === 1 ? 'mono' : t.audio.channel_count === 2 ? 'stereo' : `${t.audio.channel_count} channels`}` : 'none',
      }
    }
    const video = track(parsed.movie.videoTracks[0], 'video')
    if (!video || video.samples.length === 0) throw notWhole(named, 'noFrames')
    const audio = track(parsed.movie.audioTracks[0], 'audio')
    return {
      file,
      ...named,
      ftyp: ftyp ? ftyp.bytes : Buffer.alloc(0),
      moov: moovBytes,
      video,
      ...(audio && audio.samples.length > 0 ? { audio } : {}),
      payloads: walk.boxes.filter((p) => p.type === 'mdat').map((p) => ({ start: p.body, end: p.start + p.size })),
    }
  } finally {
    await handle.close()
  }
}
