import { nextTick, ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { ImageRef } from '@shared/draft'
import { useDropZone } from './useDropZone'
import { isImageFile, useImageIntake, type Intake } from './useImageIntake'

/**
 * Everything an image slot takes in: drops (files from the desktop, images and links from a
 * browser), pastes (image data or a URL), the file picker and a typed URL. `place` puts the
 * accepted images and returns how many it had no room for.
 */
export function useSlotIntake(place: (refs: ImageRef[]) => number, options: { isFull?: () => boolean; fullMessage?: () => string } = {}) {
  const { t } = useI18n()
  const intake = useImageIntake()
  const busy = ref(false)
  const problem = ref<string>()

  async function receive(items: Intake[]): Promise<void> {
    problem.value = undefined
    if (items.length === 0) {
      problem.value = t('create.intake.nothing')
      return
    }
    if (options.isFull?.()) {
      problem.value = options.fullMessage?.()
      return
    }
    busy.value = true
    try {
      const { refs, problems } = await intake.accept(items)
      const left = refs.length > 0 ? place(refs) : 0
      if (left > 0) problems.push(options.fullMessage?.() ?? '')
      problem.value = problems.filter(Boolean).join(' ') || undefined
    } finally {
      busy.value = false
    }
  }

  const drop = useDropZone((dt) => void receive(intake.fromDataTransfer(dt)))

  function onPaste(event: ClipboardEvent): void {
    const target = event.target as HTMLElement | null
    // Text typed into a field (the URL box) is the field's, not an image.
    if (target?.matches('input[type=url], input[type=text], textarea')) return
    const items = intake.fromDataTransfer(event.clipboardData)
    if (items.length === 0) return
    event.preventDefault()
    event.stopPropagation()
    void receive(items)
  }

  function onFiles(event: Event): void {
    const input = event.target as HTMLInputElement
    const files = [...(input.files ?? [])]
    input.value = ''
    if (files.length) void receive(files.map((file): Intake => (isImageFile(file) ? { kind: 'file', file } : { kind: 'wrong', name: file.name })))
  }

  /** A typed or pasted URL; false (with a message) when it is not an http(s) link or inline image. */
  function addUrl(text: string): boolean {
    const item = intake.fromText(text)
    if (!item) {
      problem.value = t('create.intake.badUrl')
      return false
    }
    void receive([item])
    return true
  }

  // The slot's "link" row: open it focused, and close it once a URL was taken.
  const linking = ref(false)
  const url = ref('')
  const urlInput = ref<HTMLInputElement>()

  async function openLink(): Promise<void> {
    linking.value = true
    await nextTick()
    urlInput.value?.focus()
  }

  function submitUrl(): void {
    if (addUrl(url.value)) {
      url.value = ''
      linking.value = false
    }
  }

  return { busy, problem, dropState: drop.state, dropListeners: drop.listeners, onPaste, onFiles, addUrl, receive, linking, url, urlInput, openLink, submitUrl }
}
