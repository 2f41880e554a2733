import { describe, expect, it } from 'vitest'
import { Catalog, type Model } from '../../shared/catalog'
import type { Draft, ImageRef, InputImage } from '../../shared/draft'
import { adaptDraft, checkDraft, defaultDuration, defaultResolution, promptLength } from '../../shared/rules/fields'
import { draftKeysOf } from '../../shared/rules/body-fields'
import { aspectChoices, qualitiesOf, readResolution, withAspect } from '../../shared/rules/resolutions'
import type { FieldProblems } from '../../shared/rules/problems'
import defaultCatalog from '../../electron/core/catalog/default-catalog.json'

/** The field rules both the Create form and the engine call (shared/rules/fields.ts). */
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

  const t2v = { mode: 't2v' } as const
  it.each<[string, Draft, FieldProblems]>([
    ['an unknown model', { modelId: 'nope', mode: 't2v', prompt: 'x' }, { modelId: [{ code: 'model.unknown', params: { model: 'nope' } }] }],
    ['a mode the model does not offer', { modelId: 'kestrel-v2.1', mode: 'reference', prompt: 'x' }, { mode: [{ code: 'mode.unsupported', params: { model: 'Kestrel 2.1', mode: 'reference', offered: ['t2v', 'i2v'] } }] }],
    ['a missing required image', { modelId: 'kestrel-v2.2', mode: 'i2v' }, { image: [{ code: 'image.required', params: { model: 'Kestrel 2.2', mode: 'i2v' } }] }],
    ['a missing prompt', { modelId: 'lumen-1', ...t2v, prompt: '   ' }, { prompt: [{ code: 'prompt.required', params: { model: 'Lumen 1', mode: 't2v' } }] }],
    ['too many reference images', { modelId: 'atlas-lite', mode: 'reference', prompt: 'x', references: [file(1), file(2)] }, { references: [{ code: 'references.tooMany', params: { count: 2, max: 1, model: 'Atlas Lite' } }] }],
    ['no reference image', { modelId: 'atlas-pro', mode: 'reference', prompt: 'x', references: [] }, { references: [{ code: 'references.tooFew', params: { count: 0, min: 1, max: 3, model: 'Atlas Pro' } }] }],
    ['a duration not offered', { modelId: 'kestrel-v2.1', ...t2v, prompt: 'x', duration: 10 }, { duration: [{ code: 'duration.notOffered', params: { value: 10, allowed: [5], model: 'Kestrel 2.1' } }] }],
    ['a resolution not offered', { modelId: 'kestrel-v2.1', ...t2v, prompt: 'x', resolution: '1080p' }, { resolution: [{ code: 'resolution.notOffered', params: { value: '1080p', allowed: ['1280x720', '720x1280'], model: 'Kestrel 2.1' } }] }],
    ['a prompt too long (counted in characters, not UTF-16 units)', { modelId: 'kestrel-v2.1', ...t2v, prompt: '雪'.repeat(800) + '🦊' }, { prompt: [{ code: 'prompt.tooLong', params: { length: 801, max: 800, model: 'Kestrel 2.1' } }] }],
    ['a seed where the model has none', { modelId: 'kestrel-v2.1', ...t2v, prompt: 'x', seed: 42 }, { seed: [{ code: 'seed.notTaken', params: { model: 'Kestrel 2.1' } }] }],
    ['audio where the model has none', { modelId: 'atlas-pro', ...t2v, prompt: 'x', audio: true }, { audio: [{ code: 'audio.notTaken', params: { model: 'Atlas Pro' } }] }],
    ['a first frame without a last', { modelId: 'kestrel-v2.6', mode: 'first-last', first: file(1) }, { last: [{ code: 'frame.required', params: { model: 'Kestrel 2.6', mode: 'first-last', frame: 'last' } }] }],
    ['an image in a slot the mode has no field for', { modelId: 'lumen-1-fast', ...t2v, prompt: 'x', image: file(1) }, { image: [{ code: 'field.notTaken', params: { model: 'Lumen 1 Fast', mode: 't2v', field: 'image' } }] }],
    [
      'an image outside the aspect range',
      { modelId: 'kestrel-v2.2', mode: 'i2v', image: file(5, 'strip.png') },
      { image: [{ code: 'image.badAspect', params: { slot: 'image', mode: 'i2v', name: 'strip.png', width: 1, height: 10_000, min: 0.4, max: 2.5, model: 'Kestrel 2.2' } }] },
    ],
    [
      'a reference too small to use',
      { modelId: 'lumen-1', mode: 'reference', prompt: 'x', image: file(1), references: [file(1), file(6, 'icon.png')] },
      { references: [{ code: 'image.tooSmall', params: { slot: 'reference', index: 2, name: 'icon.png', width: 100, height: 100, minSide: 128 } }] },
    ],
    ['an image no longer in the store', { modelId: 'kestrel-v2.2', mode: 'i2v', image: file(99, 'lost.png') }, { image: [{ code: 'image.gone', params: { slot: 'image', mode: 'i2v', name: 'lost.png' } }] }],
  ])('refuses %s, naming the field and saying why as data', (_label, draft, expected) => {
    expect(checkDraft(catalog.models.find((x) => x.id === draft.modelId), draft, store({ 5: [1, 10_000], 6: [100, 100] }))).toEqual(expected)
  })

  it('does not refuse an image only for being large: fitting downscales it', () => {
    expect(checkDraft(model('kestrel-v2.1'), { modelId: 'kestrel-v2.1', mode: 'i2v', image: file(1) }, store({ 1: [8000, 4500] }))).toEqual({})
  })

  it('accepts audio: false where there is no audio (the designer gets the silence they asked for)', () => {
    expect(checkDraft(model('atlas-lite'), { modelId: 'atlas-lite', mode: 't2v', prompt: 'x', audio: false })).toEqual({})
  })

  it('counts a prompt as a person does: trimmed, 汉字 and emoji once', () => {
    expect(promptLength('  汉字 🙂 ok \n')).toBe(7)
  })
})

