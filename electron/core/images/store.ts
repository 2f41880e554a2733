import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import type { ImageFormat, ImageLimits } from '../../../shared/catalog'
import type { CropRect } from '../../../shared/contract/inputs'
import type { InputImage, PreparedImage } from '../../../shared/draft'
import { AppError, invalidInput } from '../../../shared/errors'
import { problem } from '../../../shared/rules/problems'
import { isCode, writeFileAtomic } from '../files/atomic'
import { readDroppedFile } from '../files/dropped'
import type { Logger } from '../logger'
import { FIT_VERSION, fitImage } from './fit'
import { inspectImage, MAX_INPUT_BYTES, MAX_INPUT_PIXELS } from './inspect'
import { loadSharp } from './sharp'

/**
 * The content-addressed input store (issue 3 item 6): every local image the designer uses is
 * kept once, by the sha-256 of its bytes, under `<dataDir>/inputs/<2 hex>/<hash>.<ext>`, with a
 * small JSON meta beside it, so history can show and reuse inputs offline. Images fitted to a
 * model's limits are cached under `inputs/prepared/`. Paths are only ever built from a checked
 * hash, never from anything the renderer sends.
 */

export interface InputStore {
  readonly dir: string
  import(input: { readonly name: string; readonly bytes: Uint8Array }): Promise<InputImage>
  /** A dropped file's path (Electron). Folders, devices and unreadable files are refused, path named. */
  importPath(file: string): Promise<InputImage>
  get(hash: string): Promise<InputImage | undefined>
  /** The stored original's file, for the media responder; undefined for an unknown hash. */
  pathOf(hash: string): Promise<string | undefined>
  /** What will be sent for this image under these limits (cached; no bytes). */
  fit(hash: string, limits: ImageLimits): Promise<PreparedImage>
  /** The same, with the bytes to send. */
  prepare(hash: string, limits: ImageLimits): Promise<{ prepared: PreparedImage; bytes: Buffer }>
  /**
   * A part of a stored image (in pixels of the image as displayed), stored as a new input with its
   * own hash; the original stays. Refuses a rectangle outside the image, naming `rect`.
   */
  crop(hash: string, rect: CropRect): Promise<InputImage>
}


const HASH = /^[a-f0-9]{64}$/
const extensions: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' }

const StoredMeta = z.object({ version: z.literal(1), name: z.string(), mime: z.string(), bytes: z.number().int(), width: z.number().int(), height: z.number().int() })
const StoredPrepared = z.object({
  version: z.literal(FIT_VERSION),
  /** File name inside prepared/, or null when the original is sent as is. */
  file: z.string().nullable(),
  prepared: z.object({ hash: z.string(), width: z.number().int(), height: z.number().int(), bytes: z.number().int(), mime: z.string(), resized: z.boolean() }),
})
type StoredPrepared = z.infer<typeof StoredPrepared>

