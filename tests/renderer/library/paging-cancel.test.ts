import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, describe, expect, it } from 'vitest'
import type { LibraryItem } from '@shared/library'
import { useLibraryStore } from '@/stores/library'
import { installFakeLibrary, makeItems } from './fake-library'

let stop: (() => void) | undefined
afterEach(() => stop?.())

describe('the Library paging, cancelled through the pipe', () => {
  it('a new query cancels the counts and pages the old one still waits for, and their answers never land', async () => {
    let built!: () => void
    const engine = installFakeLibrary(makeItems(500), new Promise<void>((resolve) => (built = resolve)))
    setActivePinia(createPinia())
    const store = useLibraryStore()
    stop = store.start()
    store.activate()
    await flushPromises()
    const view = (): Array<{ method: string; signal?: AbortSignal }> => engine.calls.filter((c) => c.method === 'library.list' || c.method === 'library.days')
    const first = view()
    expect(first.map((c) => c.method).sort()).toEqual(['library.days', 'library.list'])
    expect(first.every((c) => c.signal && !c.signal.aborted)).toBe(true)

    store.filters.search = 'fox'
    await flushPromises()
    expect(first.every((c) => c.signal!.aborted)).toBe(true)
    const second = view().slice(first.length)
    expect(second.map((c) => c.method).sort()).toEqual(['library.days', 'library.list'])
    expect(second.every((c) => !c.signal!.aborted)).toBe(true)

    // The engine answers both queries now: only the foxes are shown.
    built()
    await flushPromises()
    expect(store.status).toBe('ready')
    expect(store.total).toBe(250)
    expect(store.pages.get(0)!.every((item: LibraryItem) => item.prompt.includes('fox'))).toBe(true)
    expect(store.problem).toBeUndefined()
  })
})
