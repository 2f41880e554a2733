/**
 * ISO BMFF (MP4/MOV) boxes in memory: walking a parent's children and building new ones. Only
 * what the settings item needs (media/settings-box.ts, media/moov.ts); reading whole files is
 * mediabunny's and mp4box's job.
 */
export interface Box {
  type: string
  /** Where the box starts in the buffer walked. */
  start: number
  /** Its whole size, header included. */
  size: number
  /** Where its content starts (after the 8- or 16-byte header). */
  body: number
}

/** The boxes laid end to end in `buf[start, end)`; throws on a box that runs past its parent. */
export function childBoxes(buf: Uint8Array, start: number, end: number): Box[] {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength)
  const list: Box[] = []
  let at = start
  while (at + 8 <= end) {
    let size = view.getUint32(at)
    let header = 8
    if (size === 1) {
      if (at + 16 > end) break
      size = Number(view.getBigUint64(at + 8))
      header = 16
    } else if (size === 0) size = end - at
    const type = String.fromCharCode(...buf.subarray(at + 4, at + 8))
    if (size < header || at + size > end) throw new Error(`box "${type}" at ${at} runs past its parent`)
    list.push({ type, start: at, size, body: at + header })
    at += size
  }
  return list
}

/** A box of `type` holding `parts` (a 32-bit size: everything Reelbox builds is small). */
export function box(type: string, ...parts: Uint8Array[]): Buffer {
  const body = Buffer.concat(parts)
  const head = Buffer.alloc(8)
  head.writeUInt32BE(8 + body.length, 0)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}

export function u32(...values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 4)
  values.forEach((v, i) => b.writeUInt32BE(v, i * 4))
  return b
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