describe('adaptDraft (what a switch of model or mode sends, and sets aside)', () => {
  it('sets aside what the new model would refuse, defaults what it must have, and the result passes the check', () => {
    const wanted: Draft = { modelId: 'kestrel-v2.1', mode: 'i2v', prompt: ' x ', image: file(1), references: [file(2)], duration: 15, resolution: '720p', seed: 1, audio: true }
    const adapted = adaptDraft(model('kestrel-v2.1'), wanted)
    expect(adapted.draft).toEqual({ modelId: 'kestrel-v2.1', mode: 'i2v', prompt: 'x', image: file(1), duration: 5, resolution: '1280x720' })
    expect(adapted.aside.sort()).toEqual(['audio', 'duration', 'resolution', 'seed'])
    // i2v has no place for reference images: they belong to Reference mode, kept for it, no loss.
    expect(adapted.kept).toEqual(['references'])
    expect(checkDraft(model('kestrel-v2.1'), adapted.draft)).toEqual({})
  })

  it('judges what is not sent against the mode in use: images of another mode are kept, never aside (issue 22 item 1)', () => {
    // First frame mode with a cropped first frame; the frames and references of the other modes still held.
    const wanted: Draft = { modelId: 'kestrel-v2.6', mode: 'i2v', prompt: 'x', image: file(9), first: file(1), last: file(2), references: [file(3)] }
    for (const id of ['kestrel-v2.6', 'lumen-1', 'atlas-pro', 'kestrel-v2.1']) {
      const adapted = adaptDraft(model(id), { ...wanted, modelId: id }, model('kestrel-v2.6')!.modes.i2v)
      expect(adapted.draft.image).toEqual(file(9))
      expect(adapted.aside).toEqual([])
      expect(adapted.kept).toEqual(['first', 'last', 'references'])
    }
    // Lumen 1's Text mode shows a starting image: a compared model without one does not get it, and says so.
    const t2v: Draft = { modelId: 'lumen-1', mode: 't2v', prompt: 'x', image: file(1), references: [file(3)] }
    expect(adaptDraft(model('atlas-pro'), { ...t2v, modelId: 'atlas-pro' }, model('lumen-1')!.modes.t2v)).toMatchObject({ aside: ['image'], kept: ['references'] })
    // The same image under Atlas Pro's own Text mode, which has no starting image: another mode's.
    expect(adaptDraft(model('atlas-pro'), { ...t2v, modelId: 'atlas-pro' })).toMatchObject({ aside: [], kept: ['image', 'references'] })
  })

  it('keeps what the model takes, and a frame carried into the other slot is in use, not aside', () => {
    const wanted: Draft = { modelId: 'kestrel-v2.6', mode: 'first-last', image: file(1), first: file(1), last: file(2), seed: 9, audio: false }
    expect(adaptDraft(model('kestrel-v2.6'), wanted)).toEqual({ draft: { modelId: 'kestrel-v2.6', mode: 'first-last', first: file(1), last: file(2), duration: 5, resolution: '1920x1080', seed: 9 }, aside: [], kept: [] })
  })

  it('sends the first reference images up to the model’s maximum and sets the rest aside, in order', () => {
    const wanted: Draft = { modelId: 'atlas-lite', mode: 'reference', prompt: 'x', references: [file(1), file(2), file(3)] }
    const adapted = adaptDraft(model('atlas-lite'), wanted)
    expect(adapted.draft.references).toEqual([file(1)])
    expect(adapted.aside).toEqual(['references'])
    expect(checkDraft(model('atlas-lite'), adapted.draft)).toEqual({})
    expect(adaptDraft(model('atlas-max'), { ...wanted, modelId: 'atlas-max' })).toMatchObject({ draft: { references: [file(1), file(2), file(3)] }, aside: [] })
  })

  it('leaves an unknown model or mode for the check to name, prompt and all', () => {
    expect(adaptDraft(undefined, { modelId: 'gone', mode: 't2v', prompt: ' hi ', seed: 3 })).toEqual({ draft: { modelId: 'gone', mode: 't2v', prompt: 'hi' }, aside: [], kept: [] })
  })
})

