import sharp from 'sharp'
import type { Rgba } from './raster'

/**
 * The prompt as a caption band (text-to-video scenes), rasterised by sharp from an SVG with the
 * system's fonts. Returns undefined when text cannot be rendered (no fonts, librsvg trouble):
 * the video is then made without a caption rather than not at all.
 */
export async function renderCaption(prompt: string, width: number, height: number): Promise<Rgba | undefined> {
  const fontSize = Math.max(12, Math.round(height / 16))
  const lines = wrap(prompt.trim(), Math.max(8, Math.floor((width * 0.86) / (fontSize * 0.56))), 3)
  if (lines.length === 0) return undefined
  const lineHeight = Math.round(fontSize * 1.3)
  const bandHeight = lines.length * lineHeight + fontSize
  const text = lines
    .map((line, i) => `<text x="50%" y="${fontSize * 0.5 + (i + 1) * lineHeight - lineHeight * 0.25}" text-anchor="middle">${escapeXml(line)}</text>`)
    .join('')
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${bandHeight}">` +
    `<rect width="100%" height="100%" fill="black" fill-opacity="0.35"/>` +
    `<g font-family="DejaVu Sans, Noto Sans CJK SC, Noto Sans, Arial, sans-serif" font-size="${fontSize}" fill="white">${text}</g></svg>`
  try {
    const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) }
  } catch {
    return undefined
  }
}

/** Greedy word wrap to `max` lines of about `columns` characters; cut text ends in "…". */
export function wrap(text: string, columns: number, max: number): string[] {
  // Long words (and scripts written without spaces) are split into column-sized pieces.
  const words = text.split(/\s+/).filter(Boolean).flatMap((word) => {
    const chars = [...word]
    const pieces: string[] = []
    for (let i = 0; i < chars.length; i += columns) pieces.push(chars.slice(i, i + columns).join(''))
    return pieces
  })
  const lines: string[] = []
  let line = ''
  let cut = false
  for (const word of words) {
    const next = line ? `${line} ${word}` : word
    if ([...next].length <= columns) {
      line = next
      continue
    }
    lines.push(line)
    line = word
    if (lines.length === max) {
      cut = true
      break
    }
  }
  if (!cut && line) lines.push(line)
  if (cut) {
    const last = [...(lines[max - 1] ?? '')]
    lines[max - 1] = `${last.slice(0, Math.max(1, columns - 1)).join('')}…`
  }
  return lines
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c)
}
