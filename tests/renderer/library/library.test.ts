import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import type { LibraryQuery } from '@shared/library'
import { createAppI18n } from '@/i18n'
import { useLibraryStore } from '@/stores/library'
import LibraryView from '@/views/LibraryView.vue'
import { installFakeLibrary, makeItems } from './fake-library'

// happy-dom has no layout: the grid's scroller gets a desktop-sized box.
beforeAll(() => {
  const size = (value: number) => ({ configurable: true, get(this: HTMLElement) { return this.classList?.contains('scroller') ? value : 0 } })
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', size(1280))
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', size(800))
})

let stops: Array<() => void> = []
beforeEach(() => window.history.replaceState(null, '', '#/library'))
afterEach(() => {
  stops.forEach((stop) => stop())
  stops = []
  document.body.innerHTML = ''
})

async function open(count: number, items = makeItems(count)) {
  const engine = installFakeLibrary(items)
  const pinia = createPinia()
  setActivePinia(pinia)
  const store = useLibraryStore()
  stops.push(store.start())
  const wrapper = mount(LibraryView, { attachTo: document.body, global: { plugins: [pinia, createAppI18n('en', { strict: true })] } })
  await flushPromises()
  const lists = () => engine.calls.filter((c) => c.method === 'library.list').map((c) => c.input as LibraryQuery & { offset: number })
  return { engine, store, wrapper, lists }
}

async function scrollTo(wrapper: Awaited<ReturnType<typeof open>>['wrapper'], top: number): Promise<void> {
  const scroller = wrapper.find('[data-testid=library-grid]').element as HTMLElement
  scroller.scrollTop = top
  scroller.dispatchEvent(new Event('scroll'))
}

describe('the library grid', () => {
  it('keeps only the rows in view in the DOM, the same at 100,000 items as at 1,000', async () => {
    const small = await open(1_000)
    const smallTiles = small.wrapper.findAll('[data-testid=library-tile]').length
    const smallNodes = document.body.querySelectorAll('*').length
    small.wrapper.unmount()

    const big = await open(100_000)
    const tiles = big.wrapper.findAll('[data-testid=library-tile]')
    // 5 columns at 1280 px; 800 px of rows plus one row of overscan each side.
    expect(tiles.length).toBe(smallTiles)
    expect(tiles.length).toBeGreaterThanOrEqual(15)
    expect(tiles.length).toBeLessThanOrEqual(40)
    expect(document.body.querySelectorAll('*').length).toBe(smallNodes)
    expect(big.wrapper.find('[data-testid=day-header]').text()).toContain('14 Mar 2025')
    expect(big.wrapper.find('[data-testid=library-count]').text()).toBe('100,000 videos')
    // Only the first pages were asked for.
    expect(big.lists().map((q) => q.offset)).toEqual([0, 100])

    // Halfway down: skeletons of the same size at once, then the page that holds them, nothing else.
    const spacer = big.wrapper.find('.spacer').element as HTMLElement
    await scrollTo(big.wrapper, Number.parseFloat(spacer.style.height) / 2)
    await nextTick()
    const busy = big.wrapper.findAll('[data-testid=library-tile]')
    expect(busy.length).toBeLessThanOrEqual(40)
    expect(busy.every((tile) => tile.attributes('aria-busy') === 'true')).toBe(true)
    await flushPromises()
    const shown = big.wrapper.findAll('[data-testid=library-tile]')
    const indices = shown.map((tile) => Number(tile.attributes('data-index')))
    expect(Math.min(...indices)).toBeGreaterThan(48_000)
    expect(Math.max(...indices)).toBeLessThan(52_000)
    expect(shown.every((tile) => tile.attributes('aria-busy') === 'false')).toBe(true)
    expect(shown[0]!.attributes('data-id')).toBe(`item${indices[0]}`)
    const offsets = big.lists().map((q) => q.offset).slice(2)
    expect(offsets.length).toBeLessThanOrEqual(3)
    for (const offset of offsets) expect(Math.abs(offset - indices[0]!)).toBeLessThan(300)
    expect(document.body.querySelectorAll('[data-testid=day-header]').length).toBeLessThanOrEqual(3)
  })
})

