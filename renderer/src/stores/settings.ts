import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { ProfilesState } from '@shared/contract/profiles'
import type { SecretStatus } from '@shared/contract/secrets'
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

  const active = computed(() => profiles.value.profiles.find((profile) => profile.id === profiles.value.activeProfileId))
  const usingSandbox = computed(() => active.value?.sandbox === true)
  /** First run: nothing connected yet and the designer has not dismissed the welcome. */
  const firstRun = computed(() => loaded.value && !active.value && settings.value?.firstRunDone !== true)
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

  return { settings, profiles, secret, sandbox, active, usingSandbox, firstRun, ready, loaded, loadError, start, update, enableSandbox, refreshSecret }
})
