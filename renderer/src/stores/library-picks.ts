import { defineStore } from 'pinia'
import { computed, shallowRef, watch } from 'vue'
import { useLibraryStore } from './library'

/**
 * The tiles the designer has picked to export together (Ctrl/⌘-click, or a tile's Select box), in
 * the order picked. Items deleted elsewhere leave the pick; a new search keeps it.
 */
export const useLibraryPicksStore = defineStore('libraryPicks', () => {
  const library = useLibraryStore()
  const ids = shallowRef<readonly string[]>([])
  const picked = computed(() => new Set(ids.value))

  function toggle(id: string): void {
    ids.value = picked.value.has(id) ? ids.value.filter((each) => each !== id) : [...ids.value, id]
  }

  function clear(): void {
    ids.value = []
  }

  watch(
    () => library.lastChange,
    (change) => {
      if (change?.kind === 'removed') ids.value = ids.value.filter((id) => !change.ids.includes(id))
      else if (change?.kind === 'reset') clear()
    },
  )

  return { ids, picked, toggle, clear }
})
