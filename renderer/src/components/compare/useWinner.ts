import { computed, ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { LibraryItem } from '@shared/library'
import { AppError } from '@shared/errors'
import { useEngineApi } from '@/api/provide'
import { useProblemText } from '@/composables/useProblemText'
import { useCatalogStore } from '@/stores/catalog'
import { useCompareStore } from '@/stores/compare'
import { useComposerStore } from '@/stores/composer'
import { useDeletionsStore } from '@/stores/deletions'
import { useToastsStore } from '@/stores/toasts'

/**
 * Picking a winner in the compare view (issue 17 item 3): the winner is favourited and its model
 * becomes Create's model for the next draft; the rest can be tagged, or deleted in one action.
 *
 * A deletion waits with its Undo (stores/deletions.ts) before anything is moved.
 */
export function useWinner() {
  const { t } = useI18n()
  const words = useProblemText()
  const compare = useCompareStore()
  const catalog = useCatalogStore()
  const composer = useComposerStore()
  const toasts = useToastsStore()
  const deletions = useDeletionsStore()
  const api = () => useEngineApi().library
  const busy = ref(false)

  const winner = computed(() => compare.shown.find((item) => item.id === compare.winnerId))
  const rest = computed(() => compare.shown.filter((item) => item.id !== compare.winnerId))

  function failed(title: string, error: unknown): void {
    toasts.push({ tone: 'danger', title, body: words.error(AppError.from(error)) })
  }

  async function pick(item: LibraryItem): Promise<void> {
    compare.winnerId = item.id
    if (item.modelId && catalog.model(item.modelId)) composer.chooseModel(item.modelId)
    if (item.favourite) return
    try {
      compare.patch(await api().update({ id: item.id, favourite: true }))
    } catch (error) {
      failed(t('compare.winner.favouriteFailed'), error)
    }
  }

  async function tagRest(tag: string): Promise<void> {
    const word = tag.trim()
    if (!word || busy.value) return
    busy.value = true
    try {
      for (const item of rest.value) {
        if (item.tags.includes(word)) continue
        compare.patch(await api().update({ id: item.id, addTags: [word] }))
      }
      toasts.push({ tone: 'success', title: t('compare.winner.tagged', { n: rest.value.length, tag: word }, rest.value.length) })
    } catch (error) {
      failed(t('compare.winner.tagFailed'), error)
    } finally {
      busy.value = false
    }
  }

  /** The rest leave the view at once; they go to the trash when the Undo note is closed (or the next deletion starts). */
  function deleteRest(): void {
    const ids = rest.value.map((item) => item.id)
    if (ids.length === 0) return
    deletions.hold({
      ids,
      title: t('compare.winner.deleted', { n: ids.length }, ids.length),
      body: t('compare.winner.deletedHint'),
      undoLabel: t('compare.winner.undo'),
      hide: (which, on) => compare.setLeaving(which, on),
      remove: async (id) => void (await api().delete({ id })),
      failed: (error) => failed(t('library.delete.failed'), error),
    })
  }

  return { winner, rest, busy, pick, tagRest, deleteRest }
}
