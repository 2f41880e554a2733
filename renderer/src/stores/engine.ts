import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { AppInfo, LogLine } from '@shared/contract'
import { AppError } from '@shared/errors'
import { useEngineApi, useTransport, type ConnectionState } from '@/api/provide'

const KEEP_LINES = 200

/**
 * The engine itself: who it is (`app.info`), whether we are connected, and its live log. When it
 * is away (issue 22 item 3) what the page shows of it is from before: `away` says so to every
 * screen, and `returned` lets the stores catch up once it is back.
 */
export const useEngineStore = defineStore('engine', () => {
  const info = ref<AppInfo>()
  const infoError = ref<string>()
  const connection = ref<ConnectionState>('connecting')
  /** Gone after having been there (closed or refusing our token): live figures are frozen. */
  const away = computed(() => connection.value === 'closed' || connection.value === 'refused')
  const returnListeners = new Set<() => void>()
  const uptimeMs = ref<number>()
  const log = shallowRef<LogLine[]>([])

  function append(line: LogLine): void {
    log.value = [...log.value.slice(-(KEEP_LINES - 1)), line]
  }

  async function loadInfo(): Promise<void> {
    try {
      info.value = await useEngineApi().app.info()
      infoError.value = undefined
    } catch (error) {
      infoError.value = AppError.from(error).message
    }
  }

  async function start(): Promise<() => void> {
    const api = useEngineApi()
    const transport = useTransport()
    connection.value = transport.state
    const stops = [
      transport.onState((state) => {
        const wasAway = away.value
        connection.value = state
        if (state !== 'open') return
        void loadInfo()
        if (wasAway) for (const listener of returnListeners) listener()
      }),
      api.on('engine.log', append),
      api.on('engine.heartbeat', (beat) => (uptimeMs.value = beat.uptimeMs)),
    ]
    await loadInfo()
    const recent = await api.app.recentLog({ limit: 100 }).catch(() => [])
    log.value = [...recent, ...log.value.filter((line) => !recent.some((r) => r.time === line.time && r.message === line.message))]
    return () => stops.forEach((stop) => stop())
  }

  /** Called each time the engine is back after being away. */
  function onReturn(listener: () => void): () => void {
    returnListeners.add(listener)
    return () => returnListeners.delete(listener)
  }

  return { info, infoError, connection, away, uptimeMs, log, start, onReturn }
})
