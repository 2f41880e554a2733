import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { defineComponent } from 'vue'
import type { KeyCheck } from '@shared/contract/secrets'
import type { Connection, ConnectionDraft, Settings } from '@shared/settings'
import FirstRun from '@/components/first-run/FirstRun.vue'
import { createAppI18n } from '@/i18n'
import { useSettingsStore } from '@/stores/settings'
import { installFakeEngine } from '../support/fake-engine'

/** The welcome as App.vue shows it: while the settings store says it is the first run. */
const Shell = defineComponent({
  components: { FirstRun },
  setup: () => ({ settings: useSettingsStore() }),
  template: '<FirstRun v-if="settings.firstRun" />',
})

let wrapper: VueWrapper
let engine: ReturnType<typeof installFakeEngine>
let profiles: Connection[]
let activeProfileId: string | null
let firstRunDone: boolean
/** What `secrets.check` answers next. */
let checks: KeyCheck[]

beforeEach(async () => {
  profiles = []
  activeProfileId = null
  firstRunDone = false
  checks = []
  const state = () => ({ profiles, activeProfileId })
  engine = installFakeEngine({
    'settings.get': () => ({ theme: 'system', language: 'en', firstRunDone }) as Partial<Settings>,
    'settings.update': (patch) => ({ firstRunDone: (firstRunDone = (patch as Partial<Settings>).firstRunDone ?? firstRunDone) }),
    'profiles.list': state,
    // As the engine does: a connection saved when there is none becomes the active one at once.
    'profiles.save': (input) => {
      const draft = input as ConnectionDraft
      const connection = { ...draft, id: draft.id ?? `conn-${profiles.length + 1}` } as Connection
      profiles = [...profiles.filter((p) => p.id !== connection.id), connection]
      activeProfileId ??= connection.id
      engine.emit('profiles.changed', state())
      return connection
    },
    'profiles.activate': (input) => {
      activeProfileId = (input as { id: string }).id
      engine.emit('profiles.changed', state())
      return state()
    },
    'secrets.status': () => ({ profileId: activeProfileId, hasKey: false, store: 'keychain', persistent: true }),
    'secrets.setApiKey': (input) => ({ profileId: (input as { profileId: string }).profileId, hasKey: true, store: 'keychain', persistent: true }),
    'secrets.check': () => checks.shift(),
    'sandbox.status': () => ({ available: true, running: false }),
  })
  const pinia = createPinia()
  setActivePinia(pinia)
  await useSettingsStore().start()
  wrapper = mount(Shell, { attachTo: document.body, global: { plugins: [pinia, createAppI18n('en', { strict: true })] } })
  await flushPromises()
})

afterEach(() => {
  wrapper.unmount()
  document.body.innerHTML = ''
})

async function connect(apiKey: string): Promise<void> {
  await wrapper.get('#first-run-url').setValue('https://api.studio.example')
  await wrapper.get('#first-run-key').setValue(apiKey)
  await wrapper.get('[data-testid=first-run-connect]').trigger('submit')
  await flushPromises()
}

describe('the first run', () => {
  it('stays open when the service refuses the key, says so, and a second try keeps the one connection', async () => {
    checks = [
      { ok: false, code: 'UNAUTHORIZED', httpStatus: 401, message: 'The service refused the key (HTTP 401).' },
      { ok: true, httpStatus: 200, message: 'The key works.' },
    ]
    await connect('sk-wrong')
    expect(wrapper.find('[data-testid=first-run]').exists()).toBe(true)
    expect(wrapper.get('[role=alert]').text()).toBe('The service refused this key: The service refused the key (HTTP 401).')

    await connect('sk-right')
    expect(wrapper.find('[data-testid=first-run]').exists()).toBe(false)
    const saves = engine.calls.filter((call) => call.method === 'profiles.save').map((call) => (call.input as ConnectionDraft).id)
    expect(saves).toEqual([undefined, 'conn-1'])
    expect(profiles.map((p) => p.id)).toEqual(['conn-1'])
    expect(useSettingsStore().active?.id).toBe('conn-1')
    // The connection is put to use only once its key was not refused.
    expect(engine.calls.map((call) => call.method).filter((m) => /^(secrets\.(setApiKey|check)|profiles\.activate|settings\.update)$/.test(m))).toEqual([
      'secrets.setApiKey',
      'secrets.check',
      'secrets.setApiKey',
      'secrets.check',
      'profiles.activate',
      'settings.update',
    ])
  })
})
