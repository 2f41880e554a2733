import { box, childBoxes, u32, u32s } from './boxes'

/**
 * Rebuilding a `moov`, the index of an MP4: moving its chunk offsets when the bytes before the
 * frames change size (embedding settings, library/embed.ts), and making a new one from sample
 * tables (joining clips, sequences/join.ts).
 */
import { withMetadataItem } from './metadata-item'

/** One sample of the joined track: timing in the track's timescale, where its bytes are in the new file. */
export interface OutSample {
  duration: number
  /** Composition offset (cts − dts), for B-frames. */
  ctsOffset: number
  sync: boolean
  size: number
  offset: number
}

export interface OutTrack {
  /** The first clip's `trak`: its header, edit list, handler and sample description are kept. */
  template: Buffer
  samples: OutSample[]
}

/** [count, value] runs of equal neighbours: stts and ctts are run-length tables. */
function runs(values: readonly number[]): Array<[number, number]> {
  const out: Array<[number, number]> = []
  for (const v of values) {
    const last = out[out.length - 1]
    if (last && last[1] === v) last[0]++
    else out.push([1, v])
  }
  return out
}

/**
 * The sample tables of a joined track. Every sample is its own chunk (one `stsc` entry, a 64-bit
 * offset each in `co64`): simple, valid everywhere, 12 bytes a sample.
 */
function sampleTables(samples: readonly OutSample[]): Buffer[] {
  const stts = runs(samples.map((s) => s.duration))
  const tables = [box('stts', u32(0, stts.length), u32s(stts.flat()))]
  if (samples.some((s) => s.ctsOffset !== 0)) {
    const ctts = runs(samples.map((s) => s.ctsOffset))
    const entries = Buffer.alloc(ctts.length * 8)
    ctts.forEach(([count, offset], i) => {
      entries.writeUInt32BE(count, i * 8)
      entries.writeInt32BE(offset, i * 8 + 4)
    })
    // Version 1 when an offset is negative (signed), as ISO/IEC 14496-12 allows.
    tables.push(box('ctts', u32(samples.some((s) => s.ctsOffset < 0) ? 0x01000000 : 0, ctts.length), entries))
  }
  if (!samples.every((s) => s.sync)) {
    const sync = samples.flatMap((s, i) => (s.sync ? [i + 1] : []))
    tables.push(box('stss', u32(0, sync.length), u32s(sync)))
  }
  const offsets = Buffer.alloc(samples.length * 8)
  samples.forEach((s, i) => offsets.writeBigUInt64BE(BigInt(s.offset), i * 8))
  tables.push(box('stsc', u32(0, 1, 1, 1, 1)), box('stsz', u32(0, 0, samples.length), u32s(samples.map((s) => s.size))), box('co64', u32(0, samples.length), offsets))
  return tables
}

/** Sets a 32- or 64-bit time field of a full box (by its version) in place. */
function setTime(buf: Buffer, body: number, v0: number, v1: number, value: number): void {
  if (buf[body] === 1) buf.writeBigUInt64BE(BigInt(Math.round(value)), body + v1)
  else buf.writeUInt32BE(Math.min(0xffffffff, Math.round(value)), body + v0)
}

const timeOf = (buf: Buffer, body: number, v0: number, v1: number): number => (buf[body] === 1 ? Number(buf.readBigUInt64BE(body + v1)) : buf.readUInt32BE(body + v0))
const copyOf = (buf: Buffer, b: { start: number; size: number }): Buffer => Buffer.from(buf.subarray(b.start, b.start + b.size))

/**
 * The edit list with its last playing entry stretched over the joined media; returns the track's
 * new length in the movie's timescale. Empty edits (a delayed start) stay as they were.
 */
function stretchEdits(elst: Buffer, body: number, mediaDuration: number, scale: number): number {
  const wide = elst[body] === 1
  const count = elst.readUInt32BE(body + 4)
  const size = wide ? 20 : 12
  let total = 0
  let last = -1
  for (let i = 0; i < count; i++) if ((wide ? Number(elst.readBigInt64BE(body + 8 + i * size + 8)) : elst.readInt32BE(body + 8 + i * size + 4)) >= 0) last = i
  for (let i = 0; i < count; i++) {
    const at = body + 8 + i * size
    if (i === last) {
      const mediaTime = wide ? Number(elst.readBigInt64BE(at + 8)) : elst.readInt32BE(at + 4)
      const segment = Math.max(0, Math.round((mediaDuration - mediaTime) * scale))
      if (wide) elst.writeBigUInt64BE(BigInt(segment), at)
      else elst.writeUInt32BE(Math.min(0xffffffff, segment), at)
    }
    total += wide ? Number(elst.readBigUInt64BE(at)) : elst.readUInt32BE(at)
  }
  return last < 0 ? Math.round(mediaDuration * scale) : total
}

