/**
 * ISO BMFF (MP4/MOV) boxes: the one box model and walk of the media layer, over a buffer
 * (`childBoxes`) or a file's top level (file-boxes.ts), and building new ones. What reads and
 * writes MP4 (probe, verify, join, embed) goes through media/: the walk here, the `moov`
 * rebuild (moov.ts), the metadata item (metadata-item.ts) and mp4box's parse (movie.ts).
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

/**
 * The box whose header `head` holds (its first 8 or 16 bytes), sitting at `start` in a parent
 * that ends at `end`; undefined when the header itself is cut short. Size 0 means "to the end
 * of the parent"; size 1, a 64-bit size after the type.
 */
export function boxAt(head: Uint8Array, start: number, end: number): Box | undefined {
  if (head.length < 8) return undefined
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength)
  let size = view.getUint32(0)
  let header = 8
  if (size === 1) {
    if (head.length < 16) return undefined
    size = Number(view.getBigUint64(8))
    header = 16
  } else if (size === 0) size = end - start
  return { type: String.fromCharCode(...head.subarray(4, 8)), start, size, body: start + header }
}

/** Whether a box is at least its header and ends within its parent. */
export const fitsIn = (b: Box, end: number): boolean => b.size >= b.body - b.start && b.start + b.size <= end

/** The boxes laid end to end in `buf[start, end)`; throws on a box that runs past its parent. */
export function childBoxes(buf: Uint8Array, start: number, end: number): Box[] {
  const list: Box[] = []
  for (let at = start; at + 8 <= end; ) {
    const b = boxAt(buf.subarray(at, Math.min(at + 16, end)), at, end)
    if (!b) break
    if (!fitsIn(b, end)) throw new Error(`box "${b.type}" at ${at} runs past its parent`)
    list.push(b)
    at += b.size
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

/** 32-bit big-endian words, from an array of any length (a sample table's). */
export function u32s(values: readonly number[]): Buffer {
  const b = Buffer.alloc(values.length * 4)
  for (let i = 0; i < values.length; i++) b.writeUInt32BE(values[i]!, i * 4)
  return b
}

export const u32 = (...values: number[]): Buffer => u32s(values)
