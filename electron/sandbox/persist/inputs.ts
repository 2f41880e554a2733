import { createHash } from 'node:crypto'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { RenderImage } from '../render'
import type { AcceptedImage } from '../validate'
import { writeAtomic } from './atomic'
import type { StoredImage } from './schema'

const extensions = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/tiff': 'tiff',
} as const satisfies Record<string, string>

/**
 * Input images of tasks, decoded, as `<stateDir>/inputs/<sha256>.<ext>`: a task whose render had
 * not finished before a restart renders again from them. Named by content, so the same picture in
 * many requests is one file, written once.
 */
export class InputFolder {
  private readonly writing = new Map<string, Promise<void>>()

  constructor(readonly dir: string) {}

  /** Saves the images (durably, before the task that needs them is) and says how to find them. */
  async save(images: readonly AcceptedImage[]): Promise<StoredImage[]> {
    return Promise.all(
      images.map(async ({ path: where, value }): Promise<StoredImage> => {
        if (value.kind === 'url') return { path: where, url: value.url }
        const sha256 = createHash('sha256').update(value.bytes).digest('hex')
        const file = `${sha256}.${extensions[value.mime as keyof typeof extensions] ?? 'img'}`
        await this.write(file, value.bytes)
        return { path: where, file, mime: value.mime }
      }),
    )
  }

  /** The images for the renderer, or (it cannot render) the request's name of the first one gone. */
  async restore(images: readonly StoredImage[]): Promise<{ images: RenderImage[] } | { missing: string }> {
    const out: RenderImage[] = []
    for (const image of images) {
      if ('url' in image) {
        out.push({ kind: 'url', url: image.url })
        continue
      }
      const file = path.join(this.dir, image.file)
      if (!(await stat(file).catch(() => undefined))?.isFile()) return { missing: image.path }
      out.push({ kind: 'file', path: file, sha256: image.file.slice(0, 64) })
    }
    return { images: out }
  }

  private write(file: string, bytes: Buffer): Promise<void> {
    let done = this.writing.get(file)
    if (!done) {
      const target = path.join(this.dir, file)
      done = stat(target).then(
        () => undefined,
        () => writeAtomic(target, bytes),
      )
      this.writing.set(file, done)
      // Once on disk the file stays; a failed write may be tried again by the next request.
      done.catch(() => this.writing.delete(file))
    }
    return done
  }
}
