import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ImageFormat, Model } from '../../../shared/catalog'
import type { ImageRef, InputImage } from '../../../shared/draft'
import { checkDraft } from '../../../shared/rules/fields'
import { defaultCatalog as catalog } from '../../support/sandbox'
import { randomDraft, seeded } from './generate'
import { caseIndex, caseSeed, modelModes as cases, shapeAndEncode, startShaping, type ShapingWorld } from './support'

/**
 * Issue 3 item 5: over the WHOLE default catalogue, every model × every mode it offers builds a
 * body with only the fields that mode lists (plus `model` and `_action`, §2.1 rule 1), with every
 * required one, that passes checkDraft; every image in it is shaped and encoded as the catalogue
 * says and fits the model's limits.
 */
const DRAFTS_PER_MODE = 4

let deps: ShapingWorld['deps']
const images = new Map<string, InputImage>()
let files: ImageRef[] = []

beforeAll(async () => {
  // All within every default model's aspect range (0.5–2.0 is the narrowest) and minimum side.
  const world = await startShaping('reelbox-property-', [
    ['small.png', 640, 360],
    ['portrait.jpg', 360, 640, { format: 'jpeg' }],
    ['square.webp', 1024, 1024, { format: 'webp' }],
    ['photo-noise.png', 2400, 1500, { fill: 'noise' }], // ~10 MB: over most byte limits
    ['huge.png', 4300, 4000], // 17 megapixels: over every pixel limit
    ['cutout.png', 1800, 900, { alpha: true }],
    ['tall.gif', 500, 1000, { format: 'gif' }],
  ])
  deps = world.deps
  for (const image of world.images) images.set(image.hash, image)
  files = world.files
}, 60_000)

describe('every model × mode of the default catalogue', () => {
  it('covers all 10 models and every mode each offers', () => {
    expect(new Set(cases.map(([id]) => id)).size).toBe(10)
    expect(cases.length).toBe(catalog.models.reduce((n, m) => n + Object.keys(m.modes).length, 0))
  })

  it.each(cases)('%s %s: only listed fields, every required one, images fitted and shaped', { timeout: 60_000 }, async (id, mode, model) => {
    const random = seeded(caseSeed(caseIndex(id, mode)))
    const spec = model.modes[mode]!
    for (let n = 0; n < DRAFTS_PER_MODE; n++) {
      const draft = randomDraft(model, mode, random, files)
      const context = JSON.stringify(draft)
      expect(checkDraft(model, draft, images), context).toEqual({})
      const { body, params } = await shapeAndEncode(deps, draft)

      const allowed = new Set(['model', '_action', ...Object.keys(spec.fields)])
      expect(Object.keys(body).filter((key) => !allowed.has(key)), context).toEqual([])
      for (const [field, rule] of Object.entries(spec.fields)) if (rule === 'required') expect(body, context).toHaveProperty(field)
      expect(body['model']).toBe(model.id)
      expect(body['_action']).toBe(spec.action)

      if (body['duration'] !== undefined) expect(spec.durations).toContain(body['duration'])
      if (body['resolution'] !== undefined) expect(spec.resolutions).toContain(body['resolution'])
      if (draft.seed !== undefined) expect(body['seed']).toBe(draft.seed)
      if (spec.audio && draft.audio !== undefined) expect(body[spec.audio.field]).toBe(draft.audio)

      const sent: Array<[unknown, ImageRef, ImageFormat]> = []
      if (draft.image && spec.image) sent.push([body['image'], draft.image, spec.image])
      if (spec.headtailImages && draft.first && draft.last) {
        const headtail = body['headtailImages'] as Record<string, unknown>
        expect(Object.keys(headtail)).toEqual([spec.headtailImages.first, spec.headtailImages.last])
        sent.push([headtail[spec.headtailImages.first], draft.first, spec.headtailImages.format])
        sent.push([headtail[spec.headtailImages.last], draft.last, spec.headtailImages.format])
      }
      if (spec.characterImages && draft.references) {
        const list = body['characterImages'] as unknown[]
        expect(list.length).toBe(draft.references.length)
        expect(list.length).toBeGreaterThanOrEqual(spec.characterImages.min)
        expect(list.length).toBeLessThanOrEqual(spec.characterImages.max)
        draft.references.forEach((ref, i) => sent.push([list[i], ref, spec.characterImages!.format]))
      }
      for (const [value, ref, format] of sent) await expectImage(value, ref, format, model, context)

      const stored = JSON.stringify(params)
      expect(stored).not.toMatch(/base64/)
      expect(stored.length).toBeLessThan(20_000)
    }
  })
})

/** One image in the body: the catalogue's shape, its encoding, and within the model's limits. */
async function expectImage(value: unknown, ref: ImageRef, format: ImageFormat, model: Model, context: string): Promise<void> {
  let text = value
  if (format.shape === 'object') {
    expect(Object.keys(value as object), context).toEqual([format.key])
    text = (value as Record<string, unknown>)[format.key]
  }
  expect(typeof text).toBe('string')
  if (ref.kind === 'url') return void expect(text).toBe(ref.url)
  let base64 = text as string
  if (format.encoding === 'data-url') {
    const match = /^data:(image\/(?:png|jpeg));base64,(.*)$/s.exec(base64)
    expect(match, context).not.toBeNull()
    base64 = match![2]!
  }
  expect(base64).toMatch(/^[A-Za-z0-9+/]+=*$/)
  const bytes = Buffer.from(base64, 'base64')
  const meta = await sharp(bytes).metadata()
  const limits = model.imageLimits
  const original = images.get(ref.hash)!
  expect(['png', 'jpeg']).toContain(meta.format)
  expect(bytes.byteLength).toBeLessThanOrEqual(limits.maxBytes)
  expect(meta.width * meta.height).toBeLessThanOrEqual(limits.maxPixels)
  expect(Math.min(meta.width, meta.height)).toBeGreaterThanOrEqual(limits.minSide)
  expect(Math.abs(meta.width / meta.height / (original.width / original.height) - 1)).toBeLessThan(0.01)
}
