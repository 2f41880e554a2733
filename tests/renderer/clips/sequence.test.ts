import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import defaultCatalog from '../../../electron/core/catalog/default-catalog.json'
import { Catalog } from '@shared/catalog'
import { AppError } from '@shared/errors'
import type { InputImage } from '@shared/draft'
import type { LibraryItem } from '@shared/library'
import type { Sequence } from '@shared/sequence'
import { createAppI18n } from '@/i18n'
import { useCatalogStore } from '@/stores/catalog'
import { useComposerStore } from '@/stores/composer'
import { continuationModel } from '@/stores/continuation'
import { useNavStore } from '@/stores/nav'
import { useSequenceStore } from '@/stores/sequence'
import { useToastsStore } from '@/stores/toasts'
import SequenceView from '@/views/SequenceView.vue'
import { makeItems } from '../library/fake-library'
import { installFakeEngine } from '../support/fake-engine'

const catalog = Catalog.parse(defaultCatalog)
const items = makeItems(4)
let saved: Sequence[]
let engine: ReturnType<typeof installFakeEngine>

beforeEach(() => {
  localStorage.clear()
  window.history.replaceState(null, '', '#/library')
  saved = []
  engine = installFakeEngine({
    'catalog.get': () => ({ catalog, placeholder: true, sources: [] }),
    'drafts.check': () => ({ ok: true, draft: { modelId: 'kestrel-v2.6', mode: 'i2v' }, aside: [], fields: {}, images: {} }),
    'library.chain': () => ({ items: items.slice(0, 3) }),
    'library.get': (input) => {
      const item = items.find((i) => i.id === (input as { id: string }).id)
      if (!item) throw new AppError('NOT_FOUND', 'gone')
      return { item }
    },
    'sequences.list': () => saved,
    'sequences.save': (input) => {
      const { id, name, items: ids } = input as { id?: string; name: string; items: string[] }
      const sequence: Sequence = { schemaVersion: 1, id: id ?? 'aaaaaaaa0001', name, items: ids, createdAt: 1, updatedAt: 2 }
      saved = [sequence]
      return sequence
    },
    'sequences.export': (input) => ({ item: { ...items[0]!, id: 'added-1', origin: 'added', fileName: `${(input as { name: string }).name}.mp4`, folder: 'Sequences' }, durationSec: 15 }),
  })
  setActivePinia(createPinia())
})
afterEach(() => {
  document.body.innerHTML = ''
})

async function mountView() {
  const pinia = createPinia()
  setActivePinia(pinia)
  const store = useSequenceStore()
  const stop = store.start()
  const wrapper = mount(SequenceView, { attachTo: document.body, global: { plugins: [pinia, createAppI18n('en', { strict: true })] } })
  await flushPromises()
  return { store, wrapper, stop }
}

const prompts = (wrapper: Awaited<ReturnType<typeof mountView>>['wrapper']) => wrapper.findAll('[data-testid=sequence-clip] .prompt').map((p) => p.text())

