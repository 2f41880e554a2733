import type { TinyH264Module } from 'tinyh264/es/TinyH264.js'
import type TinyH264Decoder from 'tinyh264/es/TinyH264Decoder.js'
import { loadSharp } from '../images/sharp'

/**
 * The engine's own decoder for a last frame: h264bsd compiled to WASM (tinyh264, Apache-2.0, no
 * native part), which reads Baseline H.264, the profile the Sandbox and most fast models deliver
 * (media/last-frame.ts picks it). It is given the stream's packets in decoding order and keeps
 * those from the last IDR picture on: the frames the last one needs. IDR pictures are found by
 * the units' own type, since a file without a sync-sample table marks every sample a key frame
 * (ISO 14496-12 §8.6.2).
 */
export function baselineDecoder(description: AllowSharedBufferSource, width: number, height: number) {
  const avcc = toBytes(description)
  const lengthSize = (avcc[4]! & 3) + 1
  let run: Uint8Array[][] = []
  return {
    add(data: Uint8Array): void {
      const units = nalUnits(data, lengthSize)
      if (units.some((unit) => (unit[0]! & 31) === IDR)) run = []
      run.push(units)
    },
    /** The last frame as a PNG, or undefined when h264bsd gave no picture. */
    async png(): Promise<Buffer | undefined> {
      const decoder = await openDecoder()
      let picture: { data: Uint8Array; width: number; height: number } | undefined
      const h264 = new decoder.Decoder(decoder.module, (data, w, h) => void (picture = { data: data.slice(), width: w, height: h }))
      try {
        for (const unit of parameterSets(avcc)) h264.decode(annexB([unit]))
        for (const units of run) h264.decode(annexB(units))
      } finally {
        h264.release()
      }
      if (!picture) return undefined
      // The decoder gives whole macroblocks (1080 → 1088 rows): the picture is the top-left of it.
      const sharp = await loadSharp()
      return sharp(yuv420ToRgb(picture, width, height), { raw: { width, height, channels: 3 } }).png().toBuffer()
    },
  }
}

function toBytes(source: AllowSharedBufferSource): Uint8Array {
  return source instanceof ArrayBuffer || source instanceof SharedArrayBuffer ? new Uint8Array(source) : new Uint8Array(source.buffer, source.byteOffset, source.byteLength)
}

/** The SPS and PPS units of an `avcC` box (ISO 14496-15 §5.3.3.1). */
function parameterSets(avcc: Uint8Array): Uint8Array[] {
  const units: Uint8Array[] = []
  let at = 5
  for (const count of [avcc[at++]! & 31, -1]) {
    const n = count === -1 ? avcc[at++]! : count
    for (let i = 0; i < n; i++) {
      const length = (avcc[at]! << 8) | avcc[at + 1]!
      units.push(avcc.subarray(at + 2, at + 2 + length))
      at += 2 + length
    }
  }
  return units
}

/** A sample's length-prefixed units. */
function nalUnits(sample: Uint8Array, lengthSize: number): Uint8Array[] {
  const units: Uint8Array[] = []
  for (let at = 0; at + lengthSize <= sample.length; ) {
    let length = 0
    for (let i = 0; i < lengthSize; i++) length = length * 256 + sample[at + i]!
    units.push(sample.subarray(at + lengthSize, at + lengthSize + length))
    at += lengthSize + length
  }
  return units
}

const START = Uint8Array.of(0, 0, 0, 1)
/** nal_unit_type of an IDR picture's slice (ITU-T H.264 table 7-1). */
const IDR = 5

/** One access unit with start codes, as h264bsd reads it. */
function annexB(units: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(units.reduce((sum, u) => sum + START.length + u.length, 0))
  let at = 0
  for (const unit of units) {
    out.set(START, at)
    out.set(unit, at + START.length)
    at += START.length + unit.length
  }
  return out
}

/** BT.601 limited range, as H.264 clips without colour information are shown. */
function yuv420ToRgb(picture: { data: Uint8Array; width: number; height: number }, width: number, height: number): Buffer {
  const stride = picture.width
  const y = picture.data
  const u = y.subarray(stride * picture.height)
  const v = u.subarray((stride >> 1) * (picture.height >> 1))
  const rgb = Buffer.alloc(width * height * 3)
  const clamp = (n: number) => (n < 0 ? 0 : n > 255 ? 255 : Math.round(n))
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const c = (row >> 1) * (stride >> 1) + (col >> 1)
      const luma = 1.164 * (y[row * stride + col]! - 16)
      const cb = u[c]! - 128
      const cr = v[c]! - 128
      const at = (row * width + col) * 3
      rgb[at] = clamp(luma + 1.596 * cr)
      rgb[at + 1] = clamp(luma - 0.392 * cb - 0.813 * cr)
      rgb[at + 2] = clamp(luma + 2.017 * cb)
    }
  }
  return rgb
}

let opening: Promise<{ module: TinyH264Module; Decoder: typeof TinyH264Decoder }> | undefined

/**
 * The WASM module, loaded once. Its Emscripten loader was built for a worker and reads
 * `self.location` as it starts: a stand-in `self` exists only for that synchronous moment, so no
 * other code ever sees a `self` in the engine's process.
 */
function openDecoder() {
  opening ??= (async () => {
    const [{ default: factory }, { default: Decoder }] = await Promise.all([import('tinyh264/es/TinyH264.js'), import('tinyh264/es/TinyH264Decoder.js')])
    const scope = globalThis as { self?: unknown }
    const had = 'self' in scope
    if (!had) scope.self = { location: { href: '' } }
    let starting: Promise<TinyH264Module>
    try {
      starting = factory()
    } finally {
      if (!had) delete scope.self
    }
    return { module: await starting, Decoder }
  })()
  return opening
}
