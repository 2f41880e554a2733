import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ImageLimits } from '../../../shared/catalog'
import { AppError } from '../../../shared/errors'
import { createInputStore, encodeImage, type InputStore } from '../../../electron/core/images/store'
import { createLogHub } from '../../../electron/core/logger'
import { useTempDir } from '../../support/temp'
import { cachedImage, makeImage, pngClaiming } from './fixtures'

let dir: string
let store: InputStore
const open = (maxBytes?: number) => createInputStore({ dataDir: dir, log: createLogHub(Date.now).root, ...(maxBytes ? { maxBytes } : {}) })
beforeEach(async () => {
  dir = await useTempDir('reelbox-inputs-')
  store = open()
})

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

const limits = (overrides: Partial<ImageLimits> = {}): ImageLimits => ({ maxBytes: 10 * 1024 * 1024, maxPixels: 4096 * 4096, minAspect: 0.4, maxAspect: 2.5, minSide: 64, ...overrides })

describe('input store', () => {
  it('stores an image once by the sha-256 of its bytes, with its meta, readable after a restart', async () => {
    const bytes = await makeImage(320, 200)
    const image = await store.import({ name: 'dir/../sketch.png', bytes })
    const hash = createHash('sha256').update(bytes).digest('hex')
    expect(image).toEqual({ hash, name: 'sketch.png', mime: 'image/png', bytes: bytes.byteLength, width: 320, height: 200 })
    await store.import({ name: 'same again.png', bytes })
    const files = await readdir(path.join(dir, 'inputs', hash.slice(0, 2)))
    expect(files.sort()).toEqual([`${hash}.json`, `${hash}.png`])

    const restarted = open()
    expect(await restarted.get(hash)).toEqual(image)
    const file = await restarted.pathOf(hash)
    expect(file && (await readFile(file)).equals(bytes)).toBe(true)
    expect(await restarted.pathOf('../../etc/passwd')).toBeUndefined()
    expect(await restarted.get('0'.repeat(64))).toBeUndefined()
  })

  it('reads the size of a rotated photo as it is shown (EXIF orientation)', async () => {
    const jpeg = await sharp(await makeImage(400, 200, { format: 'jpeg' })).withMetadata({ orientation: 6 }).jpeg().toBuffer()
    const image = await store.import({ name: 'phone.jpg', bytes: jpeg })
    expect([image.width, image.height]).toEqual([200, 400])
    const { bytes } = await store.prepare(image.hash, limits())
    const sent = await sharp(bytes).metadata()
    expect([sent.width, sent.height, sent.orientation ?? 1]).toEqual([200, 400, 1])
  })

  /** The decoder's own words, kept for the CLI and logs: one readable line. */
  const reason = expect.stringMatching(/^\w.{2,160}$/)
  it.each([
    ['an empty file', 'empty.png', async () => new Uint8Array(), { code: 'file.empty', params: { name: 'empty.png' } }],
    ['a text file', 'notes.png', async () => new TextEncoder().encode('Shot list:\n1. wide\n2. close-up\n'), { code: 'file.notImage', params: { name: 'notes.png', kind: 'text' } }],
    ['a PDF', 'brief.pdf', async () => new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj'), { code: 'file.notImage', params: { name: 'brief.pdf', kind: 'pdf' } }],
    ['an SVG', 'logo.svg', async () => new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), { code: 'file.notImage', params: { name: 'logo.svg', kind: 'svg' } }],
    ['random bytes', 'noise.bin', async () => Uint8Array.from({ length: 600 }, (_, i) => (i * 151 + 7) % 256), { code: 'file.notImage', params: { name: 'noise.bin' } }],
    ['a truncated PNG', 'cut.png', async () => (await makeImage(300, 300, { fill: 'noise' })).subarray(0, 5000), { code: 'file.damaged', params: { name: 'cut.png', format: 'png', reason } }],
    ['garbage behind a JPEG signature', 'fake.jpg', async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]), { code: 'file.undecodable', params: { name: 'fake.jpg', format: 'jpeg', reason } }],
    ['a header claiming 300 megapixels', 'bomb.png', async () => pngClaiming(20_000, 15_000), { code: 'file.tooManyPixels', params: { name: 'bomb.png', width: 20_000, height: 15_000, max: 200_000_000 } }],
  ])('refuses %s, naming the file and saying why as a code', async (_label, name, make, problem) => {
    const error = await refusal(store.import({ name, bytes: await make() }))
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.fieldProblems).toEqual({ bytes: [problem] })
  })

  it('refuses a file over the size cap before decoding it', async () => {
    const error = await refusal(open(4000).import({ name: 'large.png', bytes: await makeImage(100, 100, { fill: 'noise' }) }))
    expect(error.fieldProblems?.['bytes']).toEqual([{ code: 'file.tooLarge', params: { name: 'large.png', bytes: expect.any(Number), max: 4000 } }])
    expect((error.fieldProblems?.['bytes']?.[0]?.params as { bytes: number }).bytes).toBeGreaterThan(4000)
  })

  it('imports a dropped path, and refuses folders, missing files and FIFOs by path without blocking', async () => {
    const file = path.join(dir, 'drop.webp')
    await writeFile(file, await makeImage(200, 120, { format: 'webp' }))
    expect(await store.importPath(file)).toMatchObject({ name: 'drop.webp', mime: 'image/webp', width: 200, height: 120 })

    expect((await refusal(store.importPath(dir))).fieldProblems?.['path']).toEqual([{ code: 'file.folder', params: { name: dir } }])
    const missing = await refusal(store.importPath(path.join(dir, 'nope.png')))
    expect([missing.code, missing.message]).toEqual(['NOT_FOUND', `No file at ${path.join(dir, 'nope.png')}.`])
    const fifo = path.join(dir, 'pipe.png')
    execFileSync('mkfifo', [fifo])
    expect((await refusal(store.importPath(fifo))).fieldProblems?.['path']).toEqual([{ code: 'file.notRegular', params: { name: fifo } }])
  })
})