export function createInputStore(options: { dataDir: string; log: Logger; maxBytes?: number }): InputStore {
  const dir = path.join(options.dataDir, 'inputs')
  const preparedDir = path.join(dir, 'prepared')
  const maxBytes = options.maxBytes ?? MAX_INPUT_BYTES
  const { log } = options
  // The Create form checks its draft on every keystroke: metadata and fitting answers stay in memory.
  const metas = new Map<string, InputImage>()
  const fits = new Map<string, Promise<StoredPrepared>>()

  const shard = (hash: string) => path.join(dir, hash.slice(0, 2))
  const metaFile = (hash: string) => path.join(shard(hash), `${hash}.json`)
  const originalFile = (hash: string, mime: string) => path.join(shard(hash), `${hash}.${extensions[mime] ?? 'bin'}`)

  async function importBytes(name: string, bytes: Uint8Array, field: string): Promise<InputImage> {
    const inspected = await inspectImage(bytes, name, field, { maxBytes, maxPixels: MAX_INPUT_PIXELS })
    const hash = createHash('sha256').update(bytes).digest('hex')
    const image: InputImage = { hash, name, mime: inspected.mime, bytes: bytes.byteLength, width: inspected.width, height: inspected.height }
    // A meta whose original went missing (a cleaned-up folder) is stored anew, not trusted.
    if (!(await get(hash)) || !(await exists(originalFile(hash, image.mime)))) {
      try {
        // Original first, meta last: the meta is what makes an input exist.
        await writeFileAtomic(originalFile(hash, image.mime), bytes)
        await writeFileAtomic(metaFile(hash), JSON.stringify({ version: 1, name, mime: image.mime, bytes: image.bytes, width: image.width, height: image.height }))
      } catch (error) {
        throw new AppError('DISK', `Could not store ${name} in ${dir}: ${error instanceof Error ? error.message : String(error)}`)
      }
      metas.set(hash, image)
      log.info('images.stored', { name, width: image.width, height: image.height, mime: image.mime, hash: hash.slice(0, 12) })
    }
    return image
  }

  async function get(hash: string): Promise<InputImage | undefined> {
    if (!HASH.test(hash)) return undefined
    const cached = metas.get(hash)
    if (cached) return cached
    let text: string
    try {
      text = await readFile(metaFile(hash), 'utf8')
    } catch (error) {
      if (isCode(error, 'ENOENT')) return undefined
      throw error
    }
    const parsed = StoredMeta.safeParse(safeJson(text))
    if (!parsed.success) return undefined
    const { version: _version, ...meta } = parsed.data
    const image: InputImage = { hash, ...meta }
    metas.set(hash, image)
    return image
  }

  async function mustGet(hash: string): Promise<InputImage> {
    const image = await get(hash)
    if (!image) throw new AppError('NOT_FOUND', `No input image ${hash.slice(0, 12)}… in the input store.`)
    return image
  }

  /** The stored original's bytes; an input whose file was removed behind our back is gone, not broken. */
  async function readOriginal(image: InputImage): Promise<Buffer> {
    return readFile(originalFile(image.hash, image.mime)).catch((error: unknown) => {
      if (!isCode(error, 'ENOENT')) throw error
      metas.delete(image.hash)
      throw new AppError('NOT_FOUND', `The input image ${image.hash.slice(0, 12)}… is no longer in the input store.`)
    })
  }

  /**
   * Crop to fit (issue 15): done here, off the page's thread, with sharp. A JPEG stays a JPEG (at a
   * quality that does not show a second generation), anything else becomes a PNG (transparency
   * kept); the name stays the designer's, with the extension of what it now is.
   */
  async function crop(hash: string, rect: CropRect): Promise<InputImage> {
    const image = await mustGet(hash)
    if (rect.left + rect.width > image.width || rect.top + rect.height > image.height) {
      throw invalidInput({ rect: [problem('image.cropOutside', { name: image.name, width: image.width, height: image.height })] })
    }
    const original = await readOriginal(image)
    const sharp = await loadSharp()
    const part = sharp(original, { autoOrient: true, failOn: 'error', limitInputPixels: false }).extract(rect)
    const jpeg = image.mime === 'image/jpeg'
    const bytes = await (jpeg ? part.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }) : part.png()).toBuffer()
    const name = image.name.replace(/(\.[a-z0-9]{1,5})?$/i, jpeg ? (/\.jpe?g$/i.test(image.name) ? '$1' : '.jpg') : '.png')
    const cropped = await importBytes(name, bytes, 'rect')
    log.info('images.cropped', { name: image.name, width: image.width, height: image.height, cropWidth: rect.width, cropHeight: rect.height, left: rect.left, top: rect.top })
    return cropped
  }

  async function fitStored(hash: string, limits: ImageLimits): Promise<StoredPrepared> {
    const key = createHash('sha256').update(`${FIT_VERSION}|${hash}|${limits.maxBytes}|${limits.maxPixels}|${limits.minSide}`).digest('hex').slice(0, 16)
    let pending = fits.get(key)
    if (!pending) {
      pending = loadOrFit(hash, key, limits)
      fits.set(key, pending)
      if (fits.size > 2000) fits.delete(fits.keys().next().value as string)
      pending.catch(() => fits.delete(key))
    }
    return pending
  }

  async function loadOrFit(hash: string, key: string, limits: ImageLimits): Promise<StoredPrepared> {
    const image = await mustGet(hash)
    const stem = path.join(preparedDir, `${hash}-${key}`)
    const known = StoredPrepared.safeParse(safeJson(await readFile(`${stem}.json`, 'utf8').catch(() => '')))
    if (known.success && (known.data.file === null || (await exists(path.join(preparedDir, known.data.file))))) return known.data
    const original = await readOriginal(image)
    const fitted = await fitImage({ bytes: original, mime: image.mime, width: image.width, height: image.height }, limits, image.name)
    const prepared: PreparedImage = { hash, width: fitted.width, height: fitted.height, bytes: fitted.size, mime: fitted.mime, resized: fitted.resized }
    let file: string | null = null
    if (fitted.bytes) {
      file = `${hash}-${key}.${fitted.mime === 'image/png' ? 'png' : 'jpg'}`
      await writeFileAtomic(path.join(preparedDir, file), fitted.bytes)
    }
    const stored: StoredPrepared = { version: FIT_VERSION, file, prepared }
    await writeFileAtomic(`${stem}.json`, JSON.stringify(stored))
    if (fitted.resized || fitted.bytes) log.debug('images.fitted', { name: image.name, width: image.width, height: image.height, fittedWidth: fitted.width, fittedHeight: fitted.height, mime: fitted.mime, bytes: fitted.size })
    return stored
  }

  return {
    dir,
    import: ({ name, bytes }) => importBytes(cleanName(name), bytes, 'bytes'),
    async importPath(file) {
      const bytes = await readDroppedFile(file, { maxBytes })
      return importBytes(cleanName(path.basename(file)), bytes, 'path')
    },
    get,
    async pathOf(hash) {
      const image = await get(hash)
      return image && originalFile(hash, image.mime)
    },
    async fit(hash, limits) {
      return (await fitStored(hash, limits)).prepared
    },
    async prepare(hash, limits) {
      const image = await mustGet(hash)
      for (let attempt = 0; ; attempt++) {
        const stored = await fitStored(hash, limits)
        try {
          const bytes = await readFile(stored.file === null ? originalFile(hash, image.mime) : path.join(preparedDir, stored.file))
          return { prepared: stored.prepared, bytes }
        } catch (error) {
          // A prepared file removed behind our back (the cache folder cleaned): fit it again, once.
          if (!isCode(error, 'ENOENT') || stored.file === null || attempt > 0) throw error
          fits.clear()
        }
      }
    },
    crop,
  }
}

/** How one image goes into the body (catalogue `ImageFormat.encoding`). */
export function encodeImage(bytes: Uint8Array, mime: string, encoding: ImageFormat['encoding']): string {
  const base64 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
  return encoding === 'data-url' ? `data:${mime};base64,${base64}` : base64
}

/** A file name for display: no folders, no control characters, not empty, not absurdly long. */
function cleanName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = path.basename(name.replaceAll('\\', '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return (base || 'image').slice(0, 255)
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  )
}
