import { box, childBoxes, type Box, u32 } from './boxes'

/**
 * The settings item inside a `moov`: QuickTime metadata with keys (`moov/meta`, handler `mdta`,
 * a `keys` list and an `ilst` of values by key number), the form Apple's own cameras write and
 * that ffprobe (as a format tag), exiftool (QuickTime Keys), mediabunny (`raw[key]`) and
 * players read. Other keys already in the file are kept as they were.
 */

const text = new TextDecoder()

interface Item {
  key: Buffer
  namespace: Buffer
  /** The item's content (its `data` boxes), as found or built. */
  content: Buffer
}

/** A UTF-8 `data` atom (type 1, default locale). */
const utf8Data = (value: string): Buffer => box('data', u32(1, 0), Buffer.from(value, 'utf8'))

const mdtaHandler = (): Buffer => box('hdlr', u32(0, 0), Buffer.from('mdta', 'latin1'), u32(0, 0, 0), Buffer.from([0]))

/** Where a `meta` box's children start: ISO's is a full box (4 bytes of version and flags), QuickTime's is not. */
function metaChildrenStart(moov: Buffer, meta: Box): number {
  return moov.readUInt32BE(meta.body) === 0 ? meta.body + 4 : meta.body
}

function isMdta(moov: Buffer, meta: Box): boolean {
  const hdlr = childBoxes(moov, metaChildrenStart(moov, meta), meta.start + meta.size).find((b) => b.type === 'hdlr')
  return hdlr !== undefined && moov.toString('latin1', hdlr.body + 8, hdlr.body + 12) === 'mdta'
}

/** The keyed items of an `mdta` meta box, in key order; values without a key are dropped. */
function itemsOf(moov: Buffer, meta: Box): { items: Item[]; others: Buffer[] } {
  const children = childBoxes(moov, metaChildrenStart(moov, meta), meta.start + meta.size)
  const keys: Array<{ key: Buffer; namespace: Buffer }> = []
  const values = new Map<number, Buffer>()
  const others: Buffer[] = []
  for (const child of children) {
    if (child.type === 'keys') {
      const count = moov.readUInt32BE(child.body + 4)
      let at = child.body + 8
      for (let i = 0; i < count && at + 8 <= child.start + child.size; i++) {
        const size = moov.readUInt32BE(at)
        if (size < 8) break
        keys.push({ namespace: moov.subarray(at + 4, at + 8), key: moov.subarray(at + 8, at + size) })
        at += size
      }
    } else if (child.type === 'ilst') {
      for (const item of childBoxes(moov, child.body, child.start + child.size)) values.set(moov.readUInt32BE(item.start + 4), moov.subarray(item.body, item.start + item.size))
    } else if (child.type !== 'hdlr') others.push(moov.subarray(child.start, child.start + child.size))
  }
  const items = keys.flatMap((k, i) => {
    const content = values.get(i + 1)
    return content ? [{ ...k, content }] : []
  })
  return { items, others }
}

function metaBox(items: Item[], others: Buffer[]): Buffer {
  const keys = box('keys', u32(0, items.length), ...items.map((item) => Buffer.concat([u32(8 + item.key.length), item.namespace, item.key])))
  const ilst = box('ilst', ...items.map((item, i) => box(String.fromCharCode(...u32(i + 1)), item.content)))
  return box('meta', mdtaHandler(), keys, ilst, ...others)
}

/** A new `moov` (bytes) with `key` set to `value` in its `mdta` metadata, replacing any earlier value. */
export function withMetadataItem(moov: Buffer, key: string, value: string): Buffer {
  const children = childBoxes(moov, moov.readUInt32BE(0) === 1 ? 16 : 8, moov.length)
  const existing = children.find((b) => b.type === 'meta' && isMdta(moov, b))
  const { items, others } = existing ? itemsOf(moov, existing) : { items: [], others: [] }
  const ours: Item = { key: Buffer.from(key, 'utf8'), namespace: Buffer.from('mdta', 'latin1'), content: utf8Data(value) }
  const kept = items.filter((item) => text.decode(item.key) !== key)
  const meta = metaBox([...kept, ours], others)
  const parts = children.map((b) => (b === existing ? meta : moov.subarray(b.start, b.start + b.size)))
  if (!existing) parts.push(meta)
  return box('moov', ...parts)
}