describe('crop to fit', () => {
  it('stores the part as a new input with its own hash, the original kept, a gradient cut where it was asked', async () => {
    // x is red, y is green: a crop's corner pixels say where it was cut from.
    const original = await store.import({ name: 'strip.png', bytes: await makeImage(2400, 200) })
    const cropped = await store.crop(original.hash, { left: 1200, top: 0, width: 600, height: 200 })
    expect(cropped).toMatchObject({ name: 'strip.png', mime: 'image/png', width: 600, height: 200 })
    expect(cropped.hash).not.toBe(original.hash)
    expect(await store.get(original.hash)).toEqual(original)
    const { data } = await sharp((await readFile((await store.pathOf(cropped.hash))!))).raw().toBuffer({ resolveWithObject: true })
    expect(data[0]).toBe(Math.floor((1200 / 2400) * 255))
  })

  it('crops a rotated photo as it is shown, keeps a JPEG a JPEG, and refuses a rectangle outside the image by name', async () => {
    const jpeg = await sharp(await makeImage(400, 200, { format: 'jpeg' })).withMetadata({ orientation: 6 }).jpeg().toBuffer()
    const photo = await store.import({ name: 'phone.jpeg', bytes: jpeg })
    expect([photo.width, photo.height]).toEqual([200, 400])
    const cropped = await store.crop(photo.hash, { left: 0, top: 100, width: 200, height: 200 })
    expect(cropped).toMatchObject({ name: 'phone.jpeg', mime: 'image/jpeg', width: 200, height: 200 })
    const outside = await refusal(store.crop(photo.hash, { left: 100, top: 0, width: 200, height: 100 }))
    expect(outside.code).toBe('INVALID_INPUT')
    expect(outside.fieldProblems).toEqual({ rect: [{ code: 'image.cropOutside', params: { name: 'phone.jpeg', width: 200, height: 400 } }] })
    const gif = await store.import({ name: 'loop.gif', bytes: await makeImage(300, 100, { format: 'gif' }) })
    expect(await store.crop(gif.hash, { left: 0, top: 0, width: 100, height: 100 })).toMatchObject({ name: 'loop.png', mime: 'image/png' })
    expect((await refusal(store.crop('f'.repeat(64), { left: 0, top: 0, width: 1, height: 1 }))).code).toBe('NOT_FOUND')
  })
})

