import { defineStore } from 'pinia'
import { computed, shallowRef } from 'vue'
import type { LibraryItem } from '@shared/library'
import { COMPARE_MAX, COMPARE_MIN, useCompareStore } from './compare'

/**
 * Videos the designer picked out in the library (⌘/Ctrl-click, X, or a tile's check), in the order
 * picked: "Compare anything" (issue 17 item 4) compares 2–4 of them.
 */
export const useSelectionStore = defineStore('librarySelection', () => {
  const picked = shallowRef<ReadonlyMap<string, LibraryItem>>(new Map())
  const count = computed(() => picked.value.size)
  const comparable = computed(() => count.value >= COMPARE_MIN && count.value <= COMPARE_MAX)

  function toggle(item: LibraryItem): void {
    const next = new Map(picked.value)
    if (next.has(item.id)) next.delete(item.id)
    else next.set(item.id, item)
    picked.value = next
  }

  /** Videos deleted or moved out of the library leave the selection. */
  function forget(ids: readonly string[]): void {
    if (!ids.some((id) => picked.value.has(id))) return
    const next = new Map(picked.value)
    for (const id of ids) next.delete(id)
    picked.value = next
  }

  function clear(): void {
    picked.value = new Map()
  }

  function compare(): void {
    if (comparable.value) useCompareStore().show([...picked.value.values()])
  }

  return { picked, count, comparable, has: (id: string) => picked.value.has(id), toggle, forget, clear, compare }
})
