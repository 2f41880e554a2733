import { defineStore } from 'pinia'
import { useDebounceFn, useEventListener, watchDebounced } from '@vueuse/core'
import { computed, reactive, ref, shallowRef, watch } from 'vue'
import type { LibraryChanged, LibraryFacets, LibraryIndexing } from '@shared/contract/library'
import type { LibraryDays } from '@shared/contract/library-view'
import type { LibraryItem } from '@shared/library'
import { AppError } from '@shared/errors'
import { useEngineApi } from '@/api/provide'
import { createLibraryFolder } from './library-folder'
import { buildQuery, emptyFilters, filterCount, isFiltered, type LibraryFilters, type ViewQuery } from './library-query'
import { useNavStore } from './nav'

export const PAGE_SIZE = 100
/** Pages kept in memory (4,000 tiles); the farthest from the view go first. */
const KEEP_PAGES = 40
const SEARCH_DEBOUNCE_MS = 200
/** Changes in a burst (posters drawn, a batch finishing) make one refresh. */
const CHANGE_DEBOUNCE_MS = 120
/** Coming back to the window looks at the folder again, at most this often. */
const RESCAN_EVERY_MS = 30_000

export type DayCount = LibraryDays['days'][number]
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

/**
 * The Library screen's data: the filters, the query they make, per-day counts (the grid's
 * layout) and pages of 100 items fetched by offset as rows come into view. Live: every
 * `library.changed` refreshes what is in view, keeping the item at the top of the view in place.
 */
