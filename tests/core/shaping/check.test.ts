import { describe, expect, it } from 'vitest'
import { Catalog, type Model } from '../../../shared/catalog'
import type { Draft, ImageRef, InputImage } from '../../../shared/draft'
import defaultCatalog from '../../../electron/core/catalog/default-catalog.json'
import { adaptDraft, checkDraft } from '../../../electron/core/shaping/check'

const catalog = Catalog.parse(defaultCatalog)
const model = (id: string): Model => catalog.models.find((m) => m.id === id)!

const hashOf = (n: number) => n.toString(16).padStart(64, '0')
const file = (n: number, name = `img${n}.png`): ImageRef => ({ kind: 'file', hash: hashOf(n), name })
const url: ImageRef = { kind: 'url', url: 'https://cdn.example.com/cat.jpg' }
/** Input-store metadata for images 1… (1024×576 unless given). */
function store(sizes: Record<number, [number, number]> = {}): Map<string, InputImage> {
  const images = new Map<string, InputImage>()
  for (let n = 1; n <= 9; n++) {
    const [width, height] = sizes[n] ?? [1024, 576]
    images.set(hashOf(n), { hash: hashOf(n), name: `img${n}.png`, mime: 'image/png', bytes: 1000, width, height })
  }
  return images
}

describe('checkDraft', () => {
  it('accepts a complete draft for each mode', () => {
    expect(checkDraft(model('lumen-1'), { modelId: 'lumen-1', mode: 't2v', prompt: 'a fox in snow' }, store())).toEqual({})
    expect(checkDraft(model('kestrel-v2.5'), { modelId: 'kestrel-v2.5', mode: 'first-last', first: file(1), last: url, duration: 10 }, store())).toEqual({})
    expect(checkDraft(model('atlas-max'), { modelId: 'atlas-max', mode: 'reference', prompt: 'a dance', references: [file(1), file(2), url], audio: true, seed: 7 }, store())).toEqual({})
  })

  it.each<[string, string, Draft, Record<string, string[]>]>([
    ['an unknown model', 'nope', { modelId: 'nope', mode: 't2v', prompt: 'x' }, { modelId: ['no model "nope" in the catalogue'] }],
    ['a mode the model does not offer', 'kestrel-v2.1', { modelId: 'kestrel-v2.1', mode: 'reference', prompt: 'x' }, { mode: ['Kestrel 2.1 has no reference mode (it offers text-to-video, first-frame)'] }],
    ['a missing required image', 'kestrel-v2.2', { modelId: 'kestrel-v2.2', mode: 'i2v' }, { image: ['add an image: Kestrel 2.2 needs one in first-frame mode'] }],
    ['a missing prompt', 'lumen-1', { modelId: 'lumen-1', mode: 't2v', prompt: '   ' }, { prompt: ['write a prompt: Lumen 1 needs one in text-to-video mode'] }],
    ['too many reference images', 'atlas-lite', { modelId: 'atlas-lite', mode: 'reference', prompt: 'x', references: [file(1), file(2)] }, { references: ['2 reference images given; Atlas Lite takes at most 1'] }],
    ['no reference image', 'atlas-pro', { modelId: 'atlas-pro', mode: 'reference', prompt: 'x', references: [] }, { references: ['add at least 1 reference image: Atlas Pro takes 1–3'] }],
    ['a duration not offered', 'kestrel-v2.1', { modelId: 'kestrel-v2.1', mode: 't2v', prompt: 'x', duration: 10 }, { duration: ['10 s is not offered by Kestrel 2.1; choose 5 s'] }],
    ['a resolution not offered', 'kestrel-v2.1', { modelId: 'kestrel-v2.1', mode: 't2v', prompt: 'x', resolution: '1080p' }, { resolution: ['1080p is not offered by Kestrel 2.1; choose 1280x720, 720x1280'] }],
    ['a prompt too long (counted in characters, not UTF-16 units)', 'kestrel-v2.1', { modelId: 'kestrel-v2.1', mode: 't2v', prompt: '雪'.repeat(800) + '🦊' }, { prompt: ['the prompt is 801 characters; Kestrel 2.1 takes at most 800'] }],
    ['a seed where the model has none', 'kestrel-v2.1', { modelId: 'kestrel-v2.1', mode: 't2v', prompt: 'x', seed: 42 }, { seed: ['Kestrel 2.1 takes no seed, so results cannot be repeated; clear the seed'] }],
    ['audio where the model has none', 'atlas-pro', { modelId: 'atlas-pro', mode: 't2v', prompt: 'x', audio: true }, { audio: ['Atlas Pro cannot generate audio'] }],
    ['a first frame without a last', 'kestrel-v2.6', { modelId: 'kestrel-v2.6', mode: 'first-last', first: file(1) }, { last: ['add the last frame: Kestrel 2.6 needs both frames in first-and-last-frame mode'] }],
    ['an image in a slot the mode has no field for', 'lumen-1-fast', { modelId: 'lumen-1-fast', mode: 't2v', prompt: 'x', image: file(1) }, { image: ['Lumen 1 Fast takes no image in text-to-video mode'] }],
    ['an image outside the aspect range', 'kestrel-v2.2', { modelId: 'kestrel-v2.2', mode: 'i2v', image: file(5, 'strip.png') }, { image: ['the image (strip.png) is 1×10000 (width/height 0.0001); Kestrel 2.2 takes width/height between 0.4 and 2.5: crop it'] }],
    ['a reference too small to use', 'lumen-1', { modelId: 'lumen-1', mode: 'reference', prompt: 'x', image: file(1), references: [file(1), file(6, 'icon.png')] }, { references: ['reference 2 (icon.png) is 100×100; the model needs at least 128 px on each side'] }],
    ['an image no longer in the store', 'kestrel-v2.2', { modelId: 'kestrel-v2.2', mode: 'i2v', image: file(99, 'lost.png') }, { image: ['the image (lost.png) is no longer in the input store; add it again'] }],
  ])('refuses %s, naming the field', (_label, _id, draft, expected) => {
    const m = catalog.models.find((x) => x.id === draft.modelId)
    expect(checkDraft(m, draft, store({ 5: [1, 10_000], 6: [100, 100] }))).toEqual(expected)
  })

  it('does not refuse an image only for being large: fitting downscales it', () => {
    const draft: Draft = { modelId: 'kestrel-v2.1', mode: 'i2v', image: file(1) }
    expect(checkDraft(model('kestrel-v2.1'), draft, store({ 1: [8000, 4500] }))).toEqual({})
  })

  it('accepts audio: false where there is no audio (the designer gets the silence they asked for)', () => {
    expect(checkDraft(model('atlas-lite'), { modelId: 'atlas-lite', mode: 't2v', prompt: 'x', audio: false })).toEqual({})
  })
})

describe('adaptDraft (switching model or mode in the Create form)', () => {
  it('drops what the new model would refuse and says what it dropped', () => {
    const draft: Draft = { modelId: 'atlas-max', mode: 'i2v', prompt: 'x', image: file(1), references: [file(2)], duration: 15, resolution: '720p', seed: 1, audio: true }
    const adapted = adaptDraft(model('kestrel-v2.1'), draft)
    expect(adapted.draft).toEqual({ modelId: 'kestrel-v2.1', mode: 'i2v', prompt: 'x', image: file(1) })
    expect(adapted.dropped.sort()).toEqual(['audio', 'duration', 'references', 'resolution', 'seed'])
    expect(checkDraft(model('kestrel-v2.1'), adapted.draft)).toEqual({})
  })
})
