import { useI18n } from 'vue-i18n'
import { AppError } from '@shared/errors'
import { MAX_WEB_FILE_BYTES } from '@shared/media'
import { useEngineApi, useTransport } from '@/api/provide'
import { fileSize } from '@/format'
import { readSettingsText } from '@/media/frames'
import { useComposerStore } from '@/stores/composer'
import { useLibraryStore } from '@/stores/library'
import { useToastsStore } from '@/stores/toasts'
import { useProblemText } from './useProblemText'

/**
 * What a video dropped on Create or the Library does (issue 16 item 5). On Create, a Reelbox
 * video restores its settings (the usual partial recall: images the input store still has);
 * any other video is handed back to be offered as a first frame. On the Library, it is imported:
 * bytes from a browser, the drop's own path in the desktop app.
 */
export function useVideoDrop() {
  const { t, locale } = useI18n()
  const composer = useComposerStore()
  const library = useLibraryStore()
  const toasts = useToastsStore()
  const words = useProblemText()
  const api = () => useEngineApi()

  /** Restores a Reelbox video's settings; answers false when it has none to restore (offer a frame). */
  async function restore(file: File): Promise<boolean> {
    const text = await readSettingsText(file).catch(() => undefined)
    if (text === undefined) return false
    const recalled = await api().library.recall({ settings: text })
    if (recalled.found === 'unreadable') {
      toasts.push({ tone: 'info', title: t('clips.drop.unreadable', { name: file.name }), body: recalled.reason })
      return false
    }
    composer.useAll(recalled.draft, recalled.images)
    const missing = recalled.missing.length
    toasts.push({ tone: 'success', title: t('clips.drop.restored', { name: file.name }), ...(missing ? { body: t('clips.drop.missing', { n: missing }, missing) } : {}) })
    return true
  }

  async function importFile(file: File): Promise<void> {
    const path = useTransport().pathForFile?.(file)
    if (!path && file.size > MAX_WEB_FILE_BYTES) {
      toasts.push({ tone: 'danger', title: t('clips.drop.tooLarge', { name: file.name, max: fileSize(MAX_WEB_FILE_BYTES, locale.value) }) }, 10_000)
      return
    }
    try {
      const brought = path ? await api().library.importPath({ path }) : await api().library.import({ name: file.name || 'video.mp4', bytes: new Uint8Array(await file.arrayBuffer()) })
      const name = brought.item.fileName
      toasts.push({
        tone: brought.outcome === 'known' ? 'info' : 'success',
        title: t(`clips.drop.${brought.outcome}`, { name }),
        ...(brought.outcome === 'added' ? { body: t('clips.drop.addedHint') } : {}),
        actions: [{ label: t('clips.drop.show'), run: () => library.show(brought.item.id) }],
      })
    } catch (error) {
      toasts.push({ tone: 'danger', title: t('clips.drop.failed', { name: file.name }), body: words.error(AppError.from(error)) }, 10_000)
    }
  }

  return { restore, importFile }
}