export const useLibraryStore = defineStore('library', () => {
  const nav = useNavStore()
  const filters = reactive<LibraryFilters>(emptyFilters())
  /** What is typed in the search box; it becomes `filters.search` after a short pause. */
  const searchInput = ref('')
  const facets = shallowRef<LibraryFacets>()
  const days = shallowRef<DayCount[]>([])
  const total = ref(0)
  const pages = shallowRef(new Map<number, LibraryItem[]>())
  const status = ref<LoadStatus>('idle')
  /** Why the library could not be read (LibraryState words it). */
  const problem = shallowRef<AppError>()
  /** Where the library is and how many items it holds: the Library screen and Settings show it. */
  const libraryFolder = createLibraryFolder(CHANGE_DEBOUNCE_MS)
  /** Set with a refresh that moved the item at the top of the view: from index → to index. */
  const shift = shallowRef<{ from: number; to: number }>()
  const lastChange = shallowRef<LibraryChanged>()
  /** The engine is building the index from the sidecars (first start after an update): how far. */
  const indexing = shallowRef<LibraryIndexing>()

  const query = computed<ViewQuery>(() => buildQuery(filters, facets.value))
  // Watched instead of `query`: a new facets object must not reload an unchanged query.
  const queryKey = computed(() => JSON.stringify(query.value))
  const filtered = computed(() => isFiltered(filters))
  const activeFilters = computed(() => filterCount(filters))
  /** The library itself has nothing (not just this query). */
  const empty = computed(() => status.value === 'ready' && total.value === 0 && (!filtered.value || facets.value?.total === 0))

  const api = () => useEngineApi().library
  /**
   * The view's calls (its counts and pages) share one AbortController: a new query or a refresh
   * cancels what the old one still has in flight, in the engine too, and what was cancelled
   * never lands. `signal.aborted` is also how an answer knows it is stale.
   */
  let view = new AbortController()
  function newView(): AbortSignal {
    view.abort()
    view = new AbortController()
    return view.signal
  }
  let visible = { start: 0, end: 0 }
  const inflight = new Map<number, Promise<LibraryItem[] | undefined>>()

  function itemAt(index: number): LibraryItem | undefined {
    return pages.value.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE]
  }

  function keepNear(map: Map<number, LibraryItem[]>): Map<number, LibraryItem[]> {
    if (map.size <= KEEP_PAGES) return map
    const centre = Math.floor((visible.start + visible.end) / 2 / PAGE_SIZE)
    const far = [...map.keys()].sort((a, b) => Math.abs(b - centre) - Math.abs(a - centre))
    for (const n of far.slice(0, map.size - KEEP_PAGES)) map.delete(n)
    return map
  }

  async function fetchPage(n: number, q: ViewQuery, signal: AbortSignal): Promise<LibraryItem[]> {
    return (await api().list({ ...q, offset: n * PAGE_SIZE, limit: PAGE_SIZE }, { signal })).items
  }

  /** Loads page `n` of the current query once (concurrent asks share the request). */
  function loadPage(n: number): Promise<LibraryItem[] | undefined> {
    const known = pages.value.get(n)
    if (known) return Promise.resolve(known)
    const pending = inflight.get(n)
    if (pending) return pending
    const signal = view.signal
    const run = fetchPage(n, query.value, signal)
      .then((items) => {
        if (signal.aborted) return undefined
        pages.value = keepNear(new Map(pages.value).set(n, items))
        return items
      })
      .catch((error: unknown) => {
        if (!signal.aborted) problem.value = AppError.from(error)
        return undefined
      })
      .finally(() => {
        if (inflight.get(n) === run) inflight.delete(n)
      })
    inflight.set(n, run)
    return run
  }

  /** The grid shows items [start, end): their pages (and the next one) load if they are not here. */
  function need(start: number, end: number): void {
    visible = { start, end }
    if (status.value !== 'ready' || total.value === 0) return
    const first = Math.max(0, Math.floor(start / PAGE_SIZE))
    const last = Math.min(Math.floor((total.value - 1) / PAGE_SIZE), Math.floor(Math.max(start, end) / PAGE_SIZE) + 1)
    for (let n = first; n <= last; n++) void loadPage(n)
  }

  async function loadFacets(): Promise<void> {
    try {
      facets.value = await api().facets()
    } catch {
      // The grid's own load reports the problem; the filter menu just has fewer choices.
    }
  }

  /** A new query: counts per day and the first page, then the grid asks for more. */
  async function reload(): Promise<void> {
    const signal = newView()
    const q = query.value
    inflight.clear()
    if (status.value !== 'ready') status.value = 'loading'
    try {
      const [counted, first] = await Promise.all([api().days(q, { signal }), fetchPage(0, q, signal)])
      if (signal.aborted) return
      shift.value = undefined
      days.value = counted.days
      total.value = counted.total
      pages.value = new Map([[0, first]])
      problem.value = undefined
      status.value = 'ready'
    } catch (error) {
      if (signal.aborted) return
      problem.value = AppError.from(error)
      status.value = 'error'
      void libraryFolder.load()
    }
  }

  /** "Try again" on the error screen: the engine looks at the folder again, then the grid reloads. */
  async function retry(): Promise<void> {
    await libraryFolder.rescan()
    await reload()
  }

  /**
   * After a change: the same query again, keeping the item at the top of the view where it is
   * (the grid moves its scroll position by `shift`). Old pages stay on screen until the new ones
   * are here, so nothing flickers to skeletons.
   */
  async function refreshInPlace(): Promise<void> {
    if (status.value !== 'ready') return reload()
    const signal = newView()
    const q = query.value
    inflight.clear()
    const anchor = visible.start
    const anchorId = itemAt(anchor)?.id
    try {
      const [counted, located] = await Promise.all([api().days(q, { signal }), anchorId ? api().locate({ id: anchorId, query: q }, { signal }) : undefined])
      if (signal.aborted) return
      const delta = located && located.index >= 0 ? located.index - anchor : 0
      const from = Math.max(0, Math.floor((visible.start + delta) / PAGE_SIZE))
      const to = Math.min(Math.floor((counted.total - 1) / PAGE_SIZE), Math.floor((visible.end + delta) / PAGE_SIZE))
      const numbers = Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i)
      const loaded = await Promise.all(numbers.map(async (n) => [n, await fetchPage(n, q, signal)] as const))
      if (signal.aborted) return
      shift.value = delta !== 0 ? { from: anchor, to: anchor + delta } : undefined
      days.value = counted.days
      total.value = counted.total
      pages.value = new Map(loaded)
      problem.value = undefined
    } catch (error) {
      if (!signal.aborted) problem.value = AppError.from(error)
    }
  }

  /** Puts a changed item where the grid has it (an edit from the detail, a drawn poster). */
  function patchItem(item: LibraryItem): void {
    for (const [n, list] of pages.value) {
      const at = list.findIndex((x) => x.id === item.id)
      if (at < 0) continue
      const copy = [...list]
      copy[at] = item
      pages.value = new Map(pages.value).set(n, copy)
      return
    }
  }

  /**
   * The item `step` places from `id` in the current order (the detail's arrow keys). `known` is
   * where the caller already knows `id` sits, which saves asking the engine.
   */
  async function neighbour(id: string, step: number, known?: { index: number; total: number }): Promise<{ id: string; index: number } | undefined> {
    const { index, total: count } = known ?? (await api().locate({ id, query: query.value }))
    const next = index < 0 ? -1 : index + step
    if (next < 0 || next >= count) return undefined
    const item = itemAt(next) ?? (await loadPage(Math.floor(next / PAGE_SIZE)))?.[next % PAGE_SIZE]
    return item && { id: item.id, index: next }
  }

  // --- the detail's place in the URL: #/library?item=<id> ------------------------------------

  /**
   * The item open in the detail: the route's `item` on the Library screen, so a reload, a pasted
   * address or Back/Forward open it; leaving the screen closes it, coming back shows the grid.
   * Opening, moving and closing stay one step in history (Back leaves the Library).
   */
  const selectedId = computed(() => {
    const item = nav.screen === 'library' ? nav.route.query.item : undefined
    return typeof item === 'string' && item ? item : undefined
  })

  function openItem(id: string): void {
    nav.navigate({ name: 'library', query: { item: id } }, 'replace')
  }

  function closeItem(): void {
    nav.navigate({ name: 'library' }, 'replace')
  }

  /** Goes to the Library with this item open (from a Create card, a queue row, a notification). */
  function show(id: string | undefined): void {
    nav.navigate({ name: 'library', query: id ? { item: id } : {} })
  }

  function clearFilters(): void {
    Object.assign(filters, emptyFilters(), { sort: filters.sort })
    searchInput.value = ''
  }

  let started = false
  let activated = false

  /** Loads on first show (the library is never needed before the designer opens it). */
  function activate(): void {
    if (activated) return
    activated = true
    void libraryFolder.load()
    void loadFacets()
    void reload()
  }

  function start(): () => void {
    if (started) return () => undefined
    started = true
    let live = true
    // Changes in a burst make one refresh (and none once stopped).
    const refreshSoon = useDebounceFn(() => {
      if (!live) return
      void refreshInPlace()
      void loadFacets()
    }, CHANGE_DEBOUNCE_MS)
    const onChanged = (change: LibraryChanged): void => {
      lastChange.value = change
      libraryFolder.changed(change)
      if (activated) void refreshSoon()
    }
    const stops = [
      useEngineApi().on('library.changed', onChanged),
      useEngineApi().on('library.indexing', (progress) => (indexing.value = progress.phase === 'indexing' ? progress : undefined)),
      watch(queryKey, () => activated && void reload()),
      watchDebounced(searchInput, (text) => (filters.search = text), { debounce: SEARCH_DEBOUNCE_MS }),
      // Back from the file manager or the terminal: pick up what was added or removed by hand,
      // once the designer has looked at the library, and not on every switch between windows.
      useEventListener(window, 'focus', () => void (activated && !libraryFolder.rescannedWithin(RESCAN_EVERY_MS) && libraryFolder.rescan())),
    ]
    return () => {
      live = false
      view.abort()
      libraryFolder.stop()
      stops.forEach((stop) => stop())
    }
  }

  /** What changed while the engine could not tell us (it was away): read again, if the library was looked at. */
  async function catchUp(): Promise<void> {
    if (activated) await Promise.all([refreshInPlace(), loadFacets()])
  }

  return {
    catchUp,
    filters,
    searchInput,
    facets,
    days,
    total,
    pages,
    status,
    problem,
    folder: libraryFolder.folder,
    folderProblem: libraryFolder.problem,
    shift,
    lastChange,
    indexing,
    selectedId,
    query,
    queryKey,
    filtered,
    activeFilters,
    empty,
    itemAt,
    need,
    retry,
    loadFolder: libraryFolder.load,
    patchItem,
    neighbour,
    openItem,
    closeItem,
    show,
    clearFilters,
    applySearchNow: () => (filters.search = searchInput.value),
    activate,
    start,
  }
})
