/**
 * The engine's composition root. Everything with a side effect arrives as a port; what comes
 * out is a router (for the transports), an event bus and a logger.
 */
import type { CallContext } from '../../shared/contract'
import { buildHandlers } from './handlers'
import { createEventBus, type EventBus } from './events'
import { createLogHub, type LogHub, type Logger } from './logger'
import { systemClock, type CorePorts } from './ports'
import { createRouter, type Router } from './router'

export interface Core {
  readonly router: Router
  readonly events: EventBus
  readonly logs: LogHub
  readonly log: Logger
  /** Calls a procedure in-process (CLI, tests), with the same validation as a transport. */
  call(method: string, input?: unknown, ctx?: CallContext): Promise<unknown>
  dispose(): Promise<void>
}

export async function createCore(ports: CorePorts): Promise<Core> {
  const clock = ports.clock ?? systemClock
  const startedAt = clock.now()
  const events = createEventBus()
  const logs = createLogHub(() => clock.now())
  for (const sink of ports.logSinks ?? []) logs.addSink(sink)
  logs.addSink((line) => events.emit('engine.log', line))
  const log = logs.root.scope('engine')

  const router = createRouter(buildHandlers({ ports, logs, startedAt }), logs.root.scope('router'), { validateOutputs: ports.validateOutputs })

  let heartbeat: unknown
  const beat = (): void => {
    events.emit('engine.heartbeat', { time: clock.now(), uptimeMs: clock.now() - startedAt })
    heartbeat = clock.setTimeout(beat, ports.heartbeatMs ?? 5000)
  }
  if ((ports.heartbeatMs ?? 5000) > 0) heartbeat = clock.setTimeout(beat, ports.heartbeatMs ?? 5000)

  log.info(`Engine started (${ports.host.shell}, ${ports.host.runtime}).`)

  return {
    router,
    events,
    logs,
    log,
    call: (method, input, ctx = { transport: 'test' }) => router.call(method, input, ctx),
    async dispose() {
      clock.clearTimeout(heartbeat)
    },
  }
}