/** One joined `trak` and its length in the movie's timescale. */
function trakOf(track: OutTrack, movieTimescale: number): { trak: Buffer; duration: number } {
  const t = track.template
  const media = track.samples.reduce((sum, s) => sum + s.duration, 0)
  const parts = childBoxes(t, 8, t.length)
  const mdia = parts.find((b) => b.type === 'mdia')!
  const mdhd = childBoxes(t, mdia.body, mdia.start + mdia.size).find((b) => b.type === 'mdhd')!
  const timescale = timeOf(t, mdhd.body, 12, 20)
  let duration = Math.round(media * (movieTimescale / timescale))
  const edts = parts.find((b) => b.type === 'edts')
  let newEdts: Buffer | undefined
  if (edts) {
    newEdts = copyOf(t, edts)
    const elst = childBoxes(newEdts, 8, newEdts.length).find((b) => b.type === 'elst')
    if (elst) duration = stretchEdits(newEdts, elst.body, media, movieTimescale / timescale)
  }
  const rebuildMdia = (): Buffer =>
    box(
      'mdia',
      ...childBoxes(t, mdia.body, mdia.start + mdia.size).map((b) => {
        if (b.type === 'mdhd') {
          const copy = copyOf(t, b)
          setTime(copy, 8, 16, 24, media)
          return copy
        }
        if (b.type !== 'minf') return copyOf(t, b)
        return box(
          'minf',
          ...childBoxes(t, b.body, b.start + b.size).map((m) => {
            if (m.type !== 'stbl') return copyOf(t, m)
            const stsd = childBoxes(t, m.body, m.start + m.size).find((c) => c.type === 'stsd')!
            return box('stbl', copyOf(t, stsd), ...sampleTables(track.samples))
          }),
        )
      }),
    )
  const kept = parts.flatMap((b) => {
    if (b.type === 'tkhd') {
      const copy = copyOf(t, b)
      setTime(copy, 8, 20, 28, duration)
      return [copy]
    }
    if (b.type === 'edts') return newEdts ? [newEdts] : []
    if (b.type === 'mdia') return [rebuildMdia()]
    // Track references and per-track extras would point at what the join leaves out.
    return []
  })
  return { trak: box('trak', ...kept), duration }
}

/**
 * The joined file's `moov`: the first clip's movie header and user data (its labels) with the
 * joined tracks, and `tags` as keyed metadata. The first clip's own settings item is not carried.
 */
export function buildMoov(template: Buffer, tracks: readonly OutTrack[], tags: Record<string, string>): Buffer {
  const children = childBoxes(template, 8, template.length)
  const mvhd = copyOf(template, children.find((b) => b.type === 'mvhd')!)
  const movieTimescale = timeOf(mvhd, 8, 12, 20)
  const traks = tracks.map((track) => trakOf(track, movieTimescale))
  setTime(mvhd, 8, 16, 24, Math.max(...traks.map((t) => t.duration)))
  const udta = children.filter((b) => b.type === 'udta').map((b) => copyOf(template, b))
  let moov = box('moov', mvhd, ...traks.map((t) => t.trak), ...udta)
  for (const [key, value] of Object.entries(tags)) moov = withMetadataItem(moov, key, value)
  return moov
}

/** The containers on the way from `moov` to the chunk offset tables (stco, co64). */
const toChunkOffsets = new Set(['trak', 'mdia', 'minf', 'stbl'])

/**
 * Adds `delta` to every chunk offset at or after `from` in a `moov` held in `moov` (in place):
 * the frames that sat behind the old `moov` move by the change in its size, the others stay.
 * Throws when a 32-bit table (stco) would overflow: such a file keeps its original index.
 */
export function shiftChunkOffsets(moov: Buffer, from: number, delta: number, start = 8, end = moov.length): void {
  for (const b of childBoxes(moov, start, end)) {
    if (toChunkOffsets.has(b.type)) shiftChunkOffsets(moov, from, delta, b.body, b.start + b.size)
    else if (b.type === 'stco' || b.type === 'co64') {
      const wide = b.type === 'co64'
      const count = moov.readUInt32BE(b.body + 4)
      for (let i = 0; i < count; i++) {
        const at = b.body + 8 + i * (wide ? 8 : 4)
        if (wide) {
          const offset = moov.readBigUInt64BE(at)
          if (offset >= BigInt(from)) moov.writeBigUInt64BE(offset + BigInt(delta), at)
        } else {
          const offset = moov.readUInt32BE(at)
          if (offset < from) continue
          if (offset + delta > 0xffffffff) throw new Error('its 32-bit chunk offsets cannot move past 4 GB')
          moov.writeUInt32BE(offset + delta, at)
        }
      }
    }
  }
}
