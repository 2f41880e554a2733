import { open, rm } from 'node:fs/promises'
import { problemError } from '../../../shared/errors'
import { problem } from '../../../shared/rules/problems'
import { u32 } from '../media/boxes'
import { buildMoov, type OutSample, type OutTrack } from '../media/moov'
import { type ClipIndex, clipNamed, readClip, type TrackIndex } from './clip-index'
import { differenceOf, shapeOf } from './clip-shape'

/**
 * A clip to join: its file (never from the page: the engine resolves library ids), its name for
 * messages and, for a storyboard's film, its shot (1-based), which the readers word with the name.
 */
export interface JoinClip {
  file: string
  name: string
  shot?: number
}

export interface Joined {
  durationSec: number
  videoFrames: number
}

const CHUNK = 4 * 1024 * 1024

/**
 * Joins clips into one MP4 at `to` by packet copy (issue 16 item 3): every frame is the clips'
 * own bytes, each clip starting where the one before ends. No re-encoding, so the clips must
 * share one shape (clip-shape.ts); the first that differs is refused by name, saying how
 * (`sequence.clipDiffers`). Written as `ftyp`, the index (built from the clips' sample tables,
 * so it streams from its first bytes), then each clip's media data copied as it lies, in big
 * sequential reads: about what copying the files costs. mediabunny's packet-by-packet muxing
 * took 50 to 100 times as long as reading the bytes (docs/PERFORMANCE.md), which is why the file
 * is written here; mp4box reads the clips' sample tables.
 * The caller fsyncs and renames `to` into place; `tags` become keyed metadata.
 */
export async function joinClips(clips: readonly JoinClip[], to: string, tags: Record<string, string> = {}): Promise<Joined> {
  if (clips.length === 0) throw problemError('INVALID_INPUT', problem('sequence.empty', { clips: 0 }))
  const read = await Promise.all(clips.map((clip) => readClip(clip.file, clip.name, clip.shot)))
  const first = read[0]!
  read.forEach((clip, i) => {
    const difference = differenceOf(shapeOf(first), shapeOf(clip))
    if (difference) throw problemError('INVALID_INPUT', problem('sequence.clipDiffers', { index: i + 1, name: clip.name, first: first.name, ...(clip.shot !== undefined && { shots: true }), ...difference }))
  })

  // Each clip's media data follows the one before's; where each clip's data starts in it.
  const bases: number[] = []
  let payload = 0
  for (const clip of read) {
    bases.push(payload)
    payload += clip.payloads.reduce((sum, p) => sum + p.end - p.start, 0)
  }
  // A clip lasts as long as its longest track: the shorter one's last sample is held that long,
  // so sound and picture start together in every clip (AAC's priming makes sound a little longer).
  const ends = read.map((clip) => Math.max(...tracksOf(clip).map((t) => lengthOf(t))))
  const tracks = (['video', 'audio'] as const).flatMap((kind) => (first[kind] ? [joinTrack(read, kind, ends, bases)] : []))

  // The index's size does not depend on the offsets in it (64-bit each): measure, then place.
  const head = first.ftyp.length + buildMoov(first.moov, tracks, tags).length + 16
  const placed = tracks.map((t) => ({ ...t, samples: t.samples.map((s) => ({ ...s, offset: s.offset + head })) }))
  const moov = buildMoov(first.moov, placed, tags)
  const mdat = Buffer.concat([u32(1), Buffer.from('mdat', 'latin1'), Buffer.alloc(8)])
  mdat.writeBigUInt64BE(BigInt(16 + payload), 8)

  const target = await open(to, 'w')
  try {
    await target.write(Buffer.concat([first.ftyp, moov, mdat]))
    // Two buffers: the next piece is read while the last is written, so the join costs about the
    // slower of reading and writing, not their sum.
    const buffers = [Buffer.alloc(CHUNK), Buffer.alloc(CHUNK)]
    let turn = 0
    let writing: Promise<unknown> = Promise.resolve()
    try {
      for (const clip of read) {
        const source = await open(clip.file, 'r')
        try {
          for (const range of clip.payloads) {
            for (let position = range.start; position < range.end; ) {
              const buffer = buffers[(turn ^= 1)]!
              const { bytesRead } = await source.read(buffer, 0, Math.min(CHUNK, range.end - position), position)
              if (bytesRead === 0) throw problemError('INVALID_INPUT', problem('video.notWhole', { ...clipNamed(clip), why: 'endsEarly' }))
              await writing // writes stay in order; the buffer read next is the one just written
              writing = target.write(buffer, 0, bytesRead)
              position += bytesRead
            }
          }
        } finally {
          await source.close()
        }
      }
    } finally {
      await writing.catch(() => undefined)
    }
    await writing
  } catch (error) {
    await target.close()
    await rm(to, { force: true })
    throw error
  }
  await target.close()
  return { durationSec: ends.reduce((a, b) => a + b, 0), videoFrames: tracks[0]!.samples.length }
}

const tracksOf = (clip: ClipIndex): TrackIndex[] => [clip.video, ...(clip.audio ? [clip.audio] : [])]
const lengthOf = (t: TrackIndex): number => t.samples.reduce((sum, s) => sum + s.duration, 0) / t.timescale

/** One kind of track across the clips, in the first clip's timescale, offsets in the joined media data. */
function joinTrack(read: readonly ClipIndex[], kind: 'video' | 'audio', ends: readonly number[], bases: readonly number[]): OutTrack {
  const timescale = read[0]![kind]!.timescale
  const samples: OutSample[] = []
  read.forEach((clip, k) => {
    const track = clip[kind]!
    const scale = timescale / track.timescale
    const startAt = samples.length
    let length = 0
    for (const s of track.samples) {
      const duration = Math.round(s.duration * scale)
      length += duration
      samples.push({ duration, ctsOffset: Math.round((s.cts - s.dts) * scale), sync: s.is_sync, size: s.size, offset: bases[k]! + offsetIn(clip, s.offset, s.size) })
    }
    const last = samples[samples.length - 1]
    const hold = Math.round(ends[k]! * timescale) - length
    if (last && samples.length > startAt && hold > 0) last.duration += hold
  })
  return { template: read[0]![kind]!.trak, samples }
}

/** Where a sample's bytes sit within its clip's media data laid end to end. */
function offsetIn(clip: ClipIndex, offset: number, size: number): number {
  let before = 0
  for (const p of clip.payloads) {
    if (offset >= p.start && offset + size <= p.end) return before + offset - p.start
    before += p.end - p.start
  }
  throw problemError('INVALID_INPUT', problem('video.notWhole', { ...clipNamed(clip), why: 'framesOutside' }))
}
