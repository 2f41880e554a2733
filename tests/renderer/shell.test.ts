import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import App from '@/App.vue'
import { createAppI18n } from '@/i18n'
import { followAppCommands } from '@/stores/app-commands'
import { useEngineStore } from '@/stores/engine'
import { useJobsStore } from '@/stores/jobs'
import { installFakeEngine } from './support/fake-engine'

const info = {
  name: 'Reelbox',
  version: '9.9.9',
  shell: 'web',
  platform: 'linux',
  arch: 'x64',
  runtime: 'Node 20',
  dataDir: '/data',
  libraryDir: '/home/me/Videos/Reelbox',
  startedAt: Date.now() - 65_000,
  powers: { reveal: false, open: false, save: false, drag: false },
}

async function mountApp(locale: 'en' | 'zh-CN' = 'en') {
  const engine = installFakeEngine({
    'app.info': () => info,
    'app.recentLog': () => [],
    // An empty library: the Library screen loads when it is first shown.
    'library.list': () => ({ items: [], total: 0, offset: 0 }),
    'library.days': () => ({ days: [], total: 0 }),
    'library.facets': () => ({ total: 0, models: [], families: [], modes: [], tags: [], makers: [], favourites: 0 }),
    'library.folder': () => ({ path: info.libraryDir, items: 0, ready: true }),
    'jobs.list': () => [],
    'jobs.setAside': () => [],
  })
  const pinia = createPinia()
  setActivePinia(pinia)
  // Attached, so focus is real (the menu's Find moves it); unmounted after each test.
  const wrapper = mount(App, { attachTo: document.body, global: { plugins: [pinia, createAppI18n(locale, { strict: true })] } })
  mounted.push(wrapper)
  await Promise.all([useEngineStore().start(), useJobsStore().start()])
  await flushPromises()
  return { wrapper, engine }
}

/** The screen once it shows: all but Create and the Library load when first opened (App.vue). */
async function screenOf(wrapper: VueWrapper, screen: string) {
  const found = () => wrapper.find(`[data-testid=screen-${screen}]`)
  // A limit for a stuck import, not a speed (vi.waitFor's 1 s default is one): the first open
  // compiles the screen's components, which takes seconds on a loaded machine.
  await vi.waitFor(() => expect(found().exists()).toBe(true), { timeout: 15_000 })
  return found()
}

const mounted: VueWrapper[] = []
beforeEach(() => window.history.replaceState(null, '', '/'))
afterEach(() => mounted.splice(0).forEach((wrapper) => wrapper.unmount()))

describe('app shell', () => {
  it('navigates between the four screens, each with an empty state that says what will be there', async () => {
    const { wrapper } = await mountApp()
    expect(wrapper.find('[data-testid=screen-create]').text()).toContain('Recent')
    for (const [screen, text] of [
      ['library', 'Every finished video lands here'],
      ['queue', 'Nothing in the queue'],
      ['settings', 'About'],
    ] as const) {
      await wrapper.find(`[data-screen=${screen}]`).trigger('click')
      // The Library asks the engine for its first page when it is first shown.
      if (screen === 'library') await flushPromises()
      expect((await screenOf(wrapper, screen)).text()).toContain(text)
      expect(wrapper.find(`[data-screen=${screen}]`).attributes('aria-current')).toBe('page')
      // The router writes the address once its navigation settles.
      await flushPromises()
      expect(window.location.hash).toBe(`#/${screen}`)
    }
  })

  it('shows app.info and the engine log as it streams in', async () => {
    const { wrapper, engine } = await mountApp()
    await wrapper.find('[data-screen=settings]').trigger('click')
    await screenOf(wrapper, 'settings')
    expect(wrapper.find('[data-testid=app-version]').text()).toBe('9.9.9')
    expect(wrapper.find('[data-testid=library-dir]').text()).toBe('/home/me/Videos/Reelbox')
    engine.emit('engine.log', { time: Date.now(), level: 'info', scope: 'jobs', message: 'Polling video_123' })
    engine.emit('engine.heartbeat', { time: Date.now(), uptimeMs: 3_723_000 })
    await flushPromises()
    expect(wrapper.find('[data-testid=activity-log]').text()).toContain('Polling video_123')
    expect(wrapper.find('[data-testid=uptime]').text()).toBe('1h 2m 3s')
  })

  it('follows the desktop menu: each screen, New Video, and Find with the library search focused', async () => {
    const { wrapper, engine } = await mountApp()
    followAppCommands()
    const showing = (): string | undefined => wrapper.find('[aria-current=page]').attributes('data-screen')
    for (const screen of ['queue', 'settings', 'library', 'create'] as const) {
      engine.emit('app.command', { command: screen })
      await flushPromises()
      expect(showing()).toBe(screen)
      expect(window.location.hash).toBe(`#/${screen}`)
    }
    engine.emit('app.command', { command: 'find' })
    await flushPromises()
    expect(showing()).toBe('library')
    expect(document.activeElement?.getAttribute('data-testid')).toBe('library-search')
    // (The prompt it focuses needs a model: the desktop end-to-end test sees it focused.)
    engine.emit('app.command', { command: 'new-video' })
    await flushPromises()
    expect(showing()).toBe('create')
  })

  it('speaks 简体中文', async () => {
    const { wrapper } = await mountApp('zh-CN')
    expect(wrapper.find('[data-screen=library]').text()).toBe('作品库')
  })
})
