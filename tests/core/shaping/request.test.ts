import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Draft, ImageRef, InputImage } from '../../../shared/draft'
import { AppError } from '../../../shared/errors'
import { shapeAndEncode, startShaping, type ShapingWorld } from './support'

let deps: ShapingWorld['deps']
let small: InputImage
let big: InputImage
const ref = (image: InputImage): ImageRef => ({ kind: 'file', hash: image.hash, name: image.name })
const url = 'https://cdn.example.com/frame.jpg'

beforeAll(async () => {
  const world = await startShaping('reelbox-shaping-', [
    ['small.png', 640, 360],
    ['big.png', 2600, 1600, { fill: 'noise' }],
  ])
  deps = world.deps
  small = world.images[0]!
  big = world.images[1]!
})

/** The body with every image string replaced by a short marker, to compare structures exactly. */
function skeleton(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith('data:image/') ? `<data-url ${value.slice(5, value.indexOf(';'))}>` : value.length > 200 ? '<base64>' : value
  if (Array.isArray(value)) return value.map(skeleton)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, skeleton(v)]))
  return value
}

describe('buildRequest: each Kestrel version gets its own structure (§9, §2.1 rules 2–5)', () => {
  it('2.1: image as a plain base64 string, the one duration and the landscape resolution by default, no seed', async () => {
    const { body } = await shapeAndEncode(deps, { modelId: 'kestrel-v2.1', mode: 'i2v', prompt: ' a slow pan ', image: ref(small) })
    expect(skeleton(body)).toEqual({ model: 'kestrel-v2.1', _action: 'i2v', prompt: 'a slow pan', image: '<base64>', duration: 5, resolution: '1280x720' })
    const sent = await sharp(Buffer.from(body['image'] as string, 'base64')).metadata()
    expect([sent.format, sent.width, sent.height]).toEqual(['png', 640, 360])
  })

  it('2.2: image as an {imageUrl} object, seed; an optional duration and resolution get the model’s defaults, as the form would send', async () => {
    const { body } = await shapeAndEncode(deps, { modelId: 'kestrel-v2.2', mode: 'i2v', image: { kind: 'url', url }, seed: 7 })
    expect(body).toEqual({ model: 'kestrel-v2.2', _action: 'i2v', image: { imageUrl: url }, seed: 7, duration: 5, resolution: '720p' })
  })

  it('2.5: headtailImages {head, tail} as base64 strings', async () => {
    const { body } = await shapeAndEncode(deps, { modelId: 'kestrel-v2.5', mode: 'first-last', first: ref(small), last: { kind: 'url', url }, duration: 10 })
    expect(skeleton(body)).toEqual({ model: 'kestrel-v2.5', _action: 'i2v', headtailImages: { head: '<base64>', tail: url }, duration: 10, resolution: '1080p' })
  })

  it('2.6: headtailImages {firstFrame, lastFrame} as objects; reference images as objects', async () => {
    const firstLast = await shapeAndEncode(deps, { modelId: 'kestrel-v2.6', mode: 'first-last', first: ref(small), last: ref(big) })
    expect(skeleton(firstLast.body)).toEqual({
      model: 'kestrel-v2.6',
      _action: 'i2v',
      headtailImages: { firstFrame: { imageUrl: '<data-url image/png>' }, lastFrame: { imageUrl: '<data-url image/jpeg>' } },
      // The best quality, landscape: 1920×1080 before 1080×1920.
      duration: 5,
      resolution: '1920x1080',
    })
    const reference = await shapeAndEncode(deps, { modelId: 'kestrel-v2.6', mode: 'reference', prompt: 'two friends', references: [ref(small), { kind: 'url', url }] })
    expect(skeleton(reference.body)).toMatchObject({ characterImages: [{ imageUrl: '<data-url image/png>' }, { imageUrl: url }] })
  })

  it('2.7: first-last with its own _action and key, and its audio field', async () => {
    const { body } = await shapeAndEncode(deps, { modelId: 'kestrel-v2.7', mode: 'first-last', first: ref(small), last: ref(small), audio: true, duration: 12 })
    expect(skeleton(body)).toEqual({
      model: 'kestrel-v2.7',
      _action: 'flf2v',
      headtailImages: { firstFrame: { url: '<data-url image/png>' }, lastFrame: { url: '<data-url image/png>' } },
      duration: 12,
      resolution: '1080p',
      enableAudio: true,
    })
  })
})

describe('buildRequest: what is stored, and what is refused', () => {
  it('returns params and inputs with references instead of image data, safe for sidecars and the journal', async () => {
    const draft: Draft = { modelId: 'atlas-max', mode: 'reference', prompt: 'a band on stage', references: [ref(small), ref(big), { kind: 'url', url }], audio: true }
    const built = await shapeAndEncode(deps, draft)
    expect(built.model.id).toBe('atlas-max')
    expect(built.params).toEqual({
      model: 'atlas-max',
      _action: 'i2v',
      prompt: 'a band on stage',
      characterImages: [{ imageUrl: { kind: 'file', hash: small.hash, name: 'small.png' } }, { imageUrl: { kind: 'file', hash: big.hash, name: 'big.png' } }, { imageUrl: url }],
      duration: 5,
      resolution: '2560x1440',
      audio: true,
    })
    expect(JSON.stringify(built.params)).not.toMatch(/base64/)
    expect(built.inputs).toEqual([
      { role: 'characterImages.0', kind: 'file', hash: small.hash, name: 'small.png' },
      { role: 'characterImages.1', kind: 'file', hash: big.hash, name: 'big.png' },
      { role: 'characterImages.2', kind: 'url', url },
    ])
    // 12 MB of PNG is within Atlas Max's 20 MB and 16.7 megapixels: sent as it is.
    expect(built.images['characterImages.1']).toEqual({ hash: big.hash, mime: 'image/png', resized: false, width: 2600, height: 1600, bytes: big.bytes })
  })

  it('fits a big image to the model before encoding it (Kestrel 2.1: 5 MB, 1920×1080)', async () => {
    const built = await shapeAndEncode(deps, { modelId: 'kestrel-v2.1', mode: 'i2v', image: ref(big) })
    const bytes = Buffer.from(built.body['image'] as string, 'base64')
    const meta = await sharp(bytes).metadata()
    expect(meta.format).toBe('jpeg')
    expect((meta.width ?? 0) * (meta.height ?? 0)).toBeLessThanOrEqual(1920 * 1080)
    expect(bytes.byteLength).toBeLessThanOrEqual(5 * 1024 * 1024)
    expect(built.images['image']).toMatchObject({ resized: true, width: meta.width, height: meta.height, bytes: bytes.byteLength })
  })

  it('throws INVALID_INPUT with every problem by field', async () => {
    const error = await shapeAndEncode(deps, { modelId: 'atlas-lite', mode: 'reference', references: [ref(small), ref(big)], duration: 10 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('INVALID_INPUT')
    expect(Object.keys((error as AppError).fieldProblems ?? {}).sort()).toEqual(['duration', 'prompt', 'references'])
  })
})
