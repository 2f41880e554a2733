import { useEventListener } from '@vueuse/core'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { ConnectionStatus } from '@shared/contract/connection'
import { AppError } from '@shared/errors'
import { useEngineApi } from '@/api/provide'
import { useSettingsStore } from './settings'

/**
 * Can the active connection be reached (`connection.status` / `connection.changed`)? Create
 * shows an offline banner instead of failing on submit; the library never needs the service.
 */
export const useConnectionStore = defineStore('connection', () => {
  const settings = useSettingsStore()
  const status = shallowRef<ConnectionStatus>()
  const checking = ref(false)
  const checkProblem = ref<string>()

  /** Offline means the connection new work goes to, not one the designer has since left. */
  const offline = computed(() => status.value?.state === 'offline' && status.value.profileId === settings.profiles.activeProfileId)
  /** "api.example.com" for the banner; the Sandbox is named as such by the view. */
  const host = computed(() => {
    const url = settings.active?.baseUrl
    if (!url) return ''
    try {
      return new URL(url).host
    } catch {
      return url
    }
  })

  async function check(): Promise<void> {
    checking.value = true
    try {
      status.value = await useEngineApi().connection.check()
      checkProblem.value = undefined
    } catch (error) {
      checkProblem.value = AppError.from(error).message
    } finally {
      checking.value = false
    }
  }

  async function start(): Promise<() => void> {
    const api = useEngineApi()
    const stop = api.on('connection.changed', (next) => (status.value = next))
    // Coming back to the window is when a designer expects a dropped connection to have returned.
    const stopFocus = useEventListener(window, 'focus', () => void (offline.value && !checking.value && check()))
    try {
      status.value = await api.connection.status()
    } catch (error) {
      checkProblem.value = AppError.from(error).message
    }
    return () => {
      stop()
      stopFocus()
    }
  }

  return { status, offline, host, checking, checkProblem, check, start }
})
