import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import defaultCatalog from '../../../electron/core/catalog/default-catalog.json'
import { Catalog } from '@shared/catalog'
import type { Draft } from '@shared/draft'
import type { Job } from '@shared/job'
import { invalidInput, type AppError } from '@shared/errors'
import { adaptDraft, checkDraft } from '@shared/rules/fields'
import { problem } from '@shared/rules/problems'
import { createAppI18n } from '@/i18n'
import { useCatalogStore } from '@/stores/catalog'
import { useComposerStore } from '@/stores/composer'
import { useConnectionStore } from '@/stores/connection'
import { useJobsStore } from '@/stores/jobs'
import { useNavStore } from '@/stores/nav'
import { useSettingsStore } from '@/stores/settings'
import CreateView from '@/views/CreateView.vue'
import { installFakeEngine } from '../support/fake-engine'

const catalog = Catalog.parse(defaultCatalog)
const sandbox = { id: 'sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1:9', serviceProfile: {}, catalogSource: { kind: 'default' }, sandbox: true }

type Submitted = { draft: Draft; variations: number }

let wrapper: VueWrapper
let pinia: ReturnType<typeof createPinia>
let engine: ReturnType<typeof installFakeEngine>
let submitted: Submitted[]
/** What "Compare on…" sent (`jobs.compare`). */
let compared: Array<{ draft: Draft; modelIds: string[]; variations: number }>
/** What the fake `drafts.check` does; the real field rules (as the engine's) unless a test says otherwise. */
let check: (draft: Draft) => unknown
/** When set, `jobs.submit` refuses with it (as the router or the runner would). */
let refuse: AppError | undefined

function job(draft: Draft, i: number): Job {
  return { id: `job-${submitted.length}-${i}`, createdAt: Date.now(), updatedAt: Date.now(), phase: 'queued', draft, profileId: 'sandbox', baseUrl: sandbox.baseUrl, sandbox: true, idempotencyKey: `k${i}`, attempts: 0, params: {}, inputs: [], model: { id: draft.modelId, family: 'lumen', version: '1', displayName: draft.modelId } }
}

beforeEach(async () => {
  localStorage.clear()
  window.history.replaceState(null, '', '#/create')
  submitted = []
  compared = []
  refuse = undefined
  check = (wanted) => {
    const model = catalog.models.find((m) => m.id === wanted.modelId)
    const { draft, aside, kept } = adaptDraft(model, wanted)
    const fields = checkDraft(model, draft)
    return { ok: Object.keys(fields).length === 0, draft, aside, kept, fields, images: {} }
  }
  engine = installFakeEngine({
    'catalog.get': () => ({ catalog, placeholder: true, sources: [] }),
    'drafts.check': (input) => check((input as { draft: Draft }).draft),
    'jobs.list': () => [],
    'jobs.setAside': () => [],
    'jobs.submit': (input) => {
      if (refuse) throw refuse
      const { draft, variations } = input as Submitted
      submitted.push({ draft, variations })
      return Array.from({ length: variations }, (_, i) => job(draft, i))
    },
    'jobs.compare': (input) => {
      const sent = input as { draft: Draft; modelIds: string[]; variations: number }
      compared.push(sent)
      return { batchId: 'batch_1', jobs: sent.modelIds.map((modelId, i) => job({ ...sent.draft, modelId }, i)), setAside: [] }
    },
    'settings.get': () => ({ theme: 'dark', language: 'en', firstRunDone: true }),
    'profiles.list': () => ({ profiles: [sandbox], activeProfileId: 'sandbox' }),
    'secrets.status': () => ({ profileId: 'sandbox', hasKey: true, store: 'session', persistent: false }),
    'sandbox.status': () => ({ available: true, running: true }),
    'connection.status': () => ({ profileId: 'sandbox', state: 'online' }),
  })
  pinia = createPinia()
  setActivePinia(pinia)
  await Promise.all([useCatalogStore().start(), useJobsStore().start(), useSettingsStore().start(), useConnectionStore().start()])
  useComposerStore().start()
  wrapper = mount(CreateView, { attachTo: document.body, global: { plugins: [pinia, createAppI18n('en', { strict: true })] } })
  await settle()
})

afterEach(() => wrapper.unmount())

/** The debounced check has answered for the current draft and the DOM shows it. */
async function settle(): Promise<void> {
  await flushPromises()
  await useComposerStore().checkNow()
  await flushPromises()
}