/** Where a tile's row is on screen: its group's top, the header, its row, minus the scroll. */
function screenTop(wrapper: Awaited<ReturnType<typeof open>>['wrapper'], id: string): number {
  const tile = wrapper.find(`[data-testid=library-tile][data-id="${id}"]`).element as HTMLElement
  const row = tile.closest('.row') as HTMLElement
  const group = tile.closest('section') as HTMLElement
  const rowTop = Number(/translateY\((\d+(?:\.\d+)?)px\)/.exec(row.style.transform)?.[1])
  const scroller = wrapper.find('[data-testid=library-grid]').element as HTMLElement
  return Number.parseFloat(group.style.top) + 48 + rowTop - scroller.scrollTop
}

describe('live updates', () => {
  it('new results above the view do not move what the designer is looking at', async () => {
    const items = makeItems(1_000)
    const { wrapper, engine } = await open(1_000, items)
    await scrollTo(wrapper, 20_000)
    await flushPromises()
    const anchor = wrapper.findAll('[data-testid=library-tile]').find((t) => screenTop(wrapper, t.attributes('data-id')!) >= 0)!
    const id = anchor.attributes('data-id')!
    const before = screenTop(wrapper, id)

    // Five results land today, at the top of the grid (one more row of five).
    items.unshift(...makeItems(5).map((item, i) => ({ ...item, id: `new${i}`, finishedAt: items[0]!.finishedAt + 60_000 * (5 - i) })))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    engine.emit('library.changed', { kind: 'added', ids: ['new0', 'new1', 'new2', 'new3', 'new4'] })
    await vi.advanceTimersByTimeAsync(500)
    vi.useRealTimers()
    await flushPromises()
    expect(wrapper.find('[data-testid=library-count]').text()).toBe('1,005 videos')
    expect(screenTop(wrapper, id)).toBe(before)

    // At the very top, new results simply appear first.
    await scrollTo(wrapper, 0)
    await flushPromises()
    expect(wrapper.findAll('[data-testid=library-tile]')[0]!.attributes('data-id')).toBe('new0')
  })
})

describe('search and filters', () => {
  it('turn what the designer sets into the LibraryQuery the engine pages through', async () => {
    const { wrapper, lists } = await open(500)
    const last = () => {
      const { offset: _o, limit: _l, ...query } = lists().at(-1)!
      return query
    }

    // "/" focuses the search from anywhere on the screen; Enter searches without waiting.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '/' }))
    const search = wrapper.find('[data-testid=library-search]')
    expect(document.activeElement).toBe(search.element)
    await search.setValue('  neon city ')
    await search.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(last()).toEqual({ sort: 'newest', search: 'neon city' })
    expect(wrapper.find('[data-testid=library-count]').text()).toBe('250 of 500 videos')

    await wrapper.find('[data-testid=library-favourites]').trigger('click')
    await wrapper.find('[data-testid=library-sort]').setValue('oldest')
    await flushPromises()
    expect(last()).toEqual({ sort: 'oldest', search: 'neon city', favourite: true })

    // A whole family and a model of another family mean either: sent as model ids.
    await wrapper.find('[data-testid=library-filters]').trigger('click')
    await wrapper.find('[data-testid=filter-family][value=kestrel]').setValue(true)
    await flushPromises()
    expect(last()).toMatchObject({ families: ['kestrel'] })
    await wrapper.find('[data-testid=filter-model][value=atlas-pro]').setValue(true)
    await wrapper.find('[data-range=week]').trigger('click')
    await wrapper.findAll('.stars .star')[2]!.trigger('click')
    await wrapper.find('[data-tag=hero]').trigger('click')
    await flushPromises()
    const weekAgo = new Date()
    weekAgo.setHours(0, 0, 0, 0)
    weekAgo.setDate(weekAgo.getDate() - 6)
    expect(last()).toEqual({
      sort: 'oldest',
      search: 'neon city',
      favourite: true,
      modelIds: ['atlas-pro', 'kestrel-v2.6', 'kestrel-v2.5'],
      from: weekAgo.getTime(),
      minRating: 3,
      tags: ['hero'],
    })

    // "Clear filters" brings everything back (the sort is a view, not a filter: it stays).
    await wrapper.find('[data-testid=library-clear]').trigger('click')
    await flushPromises()
    expect(last()).toEqual({ sort: 'oldest' })
    expect((search.element as HTMLInputElement).value).toBe('')
  })
})

