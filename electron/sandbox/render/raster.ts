import sharp from 'sharp'

/** A frame or picture in memory: 8-bit RGBA, rows top to bottom. */
export interface Rgba {
  width: number
  height: number
  data: Uint8Array
}

export function blank(width: number, height: number): Rgba {
  return { width, height, data: new Uint8Array(width * height * 4) }
}

/** Decodes any image sharp reads, upright (EXIF), cropped to fill width × height. */
export async function decodeCover(bytes: Buffer, width: number, height: number): Promise<Rgba> {
  const { data, info } = await sharp(bytes, { failOn: 'none' })
    .rotate()
    .resize(width, height, { fit: 'cover', position: 'attention' })
    .removeAlpha()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) }
}

/** Width / height of an image as shown (EXIF orientation applied), or undefined if unreadable. */
export async function aspectOf(bytes: Buffer): Promise<number | undefined> {
  try {
    const meta = await sharp(bytes).metadata()
    if (!meta.width || !meta.height) return undefined
    return (meta.orientation ?? 1) >= 5 ? meta.height / meta.width : meta.width / meta.height
  } catch {
    return undefined
  }
}

export interface Window {
  x: number
  y: number
  w: number
  h: number
}

/** Fills `out` with the `win` part of `src`, scaled bilinearly (the camera of a pan/zoom). */
export function sampleWindow(src: Rgba, win: Window, out: Rgba): void {
  const { width: sw, height: sh, data: s } = src
  const { width: ow, height: oh, data: o } = out
  const sx = win.w / ow
  const sy = win.h / oh
  for (let y = 0; y < oh; y++) {
    const fy = Math.min(sh - 1.001, Math.max(0, win.y + (y + 0.5) * sy - 0.5))
    const y0 = fy | 0
    const ty = fy - y0
    const r0 = y0 * sw * 4
    const r1 = Math.min(sh - 1, y0 + 1) * sw * 4
    let p = y * ow * 4
    for (let x = 0; x < ow; x++) {
      const fx = Math.min(sw - 1.001, Math.max(0, win.x + (x + 0.5) * sx - 0.5))
      const x0 = fx | 0
      const tx = fx - x0
      const c0 = x0 * 4
      const c1 = Math.min(sw - 1, x0 + 1) * 4
      for (let c = 0; c < 3; c++) {
        const top = s[r0 + c0 + c]! + (s[r0 + c1 + c]! - s[r0 + c0 + c]!) * tx
        const bottom = s[r1 + c0 + c]! + (s[r1 + c1 + c]! - s[r1 + c0 + c]!) * tx
        o[p + c] = top + (bottom - top) * ty
      }
      o[p + 3] = 255
      p += 4
    }
  }
}

/** A window of `zoom` (1 = whole picture) centred at (cx, cy) in 0–1 units, kept inside. */
export function windowAt(src: Rgba, zoom: number, cx: number, cy: number): Window {
  const w = src.width / zoom
  const h = src.height / zoom
  const x = Math.min(src.width - w, Math.max(0, cx * src.width - w / 2))
  const y = Math.min(src.height - h, Math.max(0, cy * src.height - h / 2))
  return { x, y, w, h }
}

/** out = a × (1 − t) + b × t. */
export function mix(a: Rgba, b: Rgba, t: number, out: Rgba): void {
  const { data: ad } = a
  const { data: bd } = b
  const o = out.data
  for (let i = 0; i < o.length; i++) o[i] = ad[i]! + (bd[i]! - ad[i]!) * t
}

/** Draws `top` over `out` at (x, y) through its alpha, times `opacity`. */
export function overlay(out: Rgba, top: Rgba, x: number, y: number, opacity = 1): void {
  for (let row = 0; row < top.height; row++) {
    const oy = y + row
    if (oy < 0 || oy >= out.height) continue
    for (let col = 0; col < top.width; col++) {
      const ox = x + col
      if (ox < 0 || ox >= out.width) continue
      const t = (row * top.width + col) * 4
      const a = (top.data[t + 3]! / 255) * opacity
      if (a === 0) continue
      const o = (oy * out.width + ox) * 4
      for (let c = 0; c < 3; c++) out.data[o + c] = out.data[o + c]! + (top.data[t + c]! - out.data[o + c]!) * a
    }
  }
}

/** Darkens a rectangle (behind a label), clipped to the frame. */
export function shade(out: Rgba, x: number, y: number, w: number, h: number, amount: number): void {
  for (let row = Math.max(0, y); row < Math.min(out.height, y + h); row++) {
    for (let col = Math.max(0, x); col < Math.min(out.width, x + w); col++) {
      const o = (row * out.width + col) * 4
      for (let c = 0; c < 3; c++) out.data[o + c] = out.data[o + c]! * (1 - amount)
    }
  }
}

/** What stands in for an image the Sandbox could not get (offline URL): a quiet grey field. */
export function neutral(width: number, height: number): Rgba {
  const img = blank(width, height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4
      const v = 70 + 50 * (y / height) + 10 * Math.sin(x / 9) * Math.sin(y / 9)
      img.data[o] = v
      img.data[o + 1] = v
      img.data[o + 2] = v + 8
      img.data[o + 3] = 255
    }
  }
  return img
}

export function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number): number => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number): number => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))
  return [f(0) * 255, f(8) * 255, f(4) * 255]
}