async function choose(modelId: string, mode?: Draft['mode']): Promise<void> {
  await wrapper.find('[data-testid=model-picker]').trigger('click')
  await wrapper.find(`[role=option][data-model="${modelId}"]`).trigger('click')
  if (mode) await wrapper.find(`[data-testid=mode] [data-value="${mode}"]`).trigger('click')
  await settle()
}

async function type(text: string): Promise<void> {
  await wrapper.find('[data-testid=prompt]').setValue(text)
  await settle()
}

/** A choice's options as shown: its buttons, or the one option as text. */
const choices = (testid: string): string[] => {
  const buttons = wrapper.findAll(`[data-testid=${testid}] [role=radio]`).map((b) => b.text())
  const single = wrapper.find(`p[data-testid=${testid}]`)
  return single.exists() ? [`text:${single.text()}`] : buttons
}

const fieldsShown = () => ({
  prompt: wrapper.find('[data-testid=prompt]').exists(),
  image: wrapper.find('[data-testid=slot-image]').exists(),
  seed: wrapper.find('[data-testid=seed]').exists(),
  audio: wrapper.find('[data-testid=audio]').exists(),
  durations: choices('duration'),
  resolutions: choices('resolution'),
})

describe('Compare on…', () => {
  it('sends the designer’s draft to every ticked model as one batch, the count said before, at most 16', async () => {
    await choose('lumen-1', 't2v')
    await type('a paper boat on a rainy street')
    await wrapper.find('[data-testid=duration] [data-value="10"]').trigger('click')
    await wrapper.find('[data-testid=compare-on-open]').trigger('click')
    for (const id of ['kestrel-v2.6', 'atlas-lite']) await wrapper.find(`[data-testid=compare-on-panel] input[data-model="${id}"]`).setValue(true)
    // The form's own model is in it, and cannot be unticked there.
    expect(wrapper.find('[data-testid=compare-on-panel] input[data-model="lumen-1"]').attributes('disabled')).toBeDefined()
    await wrapper.find('[data-testid=variations-more]').trigger('click')
    expect(wrapper.find('[data-testid=compare-on-summary]').text()).toBe('3 models × 2 variations = 6 videos')
    expect(wrapper.find('[data-testid=generate] .action').text()).toBe('Generate 6')
    await wrapper.find('[data-testid=generate]').trigger('click')
    await flushPromises()
    expect(submitted).toEqual([])
    // Atlas Lite makes 5 s only: the engine sets the 10 s aside for it, so the designer's 10 s goes.
    expect(compared).toEqual([{ draft: expect.objectContaining({ modelId: 'lumen-1', duration: 10, prompt: 'a paper boat on a rainy street' }), modelIds: ['lumen-1', 'kestrel-v2.6', 'atlas-lite'], variations: 2 }])

    for (let i = 0; i < 4; i++) await wrapper.find('[data-testid=variations-more]').trigger('click')
    expect(wrapper.find('[data-testid=compare-on-summary]').text()).toBe('18 videos: at most 16 at once. Fewer variations or models.')
    expect(wrapper.find('[data-testid=generate]').attributes('aria-disabled')).toBe('true')
  })

  it('starts a remix from one model, says which it cleared, brings them back on Undo, and lets the notice go on Generate', async () => {
    await choose('lumen-1', 't2v')
    await type('a paper boat on a rainy street')
    await wrapper.find('[data-testid=compare-on-open]').trigger('click')
    for (const id of ['kestrel-v2.6', 'atlas-lite']) await wrapper.find(`[data-testid=compare-on-panel] input[data-model="${id}"]`).setValue(true)
    expect(wrapper.find('[data-testid=generate] .action').text()).toBe('Generate 3')

    useComposerStore().remix({ modelId: 'kestrel-v2.6', mode: 't2v', prompt: 'A lighthouse at dusk' })
    await settle()
    expect(wrapper.find('[data-testid=generate] .action').text()).toBe('Generate')
    // Kestrel 2.6 is the form's model now, not a cleared one.
    expect(wrapper.find('[data-testid=form-notice] p').text()).toBe('All settings taken from the library, with a new seed. “Also on” cleared: Atlas Lite.')

    await wrapper.find('[data-testid=form-undo]').trigger('click')
    await settle()
    expect(useComposerStore().workspace.modelId).toBe('lumen-1')
    expect(wrapper.find('[data-testid=generate] .action').text()).toBe('Generate 3')

    useComposerStore().remix({ modelId: 'kestrel-v2.6', mode: 't2v', prompt: 'A lighthouse at dusk' })
    await settle()
    expect(wrapper.find('[data-testid=form-notice]').exists()).toBe(true)
    await wrapper.find('[data-testid=generate]').trigger('click')
    await settle()
    expect(submitted.map((each) => each.draft.modelId)).toEqual(['kestrel-v2.6'])
    expect(wrapper.find('[data-testid=form-notice]').exists()).toBe(false)
  })
})

