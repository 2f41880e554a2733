import { nextTick, reactive, ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { ImageRef } from '@shared/draft'
import { useDropZone, type DropState } from './useDropZone'
import { fromDataTransfer, fromText, isImageFile, useImageIntake, type Intake } from './useImageIntake'

/**
 * What a slot's DropZone takes pictures in through, as one object: what is dragged over it
 * (`state`), whether a picture is coming in (`busy`), and its drag, paste and file choice handlers.
 */
export interface SlotIntake {
  readonly state: DropState
  readonly busy: boolean
  readonly listeners: ReturnType<typeof useDropZone>['listeners']
  paste(event: ClipboardEvent): void
  files(event: Event): void
}

/**
 * Everything an image slot takes in: drops (files from the desktop, images and links from a
 * browser), pastes (image data or a URL), the file picker and a typed URL. `place` puts the
 * accepted images and returns how many it had no room for. `max` is how many the slot can take
 * now: images beyond it are not imported at all (a drop of ten files on a single slot brings in one).
 * The slot hands `intake` to its DropZone, and shows `problem` and the link row.
 */
export function useSlotIntake(place: (refs: ImageRef[]) => number, options: { max?: () => number; isFull?: () => boolean; fullMessage?: () => string } = {}) {
  const { t } = useI18n()
  const importer = useImageIntake()
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
    // What is not an image only says so; of the rest, as many as there is room for.
    const images = items.filter((item) => item.kind !== 'wrong')
    const room = options.max?.() ?? images.length
    const wanted = [...items.filter((item) => item.kind === 'wrong'), ...images.slice(0, room)]
    const extra = Math.max(0, images.length - room)
    busy.value = true
    try {
      const { refs, problems } = await importer.accept(wanted)
      const left = (refs.length > 0 ? place(refs) : 0) + extra
      if (left > 0) problems.push(options.fullMessage?.() ?? '')
      problem.value = problems.filter(Boolean).join(' ') || undefined
    } finally {
      busy.value = false
    }
  }

  const drop = useDropZone((dt) => void receive(fromDataTransfer(dt)))

  function onPaste(event: ClipboardEvent): void {
    const target = event.target as HTMLElement | null
    // Text typed into a field (the URL box) is the field's, not an image.
    if (target?.matches('input[type=url], input[type=text], textarea')) return
    const items = fromDataTransfer(event.clipboardData)
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
    const item = fromText(text)
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

  const intake: SlotIntake = reactive({ state: drop.state, busy, listeners: drop.listeners, paste: onPaste, files: onFiles })
  return { intake, problem, linking, url, urlInput, openLink, submitUrl }
}
