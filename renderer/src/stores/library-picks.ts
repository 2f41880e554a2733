import { defineStore } from 'pinia'
import { computed, shallowRef, watch } from 'vue'
import { MAX_EXPORT } from '@shared/media'

import { useLibraryStore } from './library'

/**
 * The tiles the designer has picked to export together (Ctrl/⌘-click, or a tile's Select box), in
 * the order picked. Items deleted elsewhere leave the pick; a new search keeps it.
 */
export const useLibraryPicksStore = defineStore('libraryPicks', () => {
  const library = useLibraryStore()
  const ids = shallowRef<readonly string[]>([])
  const picked = computed(() => new Set(ids.value))

  /** Picks or unpicks; false when a pick is refused (one export takes `MAX_EXPORT`), for the grid to say so. */
  function toggle(id: string): boolean {
    if (picked.value.has(id)) ids.value = ids.value.filter((each) => each !== id)
    else if (ids.value.length < MAX_EXPORT) ids.value = [...ids.value, id]
    else return false
    return true
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
