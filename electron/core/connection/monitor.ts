import type { ConnectionStatus } from '../../../shared/contract/connection'
import type { EventBus } from '../events'
import type { Logger } from '../logger'
import type { Clock, FetchPort } from '../ports'
import type { ConnectionResolver } from './resolve'
import type { SettingsApi } from '../settings/service'

/**
 * Whether the active connection answers at all. Any HTTP answer from its base URL (even 404 or
 * 401) means reachable; only a failure to connect or a timeout means offline. Checked at start,
 * every `intervalMs`, when the active connection changes, and on demand.
 */
export interface ConnectionMonitor {
  status(): ConnectionStatus
  check(): Promise<ConnectionStatus>
  dispose(): void
}

export function createConnectionMonitor(deps: {
  settings: SettingsApi
  connections: Pick<ConnectionResolver, 'addressOf'>
  fetch: FetchPort
  clock: Clock
  events: EventBus
  log: Logger
  intervalMs?: number
  timeoutMs?: number
}): ConnectionMonitor {
  let current: ConnectionStatus = { profileId: deps.settings.activeConnection()?.id ?? null, state: 'unknown' }
  let timer: unknown
  let inFlight: Promise<ConnectionStatus> | undefined
  let disposed = false

  function publish(next: ConnectionStatus): ConnectionStatus {
    const changed = next.state !== current.state || next.profileId !== current.profileId || next.message !== current.message
    current = next
    if (changed) {
      deps.events.emit('connection.changed', next)
      if (next.state === 'offline') deps.log.warn('service.offline', { reason: next.message ?? '' })
      else if (next.state === 'online') deps.log.info('service.reachable')
    }
    return next
  }

  async function probe(): Promise<ConnectionStatus> {
    const connection = deps.settings.activeConnection()
    const checkedAt = deps.clock.now()
    if (!connection) return publish({ profileId: null, state: 'unknown', checkedAt })
    let baseUrl = connection.baseUrl
    try {
      baseUrl = await deps.connections.addressOf(connection)
      const response = await deps.fetch(baseUrl, { method: 'HEAD', signal: AbortSignal.timeout(deps.timeoutMs ?? 5000), redirect: 'manual' })
      await response.body?.cancel()
      return publish({ profileId: connection.id, state: 'online', checkedAt })
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name
      return publish({ profileId: connection.id, state: 'offline', checkedAt, message: `${new URL(baseUrl).host} did not answer (${cause})` })
    }
  }

  function check(): Promise<ConnectionStatus> {
    inFlight ??= probe().finally(() => (inFlight = undefined))
    return inFlight
  }

  function loop(): void {
    // A check still under way when the monitor was disposed must not start another round.
    if (disposed) return
    timer = deps.clock.setTimeout(() => void check().finally(loop), deps.intervalMs ?? 30_000)
  }

  // With no one watching (a host that is not live), the monitor only answers when asked.
  const watching = (deps.intervalMs ?? 30_000) > 0
  const stop = deps.settings.onChange((next, previous) => {
    // Only a change of where work goes matters (every settings change makes new profile objects).
    const address = (settings: typeof next): string | undefined => settings.profiles.find((p) => p.id === settings.activeProfileId)?.baseUrl
    if (watching && (next.activeProfileId !== previous.activeProfileId || address(next) !== address(previous))) void check()
  })
  if (watching) {
    void check()
    loop()
  }

  return {
    status: () => current,
    check,
    dispose() {
      disposed = true
      stop()
      deps.clock.clearTimeout(timer)
    },
  }
}