describe('the Create form', () => {
  it('shows only the fields of the chosen model and mode', async () => {
    await choose('lumen-1-fast', 't2v')
    // One option is a fact, not a choice: shown as text.
    expect(fieldsShown()).toEqual({ prompt: true, image: false, seed: false, audio: false, durations: ['text:5 s'], resolutions: ['text:720p'] })
    await choose('kestrel-v2.7', 't2v')
    expect(fieldsShown()).toEqual({ prompt: true, image: false, seed: true, audio: true, durations: ['4 s', '6 s', '8 s', '10 s', '12 s'], resolutions: ['480p', '720p', '1080p'] })
    // Lumen 1 takes an optional starting image in text mode.
    await choose('lumen-1', 't2v')
    expect(fieldsShown()).toMatchObject({ image: true, audio: false })
    expect(wrapper.find('[data-testid=mode]').findAll('[role=radio]').map((b) => b.attributes('data-value'))).toEqual(['t2v', 'i2v', 'reference'])
    expect(wrapper.find('[data-testid=placeholder-note]').exists()).toBe(true)
  })

  it('counts the prompt as a person does, toward the model’s limit', async () => {
    await choose('kestrel-v2.1', 't2v')
    await type('汉字 🙂 ok')
    expect(wrapper.find('[data-testid=prompt-count]').text()).toContain('7 / 800')
    await type('x'.repeat(801))
    expect(wrapper.find('[data-testid=prompt-count]').classes()).toContain('over')
    expect(wrapper.find('[data-testid=error-prompt]').text()).toBe('The prompt is 801 characters; Kestrel 2.1 takes at most 800')
    expect(wrapper.find('[data-testid=generate]').attributes('aria-disabled')).toBe('true')
  })

  it('offers the image slots of each mode', async () => {
    const slots = () => ['slot-image', 'slot-first', 'slot-last', 'slot-references'].filter((id) => wrapper.find(`[data-testid=${id}]`).exists())
    await choose('kestrel-v2.6', 't2v')
    expect(slots()).toEqual([])
    await choose('kestrel-v2.6', 'i2v')
    expect(slots()).toEqual(['slot-image'])
    await choose('kestrel-v2.6', 'first-last')
    expect(slots()).toEqual(['slot-first', 'slot-last'])
    expect(wrapper.find('[data-testid=swap-frames]').exists()).toBe(true)
    await choose('kestrel-v2.6', 'reference')
    expect(slots()).toEqual(['slot-image', 'slot-references'])
    expect(wrapper.find('[data-testid=refs-count]').text()).toBe('0 / 3')
  })

  it('shows the check’s messages under their fields, also when the router names them draft.<key>', async () => {
    await choose('kestrel-v2.6', 'i2v')
    // Nothing touched yet: the Generate bar says what is missing, the field stays calm.
    expect(wrapper.find('[data-testid=slot-image-error]').exists()).toBe(false)
    expect(wrapper.find('[data-testid=generate-reason]').text()).toBe('First frame: needed by Kestrel 2.6')
    await wrapper.find('[data-testid=create-form]').trigger('submit')
    await settle()
    expect(wrapper.find('[data-testid=slot-image-error]').text()).toContain('Add an image: Kestrel 2.6 needs one in “First frame” mode')
    // Refused, Generate went to the field: the slot has the keyboard.
    expect(document.activeElement?.closest('[data-field=image]')?.querySelector('[data-testid=drop-zone]')).toBe(document.activeElement)
    expect(submitted).toEqual([])

    check = () => {
      const reason = 'Too big: expected string to have <=20000 characters'
      throw invalidInput({ 'draft.prompt': [problem('input.invalid', { path: 'draft.prompt', issue: 'too_big', limit: 20_000, reason })] })
    }
    await type('y'.repeat(20_001))
    expect(wrapper.find('[data-testid=error-prompt]').text()).toBe('The prompt is over its limit of 20,000')
  })

  it('submits with ⌘/Ctrl+Enter from anywhere in the form, with N variations, sending only supported fields', async () => {
    await choose('kestrel-v2.1', 't2v')
    await type('A red kite over green hills')
    await wrapper.find('[data-testid=variations-more]').trigger('click')
    await wrapper.find('[data-testid=variations-more]').trigger('click')
    expect(wrapper.find('[data-testid=generate]').text()).toContain('Generate 3')
    await wrapper.find('[data-testid=prompt]').trigger('keydown', { key: 'Enter', ctrlKey: true })
    await flushPromises()
    expect(submitted).toEqual([{ draft: { modelId: 'kestrel-v2.1', mode: 't2v', prompt: 'A red kite over green hills', duration: 5, resolution: '1280x720' }, variations: 3 }])
    await flushPromises()
    expect(wrapper.findAll('[data-testid=job-card]')).toHaveLength(3)
  })

  it('shows the fields the engine refuses on submit', async () => {
    await choose('atlas-pro', 't2v')
    await type('Neon rain')
    refuse = invalidInput({ 'draft.duration': [problem('duration.notOffered', { value: 10, allowed: [5], model: 'Atlas Pro' })] })
    await wrapper.find('[data-testid=generate]').trigger('click')
    await wrapper.find('[data-testid=create-form]').trigger('submit')
    await flushPromises()
    expect(wrapper.find('[data-field=duration]').text()).toContain('10 s is not offered by Atlas Pro; choose 5 s')
    expect(engine.calls.filter((call) => call.method === 'jobs.submit')).toHaveLength(1)
  })
})

