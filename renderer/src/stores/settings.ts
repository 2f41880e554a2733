import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { ProfilesState } from '@shared/contract/profiles'
import type { KeyCheck, SecretStatus } from '@shared/contract/secrets'
import type { SandboxStatus } from '@shared/contract/sandbox'
import type { Settings } from '@shared/settings'
import { AppError } from '@shared/errors'
import { useEngineApi } from '@/api/provide'

/**
 * The designer's settings, connections and where the active connection's key lives (never the
 * key). Applies the theme to the page; the language is applied by the app (vue-i18n).
 */
export const useSettingsStore = defineStore('settings', () => {
  const settings = shallowRef<Settings>()
  const profiles = shallowRef<ProfilesState>({ profiles: [], activeProfileId: null })
  const secret = shallowRef<SecretStatus>()
  const sandbox = shallowRef<SandboxStatus>()
  const loadError = ref<string>()
  const loaded = ref(false)
  /** Nothing was connected when the app opened. */
  const startedEmpty = ref(false)

  const active = computed(() => profiles.value.profiles.find((profile) => profile.id === profiles.value.activeProfileId))
  const usingSandbox = computed(() => active.value?.sandbox === true)
  /**
   * First run: nothing was connected when the app opened and the designer has not finished the
   * welcome. A connection appearing meanwhile does not end it: the engine makes the first
   * connection it saves the active one, before its key has even been checked.
   */
  const firstRun = computed(() => loaded.value && startedEmpty.value && settings.value?.firstRunDone !== true)
  /** The active connection can take work: the Sandbox, or a service with a key. */
  const ready = computed(() => usingSandbox.value || (active.value !== undefined && secret.value?.hasKey === true))

  async function refreshSecret(): Promise<void> {
    secret.value = await useEngineApi().secrets.status()
  }

  async function start(): Promise<() => void> {
    const api = useEngineApi()
    const stops = [
      api.on('settings.changed', (next) => (settings.value = next)),
      api.on('profiles.changed', (next) => {
        profiles.value = next
        void refreshSecret()
      }),
      api.on('secrets.changed', (next) => {
        if (next.profileId === profiles.value.activeProfileId) secret.value = next
      }),
    ]
    try {
      ;[settings.value, profiles.value, secret.value, sandbox.value] = await Promise.all([api.settings.get(), api.profiles.list(), api.secrets.status(), api.sandbox.status()])
      loadError.value = undefined
    } catch (error) {
      loadError.value = AppError.from(error).message
    } finally {
      startedEmpty.value = !active.value
      loaded.value = true
    }
    return () => stops.forEach((stop) => stop())
  }

  // Theme: "system" leaves it to prefers-color-scheme (tokens.css); light/dark pin it.
  watch(
    () => settings.value?.theme,
    (theme) => {
      const root = document.documentElement
      if (!theme || theme === 'system') delete root.dataset['theme']
      else root.dataset['theme'] = theme
    },
  )

  async function update(patch: Parameters<ReturnType<typeof useEngineApi>['settings']['update']>[0]): Promise<Settings> {
    settings.value = await useEngineApi().settings.update(patch)
    return settings.value
  }

  async function enableSandbox(): Promise<void> {
    const api = useEngineApi()
    profiles.value = await api.sandbox.enable()
    sandbox.value = await api.sandbox.status()
    await refreshSecret()
  }

  /** New work goes to this connection. */
  async function activate(id: string): Promise<void> {
    profiles.value = await useEngineApi().profiles.activate({ id })
  }

  /** Sets or replaces a connection's key (the active one's without an id); the page keeps only its status. */
  async function setKey(profileId: string | undefined, apiKey: string): Promise<void> {
    const status = await useEngineApi().secrets.setApiKey({ profileId, apiKey })
    if (profileId === undefined || profileId === profiles.value.activeProfileId) secret.value = status
  }

  /**
   * Puts a saved connection to use (the welcome's Connect): stores its key and checks it. Only a
   * key the service did not refuse makes it the active connection; an unreachable service does,
   * since the key may well be right (Create then says it is offline).
   */
  async function connectService(profileId: string, apiKey: string): Promise<KeyCheck> {
    await setKey(profileId, apiKey)
    const check = await useEngineApi().secrets.check({ profileId })
    if (check.ok || check.code !== 'UNAUTHORIZED') await activate(profileId)
    return check
  }

  return { settings, profiles, secret, sandbox, active, usingSandbox, firstRun, ready, loaded, loadError, start, update, enableSandbox, refreshSecret, activate, setKey, connectService }
})