describe('fitting an image to a model’s limits', () => {
  it('downscales a big photo to a JPEG within the pixel and byte limits, keeping its aspect', async () => {
    const big = await cachedImage(3000, 2000, { fill: 'noise' })
    expect(big.byteLength).toBeGreaterThan(15 * 1024 * 1024)
    const image = await store.import({ name: 'photo.png', bytes: big })
    const fitted = await store.prepare(image.hash, limits({ maxBytes: 2 * 1024 * 1024, maxPixels: 1920 * 1080 }))
    expect(fitted.prepared).toMatchObject({ hash: image.hash, mime: 'image/jpeg', resized: true })
    expect(fitted.prepared.width * fitted.prepared.height).toBeLessThanOrEqual(1920 * 1080)
    expect(fitted.bytes.byteLength).toBe(fitted.prepared.bytes)
    expect(fitted.bytes.byteLength).toBeLessThanOrEqual(2 * 1024 * 1024)
    expect(Math.abs(fitted.prepared.width / fitted.prepared.height - 1.5)).toBeLessThan(0.01)
    const meta = await sharp(fitted.bytes).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', fitted.prepared.width, fitted.prepared.height])

    // Cached on disk: a new store answers from prepared/ with the same bytes.
    expect((await readdir(path.join(dir, 'inputs', 'prepared'))).length).toBe(2)
    const again = await open().prepare(image.hash, limits({ maxBytes: 2 * 1024 * 1024, maxPixels: 1920 * 1080 }))
    expect(again.bytes.equals(fitted.bytes)).toBe(true)

    // A cleaned-up cache folder is not an error: the image is fitted again.
    await rm(path.join(dir, 'inputs', 'prepared'), { recursive: true })
    const refitted = await store.prepare(image.hash, limits({ maxBytes: 2 * 1024 * 1024, maxPixels: 1920 * 1080 }))
    expect(refitted.prepared).toEqual(fitted.prepared)
  })

  it('keeps real transparency: an alpha PNG stays a PNG with alpha', async () => {
    const image = await store.import({ name: 'cutout.png', bytes: await makeImage(1600, 1600, { alpha: true }) })
    const fitted = await store.prepare(image.hash, limits({ maxPixels: 1024 * 1024 }))
    expect(fitted.prepared).toMatchObject({ mime: 'image/png', resized: true, width: 1024, height: 1024 })
    expect((await sharp(fitted.bytes).metadata()).hasAlpha).toBe(true)
  })

  it('sends an image that already fits untouched, and turns WebP and GIF into JPEG', async () => {
    const png = await makeImage(640, 360)
    const small = await store.import({ name: 'small.png', bytes: png })
    const fitted = await store.prepare(small.hash, limits())
    expect(fitted.prepared).toEqual({ hash: small.hash, width: 640, height: 360, bytes: png.byteLength, mime: 'image/png', resized: false })
    expect(fitted.bytes.equals(png)).toBe(true)
    for (const format of ['webp', 'gif'] as const) {
      const other = await store.import({ name: `still.${format}`, bytes: await makeImage(640, 360, { format }) })
      expect(await store.fit(other.hash, limits())).toMatchObject({ mime: 'image/jpeg', width: 640, height: 360, resized: false })
    }
  })

  it('refuses an image that cannot be fitted, naming it', async () => {
    const thin = await store.import({ name: 'strip.png', bytes: await makeImage(2000, 40) })
    const error = await refusal(store.fit(thin.hash, limits({ minSide: 64 })))
    expect(error.problem).toEqual({ code: 'image.tooSmall', params: { name: 'strip.png', width: 2000, height: 40, minSide: 64 } })
  })

  it('encodes for the body as the catalogue says: data URL or raw base64', () => {
    const bytes = new Uint8Array([1, 2, 3, 250])
    expect(encodeImage(bytes, 'image/jpeg', 'data-url')).toBe('data:image/jpeg;base64,AQID+g==')
    expect(encodeImage(bytes, 'image/jpeg', 'base64')).toBe('AQID+g==')
  })
})