describe('the field a service refuses, as the Create form marks it', () => {
  it('maps each body field to its Draft key, the frames by the model’s own key names', () => {
    const firstLast = model('kestrel-v2.5').modes['first-last']
    const withAudio = model('kestrel-v2.7').modes.t2v
    const cases: Array<[string, string[]]> = [
      ['duration', ['duration']],
      ['prompt', ['prompt']],
      ['model', ['modelId']],
      ['_action', ['mode']],
      ['characterImages.2', ['references']],
      ['headtailImages.tail', ['last']],
      ['headtailImages.head', ['first']],
      ['headtailImages', ['first', 'last']],
      ['enableAudio', ['audio']],
      ['watermark', []],
    ]
    for (const [field, keys] of cases) expect(draftKeysOf(field, field === 'enableAudio' ? withAudio : firstLast), field).toEqual(keys)
  })
})

describe('defaults: the model’s best, the same for the form, the CLI and the engine', () => {
  const spec = (id: string, mode: Draft['mode'] = 't2v') => model(id).modes[mode]

  it('chooses the most pixels, landscape on a tie, and a shot of about five seconds', () => {
    expect([defaultResolution(spec('kestrel-v2.7')), defaultDuration(spec('kestrel-v2.7'))]).toEqual(['1080p', 6])
    expect([defaultResolution(spec('kestrel-v2.6')), defaultDuration(spec('kestrel-v2.6'))]).toEqual(['1920x1080', 5])
    expect([defaultResolution(spec('atlas-max')), defaultDuration(spec('atlas-max'))]).toEqual(['2560x1440', 5])
    expect([defaultResolution(spec('kestrel-v2.1')), defaultDuration(spec('kestrel-v2.1'))]).toEqual(['1280x720', 5])
    expect(adaptDraft(model('kestrel-v2.7'), { modelId: 'kestrel-v2.7', mode: 't2v', prompt: 'x' }).draft).toMatchObject({ duration: 6, resolution: '1080p' })
  })
})

describe('resolutions as a designer reads them: a frame shape and a quality', () => {
  it('reads sizes, lines and K, and names the shape', () => {
    expect(readResolution('1920x1080')).toMatchObject({ aspect: '16:9', quality: '1080p', pixels: 1920 * 1080 })
    expect(readResolution('1080×1920')).toMatchObject({ aspect: '9:16', quality: '1080p' })
    expect(readResolution('2560x1080')).toMatchObject({ aspect: '21:9', quality: '1080p' })
    expect(readResolution('1024x768')).toMatchObject({ aspect: '4:3' })
    expect(readResolution('1000x700')).toMatchObject({ aspect: '10:7' })
    expect(readResolution('720p')).toMatchObject({ aspect: undefined, quality: '720p' })
    expect(readResolution('4k')).toMatchObject({ aspect: undefined, quality: '4K' })
    expect(readResolution('standard')).toMatchObject({ aspect: undefined, quality: 'standard', pixels: 0 })
  })

  it('offers the shapes a model encodes, each with its qualities, and keeps the quality across a change of shape', () => {
    const k26 = model('kestrel-v2.6').modes.t2v
    expect(aspectChoices(k26).map((a) => a.aspect)).toEqual(['16:9', '9:16'])
    expect(qualitiesOf(k26, '9:16').map((r) => r.value)).toEqual(['720x1280', '1080x1920'])
    expect(withAspect(k26, '1280x720', '9:16')).toBe('720x1280')
    expect(withAspect(k26, undefined, '9:16')).toBe('1080x1920')
    // Atlas Max mixes sizes the model shapes itself ("720p") with two that say their shape.
    expect(aspectChoices(model('atlas-max').modes.t2v).map((a) => a.aspect)).toEqual([undefined, '9:16', '16:9'])
    expect(aspectChoices(model('lumen-1').modes.t2v).map((a) => a.aspect)).toEqual([undefined])
  })
})
