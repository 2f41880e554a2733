import { ref, shallowRef } from 'vue'
import { useTimeoutFn } from '@vueuse/core'
import type { LibraryChanged } from '@shared/contract/library'
import { AppError } from '@shared/errors'
import { useEngineApi } from '@/api/provide'

export type LibraryFolder = { path: string; items: number; ready: boolean }

/**
 * The library folder as the library store keeps it (the Library screen and Settings read it
 * there): read once someone wants it, then kept current by changes that alter the count or the
 * folder (debounced) and by the answers of rescans.
 */
export function createLibraryFolder(debounceMs: number) {
  const folder = shallowRef<LibraryFolder>()
  const problem = ref<string>()
  const api = () => useEngineApi().library
  let wanted = false
  let lastRescan = 0
  const later = useTimeoutFn(() => void load(), debounceMs, { immediate: false })

  async function load(): Promise<void> {
    wanted = true
    try {
      folder.value = await api().folder()
      problem.value = undefined
    } catch (error) {
      problem.value = AppError.from(error).message
    }
  }

  /** The engine looks at the folder again; what changed arrives as `library.changed`. */
  async function rescan(): Promise<void> {
    lastRescan = Date.now()
    const info = await api()
      .rescan()
      .catch(() => undefined)
    if (info) folder.value = info
  }

  /** Items added or removed change the count; a reset may be another folder altogether. */
  function changed(change: LibraryChanged): void {
    if (change.kind === 'updated' || !wanted) return
    later.start()
  }

  return {
    folder,
    problem,
    load,
    rescan,
    changed,
    rescannedWithin: (ms: number): boolean => Date.now() - lastRescan < ms,
    stop: later.stop,
  }
}
