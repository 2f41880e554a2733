import { ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { Draft } from '@shared/draft'
import { AppError } from '@shared/errors'
import { frameName } from '@shared/media'
import { useEngineApi, useMediaUrl } from '@/api/provide'
import { captureFrame, type VideoInput } from '@/media/frames'
import { useComposerStore } from '@/stores/composer'
import { useToastsStore } from '@/stores/toasts'
import { useProblemText } from './useProblemText'


/**
 * Takes a frame of a video as a new draft's first frame (issue 16 items 1 and 5): captured at
 * full resolution in the page (media/frames.ts), stored once in the input store like a dropped
 * image (the engine fits it to the model as usual), then handed to the Create form. Works offline.
 */
export function useContinue() {
  const { t } = useI18n()
  const composer = useComposerStore()
  const toasts = useToastsStore()
  const words = useProblemText()
  const busy = ref(false)

  async function start(source: VideoInput, at: number | 'last', name: string, then: (frame: Awaited<ReturnType<typeof importFrame>>) => void, itemId?: string): Promise<boolean> {
    if (busy.value) return false
    busy.value = true
    try {
      then(await importFrame(source, at, name).catch((error: unknown) => lastFrameByEngine(error, at, itemId)))
      return true
    } catch (error) {
      const appError = AppError.from(error)
      toasts.push({ tone: 'danger', title: t('clips.continue.failed'), body: appError.code === 'INTERNAL' ? appError.message : words.error(appError) })
      return false
    } finally {
      busy.value = false
    }
  }

  async function importFrame(source: VideoInput, at: number | 'last', name: string) {
    const frame = await captureFrame(source, at)
    const image = await useEngineApi().inputs.import({ name: frameName(name, frame.atSeconds), bytes: new Uint8Array(await frame.blob.arrayBuffer()) })
    return { image, atSeconds: frame.atSeconds }
  }

  /**
   * The page's WebCodecs does not read every codec (HEVC in many Chromium builds): a library
   * item's last frame is then the engine's (its own decoder, then the system's ffmpeg), whose
   * refusal names the codec and what to do.
   */
  async function lastFrameByEngine(error: unknown, at: number | 'last', itemId: string | undefined) {
    if (at !== 'last' || itemId === undefined) throw error
    return useEngineApi().library.lastFrame({ id: itemId })
  }

  /** Continue a library item from its last frame, or the frame at `at` seconds (the playhead). */
  async function fromItem(itemId: string, at: number | 'last' = 'last'): Promise<boolean> {
    const api = useEngineApi()
    const detail = await api.library.get({ id: itemId }).catch(() => undefined)
    if (!detail) return false
    const source: Draft = detail.sidecar?.draft ?? { modelId: '', mode: 'i2v' }
    return start(useMediaUrl()('video', itemId), at, detail.item.fileName, ({ image, atSeconds }) => composer.continueFrom(source, image, { itemId, atSeconds }), itemId)
  }

  /** A dropped video without Reelbox settings: its frame becomes the first frame, no lineage. */
  async function fromFile(file: File, at: number | 'last'): Promise<boolean> {
    return start(file, at, file.name || 'video', ({ image }) => composer.startFrom(image))
  }

  return { busy, fromItem, fromFile }
}
