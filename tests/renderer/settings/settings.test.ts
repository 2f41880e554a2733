import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SecretStatus } from '@shared/contract/secrets'
import { AppError } from '@shared/errors'
import type { Settings } from '@shared/settings'
import { createAppI18n } from '@/i18n'
import { useCatalogStore } from '@/stores/catalog'
import { useEngineStore } from '@/stores/engine'
import { useSettingsStore } from '@/stores/settings'
import SettingsView from '@/views/SettingsView.vue'
import { installFakeEngine } from '../support/fake-engine'

const CANARY = 'sk-canary-7f3a9c1e5b'

const baseSettings: Settings = {
  schemaVersion: 1 as Settings['schemaVersion'],
  activeProfileId: 'studio',
  profiles: [{ id: 'studio', name: 'Studio gateway', baseUrl: 'https://api.studio.example', serviceProfile: {}, catalogSource: { kind: 'default' }, sandbox: false }],
  libraryDir: null,
  concurrency: { jobs: 3, downloads: 2 },
  pollBudget: { requestsPerSecond: 2, maxWaitMinutes: 60 },
  results: { maxSizeMB: 2048, perTask: 16, stallSeconds: 30 },
  notifications: { finished: true, failed: true },
  theme: 'system',
  language: 'system',
  allowBasicTextEncryption: false,
  closeWithActiveJobs: 'ask',
  firstRunDone: true,
  displayName: null,
  ffmpegPath: null,
  budgets: {},
}

let wrapper: VueWrapper
let engine: ReturnType<typeof installFakeEngine>
/** Every answer the fake engine gave the page, as the page received it. */
let answers: string[]
/** What the engine says about the key (a test may change it, then ask the store again). */
let secret: SecretStatus
let pinia: ReturnType<typeof createPinia>

beforeEach(async () => {
  window.history.replaceState(null, '', '#/settings')
  let settings = structuredClone(baseSettings)
  secret = { profileId: 'studio', hasKey: false, store: 'keychain', persistent: true }
  answers = []
  const handlers: Record<string, (input: unknown) => unknown> = {
    'settings.get': () => settings,
    'settings.update': (patch) => (settings = { ...settings, ...(patch as Partial<Settings>) }),
    'profiles.list': () => ({ profiles: settings.profiles, activeProfileId: settings.activeProfileId }),
    'profiles.save': () => {
      throw new AppError('INVALID_INPUT', 'baseUrl: must use https', {
        details: { fields: { baseUrl: ['must use https (plain http only for this computer: localhost, 127.0.0.1, ::1)'], 'serviceProfile.query.path': ['path must contain {task_id} when idIn is "path"'] } },
      })
    },
    'secrets.status': () => secret,
    'secrets.setApiKey': () => (secret = { ...secret, hasKey: true }),
    'secrets.clear': () => (secret = { ...secret, hasKey: false }),
    'secrets.check': () => ({ ok: false, code: 'UNAUTHORIZED', httpStatus: 401, message: 'The service refused the key (HTTP 401).' }),
    'sandbox.status': () => ({ available: true, running: false }),
    'catalog.get': () => ({ catalog: { schemaVersion: 1, families: [], models: [] }, placeholder: true, sources: [{ kind: 'default', name: 'default', modelCount: 12 }] }),
    'library.folder': () => ({ path: '/home/me/Videos/Reelbox', items: 42, ready: true }),
    'library.moveStatus': () => null,
    'app.info': () => ({ name: 'Reelbox', version: '1.0.0', shell: 'web', platform: 'linux', arch: 'x64', runtime: 'Node 20', dataDir: '/data', libraryDir: '/home/me/Videos/Reelbox', startedAt: Date.now(), powers: { reveal: false, open: false, save: false, drag: false } }),
    'app.recentLog': () => [],
    // As the engine answers: the path set in Settings, else none on this test's PATH.
    'app.frameDecoders': () => ({ ffmpeg: settings.ffmpegPath ? { path: settings.ffmpegPath, from: 'settings', version: '7.1', problem: null } : null }),
  }
  engine = installFakeEngine(
    Object.fromEntries(
      Object.entries(handlers).map(([name, handler]) => [
        name,
        (input: unknown) => {
          const answer = handler(input)
          answers.push(JSON.stringify(answer ?? null))
          return answer
        },
      ]),
    ),
  )
  pinia = createPinia()
  setActivePinia(pinia)
  await Promise.all([useSettingsStore().start(), useCatalogStore().start(), useEngineStore().start()])
  wrapper = mount(SettingsView, { attachTo: document.body, global: { plugins: [pinia, createAppI18n('en', { strict: true })] } })
  await flushPromises()
})
afterEach(() => {
  wrapper.unmount()
  document.body.innerHTML = ''
  delete document.documentElement.dataset['theme']
})