describe('the detail view', () => {
  it('opens from the URL and moves with the arrow keys in the grid order', async () => {
    window.history.replaceState(null, '', '#/library?item=item1')
    const { wrapper, engine } = await open(300)
    const detail = () => wrapper.find('[data-testid=library-detail]')
    expect(detail().find('[data-testid=detail-prompt]').text()).toBe('neon city at night #1')
    expect(detail().find('[data-testid=detail-position]').text()).toBe('2 of 300')

    await detail().trigger('keydown', { key: 'ArrowRight' })
    await flushPromises()
    expect(detail().find('[data-testid=detail-prompt]').text()).toBe('a fox in the snow #2')
    expect(window.location.hash).toBe('#/library?item=item2')

    await detail().trigger('keydown', { key: 'ArrowLeft' })
    await detail().trigger('keydown', { key: 'ArrowLeft' })
    await flushPromises()
    expect(detail().find('[data-testid=detail-position]').text()).toBe('1 of 300')
    // The first item has nothing before it: the key does nothing, the button is off.
    await detail().trigger('keydown', { key: 'ArrowLeft' })
    await flushPromises()
    expect(window.location.hash).toBe('#/library?item=item0')
    expect(detail().find('[data-testid=detail-prev]').attributes('disabled')).toBeDefined()
    expect(engine.calls.filter((c) => c.method === 'library.get').map((c) => (c.input as { id: string }).id)).toEqual(['item1', 'item2', 'item1', 'item0'])

    await detail().trigger('keydown', { key: 'Escape' })
    expect(detail().exists()).toBe(false)
    await flushPromises()
    expect(window.location.hash).toBe('#/library')
  })
})

describe('the first start after an update', () => {
  it('shows who made each video on its tile (a studio sharing one library)', async () => {
    const items = makeItems(3).map((item, i) => (i === 0 ? { ...item, madeBy: { user: 'mei', machine: 'studio-mac-1' } } : i === 1 ? { ...item, madeBy: { user: 'tom', machine: 'TOM-PC', name: 'Tom Ward' } } : item))
    const { wrapper, lists } = await open(3, items)
    const makers = wrapper.findAll('[data-testid=tile-maker]')
    expect(makers).toHaveLength(2)
    expect(makers[0]!.text()).toBe('mei')
    expect(makers[0]!.attributes('title')).toBe('Made by mei on studio-mac-1')
    // The name they gave in Settings, when they gave one.
    expect(makers[1]!.text()).toBe('Tom Ward')
    expect(makers[1]!.attributes('title')).toBe('Made by Tom Ward on TOM-PC')

    // The filter bar offers the makers the library knows, and one becomes the query's `makers`.
    await wrapper.find('[data-testid=library-filters]').trigger('click')
    await flushPromises()
    await wrapper.find('[data-maker=mei]').trigger('click')
    await flushPromises()
    const { offset: _o, limit: _l, ...query } = lists().at(-1)!
    expect(query).toEqual({ sort: 'newest', makers: ['mei'] })
  })

  it('says how far the engine is with building the index, then shows the grid', async () => {
    let built!: () => void
    const engine = installFakeLibrary(makeItems(3), new Promise<void>((resolve) => (built = resolve)))
    const pinia = createPinia()
    setActivePinia(pinia)
    stops.push(useLibraryStore().start())
    const wrapper = mount(LibraryView, { attachTo: document.body, global: { plugins: [pinia, createAppI18n('en', { strict: true })] } })
    await flushPromises()
    expect(wrapper.find('[data-testid=library-loading]').exists()).toBe(true)
    expect(wrapper.find('[data-testid=library-indexing]').exists()).toBe(false)
    engine.emit('library.indexing', { phase: 'indexing', done: 12_345 })
    await nextTick()
    expect(wrapper.find('[data-testid=library-indexing]').text()).toContain('Indexing your library… 12,345 videos so far')
    engine.emit('library.indexing', { phase: 'done', done: 3 })
    built()
    await flushPromises()
    expect(wrapper.find('[data-testid=library-indexing]').exists()).toBe(false)
    expect(wrapper.findAll('[data-testid=library-tile]')).toHaveLength(3)
  })
})
