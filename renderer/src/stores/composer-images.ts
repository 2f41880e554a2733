import { shallowRef } from 'vue'
import type { ImageRef, InputImage } from '@shared/draft'

/**
 * The Create form's local images, by content hash: their details (size, pixels) from the input
 * store, and the blob: previews of the bytes the page read itself. A slot without a preview shows
 * the input store's copy.
 */
export function createImageCache() {
  const inputs = shallowRef(new Map<string, InputImage>())
  const previews = shallowRef(new Map<string, string>())

  /** Keeps an imported image's details (and its blob: preview, when the page has the bytes). */
  function remember(images: readonly InputImage[], preview?: { hash: string; url: string }): void {
    const next = new Map(inputs.value)
    for (const image of images) next.set(image.hash, image)
    inputs.value = next
    if (!preview) return
    if (previews.value.has(preview.hash)) URL.revokeObjectURL(preview.url)
    else previews.value = new Map(previews.value).set(preview.hash, preview.url)
  }

  /** Lets go of the previews of images none of `held` shows any more. */
  function keepPreviewsOf(held: ReadonlyArray<ImageRef | undefined>): void {
    const hashes = new Set(held.flatMap((ref) => (ref?.kind === 'file' ? [ref.hash] : [])))
    const unused = [...previews.value].filter(([hash]) => !hashes.has(hash))
    if (unused.length === 0) return
    unused.forEach(([, url]) => URL.revokeObjectURL(url))
    previews.value = new Map([...previews.value].filter(([hash]) => hashes.has(hash)))
  }

  return { inputs, previews, remember, keepPreviewsOf }
}
