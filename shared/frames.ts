/**
 * Frames for the web-mode WebSocket. Plain JSON text, except when a message carries bytes (a
 * dropped image): then one binary frame holds the JSON with each byte array replaced by
 * `{"$bytes": n}`, followed by the arrays themselves. Bytes never become base64 on the bridge.
 *
 *   "RBX1" | u32 json length | json | (u32 length | bytes)*
 */
const MAGIC = [0x52, 0x42, 0x58, 0x31]

type Json = unknown

function collect(value: unknown, blobs: Uint8Array[]): Json {
  if (value instanceof Uint8Array) return { $bytes: blobs.push(value) - 1 }
  if (value instanceof ArrayBuffer) return { $bytes: blobs.push(new Uint8Array(value)) - 1 }
  if (Array.isArray(value)) return value.map((item) => collect(item, blobs))
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = collect(item, blobs)
    return out
  }
  return value
}

function restore(value: unknown, blobs: Uint8Array[]): unknown {
  if (Array.isArray(value)) return value.map((item) => restore(item, blobs))
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    const index = record['$bytes']
    if (typeof index === 'number' && Object.keys(record).length === 1) {
      const blob = blobs[index]
      if (!blob) throw new Error('Frame refers to a missing byte array.')
      return blob
    }
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(record)) out[key] = restore(item, blobs)
    return out
  }
  return value
}

export function encodeFrame(message: unknown): string | Uint8Array {
  const blobs: Uint8Array[] = []
  const json = JSON.stringify(collect(message, blobs))
  if (blobs.length === 0) return json
  const head = new TextEncoder().encode(json)
  const total = 8 + head.length + blobs.reduce((sum, blob) => sum + 4 + blob.length, 0)
  const out = new Uint8Array(total)
  const view = new DataView(out.buffer)
  out.set(MAGIC, 0)
  view.setUint32(4, head.length)
  out.set(head, 8)
  let at = 8 + head.length
  for (const blob of blobs) {
    view.setUint32(at, blob.length)
    out.set(blob, at + 4)
    at += 4 + blob.length
  }
  return out
}

export function decodeFrame(frame: string | Uint8Array): unknown {
  if (typeof frame === 'string') return JSON.parse(frame)
  if (frame.length < 8 || MAGIC.some((byte, i) => frame[i] !== byte)) throw new Error('Not a Reelbox frame.')
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength)
  const headLength = view.getUint32(4)
  if (8 + headLength > frame.length) throw new Error('Truncated frame.')
  const json = JSON.parse(new TextDecoder().decode(frame.subarray(8, 8 + headLength)))
  const blobs: Uint8Array[] = []
  let at = 8 + headLength
  while (at < frame.length) {
    if (at + 4 > frame.length) throw new Error('Truncated frame.')
    const length = view.getUint32(at)
    if (at + 4 + length > frame.length) throw new Error('Truncated frame.')
    blobs.push(frame.subarray(at + 4, at + 4 + length))
    at += 4 + length
  }
  return restore(json, blobs)
}
