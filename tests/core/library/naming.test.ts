import { describe, expect, it } from 'vitest'
import { baseNameOf, slugify } from '../../../electron/core/library/naming'

describe('readable file names', () => {
  it('slugs prompts into short, safe names, CJK kept, accents folded, reserved characters gone', () => {
    expect(slugify('A red fox: running through "fresh" snow? <at> dawn/dusk | 35mm*')).toBe('a-red-fox-running-through-fresh-snow-at-dawn')
    expect(slugify('Café crème brûlée, señor — Ångström')).toBe('cafe-creme-brulee-senor-angstrom')
    expect(slugify('一只猫在雨中奔跑，电影感，慢动作，特写镜头，黄昏的城市街道')).toBe('一只猫在雨中奔跑-电影感-慢动作')
    expect(slugify('がぎぐげご パン')).toBe('がぎぐげご-パン') // dakuten stay with their kana
    expect(slugify('🎬✨🔥')).toBe('untitled')
    expect(slugify(undefined)).toBe('untitled')
    expect(slugify('..\\..\\etc\\passwd\u0000')).toBe('etc-passwd')
    expect(slugify('x'.repeat(300))).toHaveLength(48)
    for (const prompt of ['一'.repeat(100), 'é'.repeat(100), 'word '.repeat(100)]) expect(Buffer.byteLength(slugify(prompt))).toBeLessThanOrEqual(48)
  })

  it('names a result by local date and time, prompt, model and a short id, the same every time', () => {
    const at = new Date(2025, 2, 14, 9, 5).getTime()
    const name = baseNameOf({ id: 'job7-0', prompt: 'Neon rain', modelId: 'veo-3.1', finishedAt: at })
    expect(name).toMatch(/^2025-03-14_0905_neon-rain_veo-3-1_[0-9a-f]{8}$/)
    expect(baseNameOf({ id: 'job7-0', prompt: 'Neon rain', modelId: 'veo-3.1', finishedAt: at })).toBe(name)
    expect(baseNameOf({ id: 'job7-1', prompt: 'Neon rain', modelId: 'veo-3.1', finishedAt: at })).not.toBe(name)
  })
})
