import { type Rgba, shade } from './raster'

/**
 * The "SANDBOX" mark every frame carries, drawn from a built-in 5×7 pixel font so it never
 * depends on fonts or text rendering being available.
 */
const glyphs: Record<string, readonly string[]> = {
  S: ['.###.', '#...#', '#....', '.###.', '....#', '#...#', '.###.'],
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  N: ['#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#', '#...#'],
  D: ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
}

export const MARK_TEXT = 'SANDBOX'

/** Draws the mark in the bottom-right corner, white on a darkened box. */
export function drawMark(out: Rgba, text = MARK_TEXT): void {
  const scale = Math.max(1, Math.round(Math.min(out.width, out.height) / 150))
  const advance = 6 * scale
  const pad = 3 * scale
  const boxW = text.length * advance - scale + pad * 2
  const boxH = 7 * scale + pad * 2
  const left = out.width - boxW - pad * 2
  const top = out.height - boxH - pad * 2
  shade(out, left, top, boxW, boxH, 0.55)
  ;[...text].forEach((letter, i) => {
    const rows = glyphs[letter]
    if (!rows) return
    rows.forEach((row, gy) => {
      for (let gx = 0; gx < row.length; gx++) {
        if (row[gx] !== '#') continue
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const x = left + pad + i * advance + gx * scale + dx
            const y = top + pad + gy * scale + dy
            if (x < 0 || y < 0 || x >= out.width || y >= out.height) continue
            const o = (y * out.width + x) * 4
            out.data[o] = 255
            out.data[o + 1] = 255
            out.data[o + 2] = 255
          }
        }
      }
    })
  })
}