describe('settings', () => {
  it('says who reads last frames, and takes the path of ffmpeg', async () => {
    const status = () => wrapper.get('[data-testid=ffmpeg-status]').text()
    expect(status()).toBe('No ffmpeg found: only H.264 Baseline videos can be continued. Install ffmpeg, or set its path here.')
    const input = wrapper.get<HTMLInputElement>('[data-testid=ffmpeg-path]')
    await input.setValue('/opt/ffmpeg/bin/ffmpeg')
    await input.trigger('change')
    await flushPromises()
    expect(engine.calls.find((c) => c.method === 'settings.update')?.input).toEqual({ ffmpegPath: '/opt/ffmpeg/bin/ffmpeg' })
    expect(status()).toBe('Using ffmpeg 7.1 at /opt/ffmpeg/bin/ffmpeg.')
    await input.setValue('  ')
    await input.trigger('change')
    await flushPromises()
    expect(engine.calls.filter((c) => c.method === 'settings.update').at(-1)?.input).toEqual({ ffmpegPath: null })
    expect(status()).toContain('No ffmpeg found')
  })

  it('takes the API key and never shows it again: not in the page, not in any answer', async () => {
    expect(wrapper.get('[data-testid=key-status]').text()).toContain('No key yet for Studio gateway.')
    expect(wrapper.get('[data-testid=key-store]').text()).toContain('in the system keychain')
    const input = wrapper.get<HTMLInputElement>('[data-testid=key-input]')
    expect(input.attributes('type')).toBe('password')
    await input.setValue(CANARY)
    await wrapper.get('[data-testid=key-form]').trigger('submit')
    await flushPromises()

    expect(engine.calls.find((c) => c.method === 'secrets.setApiKey')?.input).toEqual({ profileId: 'studio', apiKey: CANARY })
    expect(input.element.value).toBe('')
    expect(wrapper.get('[data-testid=key-status]').text()).toContain('A key is saved for Studio gateway.')
    expect(wrapper.get('[data-testid=key-saved]').text()).toContain('the key is never shown again')

    await wrapper.get('[data-testid=key-check]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid=key-check-result]').text()).toContain('The service refused the key.')

    await wrapper.get('[data-testid=key-remove]').trigger('click')
    await wrapper.get('[data-testid=key-remove-confirm]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid=key-status]').text()).toContain('No key yet')

    expect(document.body.innerHTML).not.toContain(CANARY)
    expect(answers.join('\n')).not.toContain(CANARY)
  })

  it('says why a key is kept for this session only, from the engine’s codes, in the page’s language with the OS’s own words as they are', async () => {
    secret = {
      profileId: 'studio',
      hasKey: true,
      store: 'session',
      persistent: false,
      needsConsent: true,
      reasons: [{ code: 'keychain.unavailable', os: 'The name org.freedesktop.secrets was not provided by any .service files' }, { code: 'keyFile.needsConsent' }],
    }
    await useSettingsStore().refreshSecret()
    await flushPromises()
    expect(wrapper.get('[data-testid=key-store-why]').text()).toBe(
      'Why: the keychain refused: “The name org.freedesktop.secrets was not provided by any .service files”; this desktop has no keyring, so a key file would be encrypted with a fixed password (it needs your consent).',
    )
    wrapper.unmount()
    wrapper = mount(SettingsView, { attachTo: document.body, global: { plugins: [pinia, createAppI18n('zh-CN', { strict: true })] } })
    await flushPromises()
    expect(wrapper.get('[data-testid=key-store-why]').text()).toBe('原因：钥匙串拒绝了请求：“The name org.freedesktop.secrets was not provided by any .service files”；此桌面没有钥匙环，密钥文件将用固定密码加密（需要你的同意）。')
    expect(wrapper.get('[data-testid=key-store]').text()).toContain('仅本次会话')
  })

  it('shows the engine’s refusal of a connection next to the field it names', async () => {
    await wrapper.get('[data-testid=connection-add]').trigger('click')
    await wrapper.get('[data-testid=connection-name]').setValue('Office')
    await wrapper.get('[data-testid=connection-url]').setValue('http://api.office.example')
    await wrapper.get('[data-testid=connection-profile]').setValue('{ "query": { "path": "/tasks" } }')
    await wrapper.get('[data-testid=connection-form]').trigger('submit')
    await flushPromises()
    expect(wrapper.get('[data-testid=connection-url-error]').text()).toContain('must use https')
    expect(wrapper.get('[data-testid=connection-profile-errors]').text()).toBe('query.path path must contain {task_id} when idIn is "path"')

    await wrapper.get('[data-testid=connection-profile]').setValue('{ "query": ')
    await wrapper.get('[data-testid=connection-form]').trigger('submit')
    await flushPromises()
    expect(wrapper.get('[data-testid=connection-profile-errors]').text()).toContain('Not valid JSON')
    expect(engine.calls.filter((c) => c.method === 'profiles.save')).toHaveLength(1)
  })

  it('applies the theme the moment it is chosen', async () => {
    const theme = (value: string) => wrapper.get(`[data-testid=settings-theme] [data-value=${value}]`)
    await theme('light').trigger('click')
    await flushPromises()
    expect(document.documentElement.dataset['theme']).toBe('light')
    expect(theme('light').attributes('aria-checked')).toBe('true')
    await theme('dark').trigger('click')
    await flushPromises()
    expect(document.documentElement.dataset['theme']).toBe('dark')
    await theme('system').trigger('click')
    await flushPromises()
    expect(document.documentElement.dataset['theme']).toBeUndefined()
    expect(engine.calls.filter((c) => c.method === 'settings.update').map((c) => c.input)).toEqual([{ theme: 'light' }, { theme: 'dark' }, { theme: 'system' }])
  })

  it('shows the placeholder catalogue, the library folder, and jobs settings', () => {
    expect(wrapper.get('[data-testid=catalog-placeholder]').text()).toContain('placeholders')
    expect(wrapper.get('[data-testid=catalog-sources]').text()).toContain('12 models')
    expect(wrapper.get('[data-testid=library-folder]').text()).toBe('/home/me/Videos/Reelbox')
    expect(wrapper.get<HTMLInputElement>('[data-testid=settings-concurrency-jobs]').element.value).toBe('3')
  })

  it('sets what a task’s results may take: the largest result, how many, when a download has stalled', async () => {
    expect(wrapper.get<HTMLInputElement>('[data-testid=settings-result-size]').element.value).toBe('2048')
    await wrapper.get('[data-testid=settings-results-per-task]').setValue('4')
    await wrapper.get('[data-testid=settings-results-per-task]').trigger('change')
    await wrapper.get('[data-testid=settings-stall]').setValue('60')
    await wrapper.get('[data-testid=settings-stall]').trigger('change')
    await flushPromises()
    expect(engine.calls.filter((c) => c.method === 'settings.update').map((c) => c.input)).toEqual([{ results: { perTask: 4 } }, { results: { stallSeconds: 60 } }])
  })

  it('saves the name the designer wants on their videos in a shared library, empty for the OS user name', async () => {
    const field = wrapper.get<HTMLInputElement>('[data-testid=display-name]')
    expect(field.element.value).toBe('')
    await field.setValue('  Mei Lin ')
    await field.trigger('change')
    await flushPromises()
    expect(wrapper.get('[data-testid=display-name-setting]').text()).toContain('Videos you make from now on carry this name.')
    await field.setValue('')
    await field.trigger('change')
    await flushPromises()
    expect(engine.calls.filter((c) => c.method === 'settings.update').map((c) => c.input)).toEqual([{ displayName: 'Mei Lin' }, { displayName: null }])
  })

  it('asks what closing the window does only in the desktop app on Windows and Linux, and saves the choice', async () => {
    const engineStore = useEngineStore()
    const web = engineStore.info!
    expect(wrapper.find('[data-testid=settings-closing]').exists()).toBe(false)
    engineStore.info = { ...web, shell: 'electron', platform: 'darwin' }
    await flushPromises()
    expect(wrapper.find('[data-testid=settings-closing]').exists()).toBe(false)
    engineStore.info = { ...web, shell: 'electron', platform: 'win32' }
    await flushPromises()
    const closing = wrapper.get('[data-testid=settings-closing]')
    expect(closing.get('[aria-checked=true]').attributes('data-value')).toBe('ask')
    await closing.get('[data-value=background]').trigger('click')
    await flushPromises()
    expect(engine.calls.filter((c) => c.method === 'settings.update').map((c) => c.input)).toEqual([{ closeWithActiveJobs: 'background' }])
    expect(closing.get('[aria-checked=true]').attributes('data-value')).toBe('background')
  })
})