describe('in 简体中文', () => {
  /** The same form in the designer's language: every problem the engine finds, worded from its code. */
  async function inChinese(): Promise<void> {
    wrapper.unmount()
    wrapper = mount(CreateView, { attachTo: document.body, global: { plugins: [pinia, createAppI18n('zh-CN', { strict: true })] } })
    await settle()
  }

  it('says what is wrong in Chinese, with the model’s numbers, and no English', async () => {
    await inChinese()
    await choose('kestrel-v2.1', 't2v')
    await type('x'.repeat(935))
    expect(wrapper.find('[data-testid=error-prompt]').text()).toBe('提示词共 935 个字，Kestrel 2.1 最多接受 800 个字')

    const image = { kind: 'file', hash: 'a'.repeat(64), name: 'icon.png' } as const
    check = (wanted) => ({
      ok: false,
      draft: wanted,
      aside: [],
      fields: { image: [problem('image.tooSmall', { slot: 'image', name: 'icon.png', width: 40, height: 40, minSide: 64 })] },
      images: {},
    })
    await choose('kestrel-v2.1', 'i2v')
    useComposerStore().setFrame('image', image)
    await settle()
    expect(wrapper.find('[data-testid=slot-image-error]').text()).toBe('图片（icon.png）为 40×40，模型要求每边至少 64 像素')
    expect(wrapper.find('[data-testid=create-form]').text()).not.toMatch(/takes|needs|characters/)
  })
})

