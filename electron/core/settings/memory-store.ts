import type { SettingsStore } from '../ports'

/** Settings kept in memory: the default when a shell passes no store (tests, throwaway runs). */
export function createMemorySettingsStore(initial?: unknown): SettingsStore & { readonly writes: number } {
  let document = initial === undefined ? undefined : structuredClone(initial)
  let writes = 0
  return {
    read: () => (document === undefined ? undefined : structuredClone(document)),
    write(value) {
      document = structuredClone(value)
      writes++
    },
    get writes() {
      return writes
    },
  }
}
