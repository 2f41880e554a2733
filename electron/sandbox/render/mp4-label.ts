/**
 * Labels a rendered MP4 as the Sandbox's and moves its index to the front.
 *
 * Label: an iTunes-style metadata list, the one ffprobe, players and mp4box read:
 *   moov/udta/meta(hdlr "mdir")/ilst with `©too` = "Reelbox Sandbox" and `©cmt` = the comment
 *   ("Reelbox Sandbox: rendered locally, not by the video service; …").
 * Fast start: the encoder writes `moov` after `mdat`; putting it first lets a player start from
 * the first bytes of a Range-served file. The chunk offsets (stco/co64) move by the same amount.
 */
export const SANDBOX_TOOL = 'Reelbox Sandbox'

interface Box {
  type: string
  start: number
  size: number
}

function boxes(buf: Buffer, start: number, end: number): Box[] {
  const list: Box[] = []
  let at = start
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at)
    const type = buf.toString('latin1', at + 4, at + 8)
    if (size === 1) size = Number(buf.readBigUInt64BE(at + 8))
    else if (size === 0) size = end - at
    if (size < 8 || at + size > end) throw new Error(`malformed MP4: box "${type}" at ${at} runs past its parent`)
    list.push({ type, start: at, size })
    at += size
  }
  return list
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts)
  const head = Buffer.alloc(8)
  head.writeUInt32BE(8 + body.length, 0)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}

const u32 = (...values: number[]): Buffer => {
  const b = Buffer.alloc(values.length * 4)
  values.forEach((v, i) => b.writeUInt32BE(v, i * 4))
  return b
}

/** `©xxx` item with one UTF-8 `data` atom (type 1, locale 0). */
function item(fourcc: string, text: string): Buffer {
  return box(fourcc, box('data', u32(1, 0), Buffer.from(text, 'utf8')))
}

export function metadataBox(comment: string): Buffer {
  const hdlr = box('hdlr', u32(0, 0), Buffer.from('mdir', 'latin1'), Buffer.from('appl', 'latin1'), u32(0, 0), Buffer.from([0]))
  const ilst = box('ilst', item('\u00a9too', SANDBOX_TOOL), item('\u00a9cmt', comment))
  return box('udta', box('meta', u32(0), hdlr, ilst))
}

const containers = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl'])

/** Adds `delta` to every chunk offset inside `moov` (in place). */
function shiftChunkOffsets(moov: Buffer, start: number, end: number, delta: number): void {
  for (const b of boxes(moov, start, end)) {
    if (containers.has(b.type)) shiftChunkOffsets(moov, b.start + 8, b.start + b.size, delta)
    else if (b.type === 'stco' || b.type === 'co64') {
      const wide = b.type === 'co64'
      const count = moov.readUInt32BE(b.start + 12)
      for (let i = 0; i < count; i++) {
        const at = b.start + 16 + i * (wide ? 8 : 4)
        if (wide) moov.writeBigUInt64BE(moov.readBigUInt64BE(at) + BigInt(delta), at)
        else moov.writeUInt32BE(moov.readUInt32BE(at) + delta, at)
      }
    }
  }
}

export function labelMp4(input: Uint8Array, comment: string): Buffer {
  const buf = Buffer.from(input.buffer, input.byteOffset, input.byteLength)
  const top = boxes(buf, 0, buf.length)
  const moov = top.find((b) => b.type === 'moov')
  const mdat = top.find((b) => b.type === 'mdat')
  if (!moov || !mdat) throw new Error('malformed MP4: no moov or mdat box')
  const udta = metadataBox(comment)
  const newMoov = Buffer.concat([buf.subarray(moov.start, moov.start + moov.size), udta])
  newMoov.writeUInt32BE(newMoov.length, 0)

  // New order: ftyp, moov, then every other box as it was (free, mdat, …).
  const ftyp = top.filter((b) => b.type === 'ftyp')
  const rest = top.filter((b) => b.type !== 'ftyp' && b.type !== 'moov')
  const slice = (b: Box): Buffer => buf.subarray(b.start, b.start + b.size)
  let newMdatStart = ftyp.reduce((n, b) => n + b.size, 0) + newMoov.length
  for (const b of rest) {
    if (b === mdat) break
    newMdatStart += b.size
  }
  shiftChunkOffsets(newMoov, 8, newMoov.length, newMdatStart - mdat.start)
  return Buffer.concat([...ftyp.map(slice), newMoov, ...rest.map(slice)])
}
