import { createHash } from 'node:crypto'
import { open, rm } from 'node:fs/promises'
import { SETTINGS_TAG } from '../../../shared/media'
import { shiftChunkOffsets } from '../media/boxes'
import { withMetadataItem } from '../media/settings-box'
import { readTopLevelBoxes } from './probe'

/** The file as the service delivered it, before Reelbox wrote its settings into it. */
export interface Original {
  size: number
  sha256: string
}

const CHUNK = 4 * 1024 * 1024

/**
 * Writes `to`: the video `from` with `settings` inside it (issue 16 item 4), in one pass that
 * also hashes the original. Only the `moov` (the index) changes: every other byte, the frames
 * included, is copied as it was, and the chunk offsets of frames that sat after the `moov` move
 * by the change in its size, so the file plays as before with byte-identical frames. mediabunny
 * could only write a whole new file (every frame re-muxed), which is why this is done by hand.
 *
 * When the settings cannot be written (no `moov`, a fragmented or damaged file, a 32-bit index
 * that would pass 4 GB) `to` is a plain copy and `written` says why not: the sidecar still holds
 * everything, and the video is kept either way.
 */
export async function writeWithSettings(from: string, to: string, settings: string): Promise<{ original: Original; written: true } | { original: Original; written: false; reason: string }> {
  const source = await open(from, 'r')
  let target: Awaited<ReturnType<typeof open>> | undefined
  try {
    const { size } = await source.stat()
    const plan = await planMoov(source, size, settings)
    target = await open(to, 'w')
    const hash = createHash('sha256')
    const buffer = Buffer.alloc(Math.min(CHUNK, Math.max(1, size)))
    let position = 0
    let written = 0
    while (position < size) {
      const { bytesRead } = await source.read(buffer, 0, Math.min(buffer.length, size - position), position)
      if (bytesRead === 0) throw new Error(`${from} ended at byte ${position} of ${size} while it was copied`)
      const chunk = buffer.subarray(0, bytesRead)
      hash.update(chunk)
      written += await copyChunk(target, chunk, position, plan, written)
      position += bytesRead
    }
    await target.sync()
    const original = { size, sha256: hash.digest('hex') }
    return 'moov' in plan ? { original, written: true } : { original, written: false, reason: plan.reason }
  } catch (error) {
    await target?.close()
    target = undefined
    await rm(to, { force: true })
    throw error
  } finally {
    await target?.close()
    await source.close()
  }
}

type Plan = { start: number; end: number; moov: Buffer } | { reason: string }

/** Where the old `moov` is and what replaces it, or why the file is copied as it is. */
async function planMoov(source: Awaited<ReturnType<typeof open>>, size: number, settings: string): Promise<Plan> {
  const walk = await readTopLevelBoxes(source, size)
  const found = walk.boxes.find((b) => b.type === 'moov')
  if (walk.end !== size) return { reason: 'its MP4 boxes do not fill the file' }
  if (!found) return { reason: walk.types.includes('moov') ? 'its index (moov) is too large' : 'it has no MP4 index (moov)' }
  // Fragments carry offsets of their own (tfhd, tfra); a fragmented file keeps its bytes.
  if (walk.types.includes('moof')) return { reason: 'it is a fragmented MP4' }
  try {
    const old = Buffer.from(found.bytes.buffer, found.bytes.byteOffset, found.bytes.byteLength)
    const moov = withMetadataItem(old, SETTINGS_TAG, settings)
    const end = found.start + old.length
    shiftChunkOffsets(moov, end, moov.length - old.length)
    return { start: found.start, end, moov }
  } catch (error) {
    return { reason: `its index cannot be rewritten (${(error as Error).message})` }
  }
}

/** Writes what of `chunk` (at `position` in the source) belongs at `at` in the new file; returns bytes written. */
async function copyChunk(target: Awaited<ReturnType<typeof open>>, chunk: Buffer, position: number, plan: Plan, at: number): Promise<number> {
  let out = chunk
  if ('moov' in plan && position < plan.end && position + chunk.length > plan.start) {
    // The old moov may span chunks: keep what lies before it and after it, the new one in its place.
    const slice = (from: number, to: number): Buffer => chunk.subarray(Math.max(0, Math.min(chunk.length, from - position)), Math.max(0, Math.min(chunk.length, to - position)))
    const startsHere = position <= plan.start && plan.start < position + chunk.length
    out = Buffer.concat([slice(0, plan.start), ...(startsHere ? [plan.moov] : []), slice(plan.end, Infinity)])
  }
  if (out.length > 0) await target.write(out, 0, out.length, at)
  return out.length
}

/**
 * Puts `settings` inside the video `file` itself, without copying or moving a frame (issue 24
 * item 3): the new index (the file's `moov` with the settings item) is appended at the end and
 * synced, then the old one becomes a `free` box (its four type bytes overwritten). Nothing moves,
 * so no chunk offset changes, whatever the layout (index first or last); the file grows by one
 * index. A crash between the two writes leaves the old index first, which readers use, and a
 * retry appends again and frees every earlier one. One fsync of what was written (the frames were
 * synced by the download).
 */
export async function addSettingsInPlace(file: string, settings: string): Promise<{ written: true } | { written: false; reason: string }> {
  const handle = await open(file, 'r+')
  try {
    const { size } = await handle.stat()
    const walk = await readTopLevelBoxes(handle, size)
    if (walk.end !== size) return { written: false, reason: 'its MP4 boxes do not fill the file' }
    if (walk.types.includes('moof')) return { written: false, reason: 'it is a fragmented MP4' }
    const current = walk.boxes.find((b) => b.type === 'moov')
    if (!current) return { written: false, reason: walk.types.includes('moov') ? 'its index (moov) is too large' : 'it has no MP4 index (moov)' }
    let moov: Buffer
    try {
      moov = withMetadataItem(Buffer.from(current.bytes.buffer, current.bytes.byteOffset, current.bytes.byteLength), SETTINGS_TAG, settings)
    } catch (error) {
      return { written: false, reason: `its index cannot be rewritten (${(error as Error).message})` }
    }
    await handle.write(moov, 0, moov.length, size)
    await handle.sync()
    for (const place of walk.places) if (place.type === 'moov') await handle.write(Buffer.from('free', 'latin1'), 0, 4, place.start + 4)
    await handle.datasync()
    return { written: true }
  } finally {
    await handle.close()
  }
}
