import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { LibraryChanged } from '@shared/contract/library'
import type { LibraryItem } from '@shared/library'
import { useEngineApi } from '@/api/provide'
import { useLibraryStore } from './library'

/** The compare view shows two to four clips at once (issue 17 item 2). */
export const COMPARE_MIN = 2
export const COMPARE_MAX = 4

/**
 * What the compare view shows: 2–4 library items (a batch's results, or any the designer
 * selected), which one is the winner, and which are on their way to the trash (hidden while the
 * Undo lasts; see components/compare/useWinner.ts).
 */
export const useCompareStore = defineStore('compare', () => {
  const items = shallowRef<LibraryItem[]>([])
  const winnerId = ref<string>()
  /** Items whose deletion waits for its Undo to run out: not shown. */
  const leaving = ref<ReadonlySet<string>>(new Set())
  const open = computed(() => items.value.length > 0)
  const shown = computed(() => items.value.filter((item) => !leaving.value.has(item.id)))

  function show(list: readonly LibraryItem[]): void {
    items.value = list.slice(0, COMPARE_MAX)
    winnerId.value = undefined
    leaving.value = new Set()
  }

  /** Compare these library items (a batch's, by id): fetched, those gone left out. */
  async function showIds(ids: readonly string[]): Promise<number> {
    const api = useEngineApi().library
    const found = await Promise.all(ids.slice(0, COMPARE_MAX).map((id) => api.get({ id }).then((d) => d.item, () => undefined)))
    const list = found.filter((item): item is LibraryItem => !!item)
    if (list.length >= COMPARE_MIN) show(list)
    return list.length
  }

  function close(): void {
    items.value = []
    winnerId.value = undefined
  }

  /** An item as the engine now has it (a favourite set, tags added). */
  function patch(item: LibraryItem): void {
    items.value = items.value.map((x) => (x.id === item.id ? item : x))
    useLibraryStore().patchItem(item)
  }

  function setLeaving(ids: readonly string[], on: boolean): void {
    const next = new Set(leaving.value)
    for (const id of ids) {
      if (on) next.add(id)
      else next.delete(id)
    }
    leaving.value = next
  }

  /** An item deleted elsewhere (the library, a terminal) leaves the view too. */
  function changed(change: LibraryChanged): void {
    if (change.kind !== 'removed' || !open.value) return
    items.value = items.value.filter((item) => !change.ids.includes(item.id))
    if (items.value.length === 0) close()
  }

  function start(): () => void {
    return useEngineApi().on('library.changed', changed)
  }

  return { items, shown, winnerId, leaving, open, show, showIds, close, patch, setLeaving, start }
})