describe('the Sequences screen', () => {
  it('opens a chain in order, reorders and trims it, says it is not saved, and saves it as the designer named it', async () => {
    const { store, wrapper, stop } = await mountView()
    expect(wrapper.text()).toContain('No sequence open')
    await store.openChain('item2')
    await flushPromises()
    expect(useNavStore().screen).toBe('sequence')
    expect(prompts(wrapper)).toEqual(items.slice(0, 3).map((item) => item.prompt))
    expect(wrapper.find('[data-testid=sequence-summary]').text()).toBe('3 clips · 0:15')
    expect(wrapper.text()).toContain('Not saved')
    // Not saved, but nothing of the designer's yet: opening another in its place asks nothing.
    expect(store.unsavedWork).toBe(false)

    await wrapper.findAll('[data-testid=sequence-clip]')[2]!.find('button[aria-label="Move clip 3 earlier"]').trigger('click')
    await wrapper.findAll('[data-testid=sequence-clip-remove]')[0]!.trigger('click')
    expect(prompts(wrapper)).toEqual([items[2]!.prompt, items[1]!.prompt])
    expect(store.unsavedWork).toBe(true)

    await wrapper.find('[data-testid=sequence-name]').setValue('  Fox chase ')
    await wrapper.find('[data-testid=sequence-save]').trigger('click')
    await flushPromises()
    expect(engine.calls.find((c) => c.method === 'sequences.save')?.input).toEqual({ name: 'Fox chase', items: ['item2', 'item1'] })
    expect(wrapper.text()).not.toContain('Not saved')
    expect(store.unsavedWork).toBe(false)
    expect(wrapper.findAll('[data-testid=sequence-saved]').map((b) => b.text())).toEqual(['Fox chase2 clips'])
    // Saving again replaces the same file (its id), not a second one.
    await wrapper.find('[data-testid=sequence-save]').trigger('click')
    await flushPromises()
    expect(engine.calls.filter((c) => c.method === 'sequences.save').at(-1)?.input).toMatchObject({ id: 'aaaaaaaa0001' })
    stop()
  })

  it('keeps the place of a clip deleted from the library, marked gone, and plays the rest', async () => {
    const { store, wrapper, stop } = await mountView()
    await store.openChain('item2')
    await flushPromises()
    engine.emit('library.changed', { kind: 'removed', ids: ['item1'] })
    await flushPromises()
    const clips = wrapper.findAll('[data-testid=sequence-clip]')
    expect(clips).toHaveLength(3)
    expect(clips[1]!.text()).toContain('No longer in the library')
    expect(store.playable.map((item: LibraryItem) => item.id)).toEqual(['item0', 'item2'])
    expect(wrapper.find('[data-testid=sequence-now]').text()).toBe('Clip 1 of 2')
    stop()
  })

  it('exports under the name given (or “Untitled sequence”) and offers to show the film in the Library', async () => {
    const { store, wrapper, stop } = await mountView()
    await store.openChain('item2')
    store.name = ''
    await flushPromises()
    await wrapper.find('[data-testid=sequence-export]').trigger('click')
    await flushPromises()
    expect(engine.calls.find((c) => c.method === 'sequences.export')?.input).toEqual({ name: 'Untitled sequence', items: ['item0', 'item1', 'item2'] })
    const toast = useToastsStore().toasts.at(-1)
    expect(toast).toMatchObject({ tone: 'success', title: 'Exported “Untitled sequence.mp4”' })
    toast?.actions?.[0]?.run()
    expect(useNavStore().screen).toBe('library')
    stop()
  })

  it('takes back after a reload the sequence this window kept, its clips looked up again; a damaged entry is left alone', async () => {
    const first = await mountView()
    await first.store.openChain('item2')
    await first.wrapper.find('[data-testid=sequence-name]').setValue('Fox chase')
    await flushPromises()
    first.stop()
    first.wrapper.unmount()

    // The page loaded again: a new store reads what the window kept.
    const again = await mountView()
    expect(again.store.items).toEqual(['item0', 'item1', 'item2'])
    expect(again.store.name).toBe('Fox chase')
    expect(prompts(again.wrapper)).toEqual(items.slice(0, 3).map((item) => item.prompt))
    again.stop()
    again.wrapper.unmount()

    // Kept by an older build or damaged (a clip id that is not text): nothing is taken back.
    for (const damaged of ['{"items":[7],"name":"x"}', '{"items":["item0"]}', 'not json']) {
      localStorage.setItem('reelbox.sequence', damaged)
      const view = await mountView()
      expect(view.store.items).toEqual([])
      view.stop()
      view.wrapper.unmount()
    }
  })
})

describe('continuing a clip on the Create form', () => {
  const frame: InputImage = { hash: 'f'.repeat(64), name: 'clip @ 4.92 s.png', mime: 'image/png', bytes: 1000, width: 480, height: 270 }

  it('picks a model that takes a first frame: the source’s, else the current one’s, else the first that can', () => {
    expect(continuationModel(catalog.models, 'kestrel-v2.6', 'lumen-1')).toBe('kestrel-v2.6')
    const noFirstFrame = { ...catalog.models[0]!, id: 'text-only', modes: { t2v: catalog.models[0]!.modes.t2v! } }
    expect(continuationModel([noFirstFrame, ...catalog.models], 'text-only', 'atlas-pro')).toBe('atlas-pro')
    expect(continuationModel([noFirstFrame, ...catalog.models], 'text-only', 'text-only')).toBe(catalog.models[0]!.id)
    expect(continuationModel([noFirstFrame], 'text-only', 'text-only')).toBeUndefined()
  })

  it('starts a draft from the frame with the source’s prompt, duration and resolution, records what it continues, and forgets it when the frame is replaced', async () => {
    await useCatalogStore().start()
    const composer = useComposerStore()
    composer.workspace.prompt = 'what the designer was writing'
    composer.continueFrom({ modelId: 'kestrel-v2.6', mode: 't2v', prompt: 'a paper boat', duration: 10, resolution: '1920x1080', seed: 7 }, frame, { itemId: 'item0', atSeconds: 4.92 })
    expect(composer.workspace).toMatchObject({ modelId: 'kestrel-v2.6', mode: 'i2v', prompt: 'a paper boat', duration: 10, resolution: '1920x1080', seedLocked: false, image: { kind: 'file', hash: frame.hash, name: frame.name } })
    expect(composer.workspace.continues).toEqual({ itemId: 'item0', atSeconds: 4.92 })
    expect(composer.inputs.get(frame.hash)).toEqual(frame)
    expect(useNavStore().screen).toBe('create')

    composer.setFrame('image', { kind: 'url', url: 'https://example.com/other.png' })
    expect(composer.workspace.continues).toBeUndefined()
  })

  it('a dropped video’s frame becomes the first frame and keeps the designer’s prompt', async () => {
    await useCatalogStore().start()
    const composer = useComposerStore()
    composer.chooseModel('kestrel-v2.6')
    composer.workspace.prompt = 'my own words'
    composer.startFrom(frame)
    expect(composer.workspace).toMatchObject({ modelId: 'kestrel-v2.6', mode: 'i2v', prompt: 'my own words', image: { kind: 'file', hash: frame.hash } })
    expect(composer.workspace.continues).toBeUndefined()
  })
})
