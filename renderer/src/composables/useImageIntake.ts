import { useI18n } from 'vue-i18n'
import type { ImageRef, InputImage } from '@shared/draft'
import { AppError } from '@shared/errors'
import { MAX_WEB_FILE_BYTES } from '@shared/media'
import { useEngineApi, useTransport } from '@/api/provide'
import { useComposerStore } from '@/stores/composer'
import { useProblemText } from './useProblemText'

/** Something dropped, pasted, picked or typed that may become an image in a slot. */
export type Intake =
  | { kind: 'file'; file: File }
  | { kind: 'url'; url: string }
  /** A picture dragged out of a web page whose source is inline (`data:image/…`). */
  | { kind: 'inline'; name: string; bytes: Uint8Array<ArrayBuffer> }
  | { kind: 'wrong'; name: string }

/** An image ready for a slot, or why not (naming the file). */
type Taken =
  | { ok: true; ref: ImageRef; image?: InputImage; preview?: string }
  | { ok: false; reason: 'not-image' | 'too-large'; name: string }
  | { ok: false; reason: 'refused'; error: AppError }

const HTTP_URL = /^https?:\/\/\S+$/i

/** A file that is clearly no image (a PDF, a video); the engine judges the rest by their bytes. */
export function isImageFile(file: { name: string; type: string }): boolean {
  if (file.type) return file.type.startsWith('image/')
  return /\.(png|jpe?g|webp|gif|avif|heic|bmp|tiff?)$/i.test(file.name)
}

/**
 * While something is dragged over a slot: does it hold files, and is any of them not an image?
 * (Browsers show only the kinds and types of dragged items until the drop.)
 */
export function dragKind(dt: DataTransfer | null): 'files' | 'wrong' | 'link' | 'none' {
  if (!dt) return 'none'
  const items = [...dt.items]
  const files = items.filter((item) => item.kind === 'file')
  if (files.some((item) => item.type !== '' && !item.type.startsWith('image/'))) return 'wrong'
  if (files.length > 0 || dt.types.includes('Files')) return 'files'
  if (dt.types.includes('text/uri-list') || dt.types.includes('text/html')) return 'link'
  return 'none'
}

function inlineImage(src: string): Intake | undefined {
  const match = /^data:(image\/[a-z0-9.+-]+);base64,([a-z0-9+/=\s]+)$/i.exec(src)
  if (!match) return undefined
  const binary = atob(match[2]!.replace(/\s/g, ''))
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
  return { kind: 'inline', name: `image.${match[1]!.split('/')[1]!.replace('jpeg', 'jpg').replace(/\+.*$/, '')}`, bytes }
}

/** A URL or inline image from a string; undefined when the text is not one. */
export function fromText(text: string): Intake | undefined {
  const value = text.trim()
  if (value.startsWith('data:')) return inlineImage(value)
  return HTTP_URL.test(value) ? { kind: 'url', url: value } : undefined
}

/**
 * What a drop or paste carries: files from the desktop first; else an image dragged from a
 * browser (`text/html`'s <img src>, the picture itself, before `text/uri-list`, which may be
 * the page it links to); else a link or a pasted URL.
 */
export function fromDataTransfer(dt: DataTransfer | null): Intake[] {
  if (!dt) return []
  const files = [...dt.files]
  if (files.length > 0) return files.map((file) => (isImageFile(file) ? { kind: 'file', file } : { kind: 'wrong', name: file.name || file.type }))
  const html = dt.getData('text/html')
  const src = html ? new DOMParser().parseFromString(html, 'text/html').querySelector('img')?.getAttribute('src') : undefined
  const uris = dt
    .getData('text/uri-list')
    .split(/\r?\n/)
    .filter((line) => line && !line.startsWith('#'))
  for (const candidate of [src, ...uris, dt.getData('text/plain')]) {
    const intake = candidate ? fromText(candidate) : undefined
    if (intake) return [intake]
  }
  return []
}

/** Brings an image into the input store once (by content hash) and makes a slot reference for it. */
async function take(intake: Intake): Promise<Taken> {
  if (intake.kind === 'wrong') return { ok: false, reason: 'not-image', name: intake.name }
  if (intake.kind === 'url') return { ok: true, ref: { kind: 'url', url: intake.url } }
  const api = useEngineApi()
  try {
    let image: InputImage
    let preview: string | undefined
    if (intake.kind === 'inline') {
      image = await api.inputs.import({ name: intake.name, bytes: intake.bytes })
    } else {
      const file = intake.file
      preview = URL.createObjectURL(file)
      const path = useTransport().pathForFile?.(file)
      if (path) image = await api.inputs.importPath({ path })
      else if (file.size > MAX_WEB_FILE_BYTES) return { ok: false, reason: 'too-large', name: file.name }
      else image = await api.inputs.import({ name: file.name || 'image', bytes: new Uint8Array(await file.arrayBuffer()) })
    }
    return { ok: true, ref: { kind: 'file', hash: image.hash, name: image.name }, image, ...(preview && { preview }) }
  } catch (error) {
    return { ok: false, reason: 'refused', error: AppError.from(error) }
  }
}

/**
 * Takes dropped, pasted, picked or typed images for the Create form: imports local ones once,
 * remembers their details and previews in the composer, and says in words what it refused.
 */
export function useImageIntake() {
  const { t } = useI18n()
  const composer = useComposerStore()
  const words = useProblemText()

  function problem(taken: Exclude<Taken, { ok: true }>): string {
    if (taken.reason === 'refused') return words.error(taken.error)
    return taken.reason === 'not-image' ? t('create.intake.notImage', { name: taken.name }) : t('create.intake.tooLarge', { name: taken.name })
  }

  async function accept(intakes: readonly Intake[]): Promise<{ refs: ImageRef[]; problems: string[] }> {
    const results = await Promise.all(intakes.map(take))
    const refs: ImageRef[] = []
    const problems: string[] = []
    for (const taken of results) {
      if (!taken.ok) {
        problems.push(problem(taken))
        continue
      }
      if (taken.image) composer.remember([taken.image], taken.preview ? { hash: taken.image.hash, url: taken.preview } : undefined)
      refs.push(taken.ref)
    }
    return { refs, problems }
  }

  return { accept }
}
