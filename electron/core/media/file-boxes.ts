import type { FileHandle } from 'node:fs/promises'
import { type Box, boxAt, fitsIn } from './boxes'

/** A box read whole. */
export interface ReadBox {
  box: Box
  bytes: Buffer
}

export interface TopLevel {
  /** Every top-level box, in file order, with where its content starts. */
  boxes: Box[]
  /** `ftyp` and `moov`, read whole (a `moov` past 64 MB is left unread). */
  ftyp?: ReadBox
  moov?: ReadBox
  /** Where the walk stopped: the file's size exactly when its boxes fill it, no more, no less. */
  end: number
}

const MAX_MOOV_BYTES = 64 * 1024 * 1024

/**
 * A file's top-level boxes, from their headers alone (16 bytes each), with `ftyp` and `moov` read
 * whole: a 1 GB video costs a few kilobytes of reads, wherever the encoder put its `moov`. The
 * walk stops at the first box that does not fit the file.
 */
export async function readTopLevelBoxes(handle: FileHandle, size: number): Promise<TopLevel> {
  const walk: TopLevel = { boxes: [], end: 0 }
  const header = Buffer.alloc(16)
  let offset = 0
  while (offset + 8 <= size) {
    const { bytesRead } = await handle.read(header, 0, 16, offset)
    const b = boxAt(header.subarray(0, bytesRead), offset, size)
    if (!b || !fitsIn(b, size)) break
    walk.boxes.push(b)
    if ((b.type === 'ftyp' || b.type === 'moov') && b.size <= MAX_MOOV_BYTES && !walk[b.type]) {
      const bytes = Buffer.alloc(b.size)
      await handle.read(bytes, 0, b.size, offset)
      walk[b.type] = { box: b, bytes }
    }
    offset += b.size
  }
  walk.end = offset
  return walk
}

/** Whether the file has a top-level box of `type` (read or not). */
export const hasBox = (walk: TopLevel, type: string): boolean => walk.boxes.some((b) => b.type === type)