describe('switching and reuse', () => {
  it('keeps what still fits when switching, says what is not used, and undoes', async () => {
    await choose('kestrel-v2.7', 't2v')
    await type('Waves at night')
    await wrapper.find('[data-testid=audio]').trigger('click')
    await wrapper.find('[data-testid=duration] [data-value="12"]').trigger('click')
    await choose('atlas-lite')
    expect(wrapper.find('[data-testid=form-notice]').text()).toContain('Not used by Atlas Lite · Text: audio. Kept in case you switch back.')
    expect(useComposerStore().draft).toMatchObject({ modelId: 'atlas-lite', prompt: 'Waves at night', duration: 5 })
    expect(useComposerStore().draft?.audio).toBeUndefined()
    await wrapper.find('[data-testid=form-undo]').trigger('click')
    await settle()
    expect(useComposerStore().draft).toMatchObject({ modelId: 'kestrel-v2.7', audio: true, duration: 12 })
    expect(wrapper.find('[data-testid=form-notice]').exists()).toBe(false)
  })

  it('says where the shared image went when a mode names it otherwise, quietly, and not when it only carries (issue 22 item 8)', async () => {
    const mode = async (m: Draft['mode']): Promise<void> => {
      await wrapper.find(`[data-testid=mode] [data-value="${m}"]`).trigger('click')
      await settle()
    }
    const moved = () => wrapper.find('[data-testid=form-moved]')
    await choose('kestrel-v2.6', 'i2v')
    useComposerStore().workspace.image = { kind: 'url', url: 'https://example.com/harbour.png' }
    await settle()
    await mode('reference')
    // Sent as the subject image now (the engine's answer says so), and said where it went.
    expect(useComposerStore().draft?.image).toEqual({ kind: 'url', url: 'https://example.com/harbour.png' })
    expect(moved().text()).toBe('Your first frame is now the subject image, and is sent with this mode.')
    expect(moved().classes()).toContain('kept')
    // Undo puts the form back in First frame mode, where it was the first frame.
    await wrapper.find('[data-testid=form-undo]').trigger('click')
    await settle()
    expect(useComposerStore().workspace.mode).toBe('i2v')
    expect(wrapper.find('[data-testid=form-notice]').exists()).toBe(false)
    // Into first-and-last mode it carries as the first frame under the same name: no move to tell.
    await mode('first-last')
    expect(useComposerStore().workspace.first).toEqual({ kind: 'url', url: 'https://example.com/harbour.png' })
    expect(moved().exists()).toBe(false)
    // From there into Reference mode: the hidden first frame of First frame mode becomes the subject image.
    await mode('reference')
    expect(moved().text()).toBe('Your first frame is now the subject image, and is sent with this mode.')
  })

  it('says where the image went in 简体中文 too', async () => {
    wrapper.unmount()
    wrapper = mount(CreateView, { attachTo: document.body, global: { plugins: [pinia, createAppI18n('zh-CN', { strict: true })] } })
    await settle()
    await choose('kestrel-v2.6', 'reference')
    useComposerStore().workspace.image = { kind: 'url', url: 'https://example.com/harbour.png' }
    await settle()
    await wrapper.find('[data-testid=mode] [data-value="i2v"]').trigger('click')
    await settle()
    expect(wrapper.find('[data-testid=form-moved]').text()).toBe('你的主体图现在作为首帧，会随此模式一起发送。')
  })

  it('says what a reuse did and what the model will not send, two sentences with a space between', async () => {
    await choose('kestrel-v2.1', 't2v')
    useComposerStore().workspace.seedLocked = true
    useComposerStore().usePrompt('A fox in the snow')
    await settle()
    expect(wrapper.find('[data-testid=form-notice] p').text()).toBe(
      'Prompt taken from the library; everything else is as it was. Not used by Kestrel 2.1 · Text: the locked seed. Kept in case you switch back.',
    )
  })

  it('remembers the duration and resolution chosen per model; a model never set gets its best', async () => {
    await choose('kestrel-v2.7', 't2v')
    expect(useComposerStore().draft).toMatchObject({ duration: 6, resolution: '1080p' })
    await wrapper.find('[data-testid=duration] [data-value="10"]').trigger('click')
    await wrapper.find('[data-testid=resolution] [data-value="720p"]').trigger('click')
    await choose('kestrel-v2.6', 't2v')
    await settle()
    expect(useComposerStore().draft).toMatchObject({ duration: 5, resolution: '1920x1080' })
    await wrapper.find('[data-testid=aspect] [data-value="9:16"]').trigger('click')
    await settle()
    // The same quality in the other shape.
    expect(useComposerStore().draft).toMatchObject({ resolution: '1080x1920' })
    await choose('kestrel-v2.7')
    expect(useComposerStore().draft).toMatchObject({ duration: 10, resolution: '720p' })
    await choose('kestrel-v2.6')
    expect(useComposerStore().draft).toMatchObject({ duration: 5, resolution: '1080x1920' })
  })

  it('refills the form from the library without clobbering, and goes to Create', async () => {
    const composer = useComposerStore()
    const nav = useNavStore()
    await choose('atlas-max', 't2v')
    await type('My own prompt')
    const source: Draft = { modelId: 'kestrel-v2.6', mode: 'i2v', prompt: 'A fox in the snow', image: { kind: 'url', url: 'https://example.com/fox.png' }, duration: 10, resolution: '1920x1080', seed: 42 }

    nav.go('library')
    composer.usePrompt(source.prompt!)
    expect(nav.screen).toBe('create')
    await settle()
    expect(composer.draft).toMatchObject({ modelId: 'atlas-max', mode: 't2v', prompt: 'A fox in the snow' })

    composer.useImages(source, [])
    await settle()
    expect(composer.draft).toMatchObject({ modelId: 'atlas-max', mode: 'i2v', prompt: 'A fox in the snow', image: source.image })

    composer.useAll(source)
    await settle()
    expect(composer.draft).toEqual(source)
    expect(composer.workspace.seedLocked).toBe(true)

    composer.remix(source)
    await settle()
    expect(composer.draft).toMatchObject({ ...source, seed: expect.any(Number) })
    expect(composer.draft?.seed).not.toBe(42)
  })
})
