import { computed, type Ref } from 'vue'
import type { ImageRef } from '@shared/draft'
import { useMediaUrl } from '@/api/provide'
import { useComposerStore } from '@/stores/composer'

/** What an image is called on screen: its file name, or a link's host. */
export function nameOf(image: ImageRef): string {
  if (image.kind === 'file') return image.name
  try {
    return new URL(image.url).host
  } catch {
    return image.url
  }
}

/**
 * What a slot shows for its image: where to load the preview (the page's own blob: URL for bytes
 * it read, the input store's media URL for an image reused from the library, or the link
 * itself), the original's details, and what will be sent after fitting to the model.
 */
export function useSlotImage(ref: Ref<ImageRef | undefined>) {
  const composer = useComposerStore()
  const media = useMediaUrl()
  const src = computed(() => {
    const value = ref.value
    if (!value) return undefined
    if (value.kind === 'url') return value.url
    return composer.previews.get(value.hash) ?? media('input', value.hash)
  })
  const info = computed(() => (ref.value?.kind === 'file' ? composer.inputs.get(ref.value.hash) : undefined))
  const prepared = computed(() => (ref.value?.kind === 'file' ? composer.prepared.get(ref.value.hash) : undefined))
  const name = computed(() => (ref.value ? nameOf(ref.value) : ''))
  return { src, info, prepared, name }
}
