import type { ProfilesState } from '../../../shared/contract/profiles'
import { SANDBOX_CONNECTION_ID, type SandboxStatus } from '../../../shared/contract/sandbox'
import { AppError } from '../../../shared/errors'
import type { CatalogService } from '../catalog/service'
import type { Logger } from '../logger'
import type { SandboxPort } from '../ports'
import type { SettingsService } from '../settings/service'

/**
 * The built-in Sandbox as the engine sees it: a connection like any other (id "sandbox", always
 * labelled), whose address and key come from the running Sandbox instead of the keychain. The
 * Sandbox honours idempotency keys, so its connection's profile says so (issue 4 item 1).
 */
export interface SandboxHost {
  /** Address and key of the running Sandbox, starting it if needed. */
  running(): Promise<{ baseUrl: string; apiKey: string }>
  /** Starts it at engine start when a Sandbox connection exists, so its jobs can finish. */
  resume(): Promise<void>
  /** Whether this host has a Sandbox, and where it runs if it does. */
  status(): SandboxStatus
  /** Starts it and makes it the active connection. */
  enable(): Promise<ProfilesState>
  stop(): Promise<void>
}

export function createSandboxHost(deps: { port?: SandboxPort; settings: SettingsService; catalog: CatalogService; log: Logger }): SandboxHost {
  let current: Promise<{ baseUrl: string; apiKey: string }> | undefined
  let address: string | undefined

  function running(): Promise<{ baseUrl: string; apiKey: string }> {
    if (!deps.port) return Promise.reject(new AppError('NOT_FOUND', 'The built-in Sandbox is not available here.'))
    current ??= deps.port.start(deps.catalog.state().catalog, deps.log).then(
      (started) => {
        address = started.baseUrl
        deps.log.info('sandbox.running', { url: started.baseUrl })
        return started
      },
      (error: unknown) => {
        current = undefined
        throw AppError.from(error)
      },
    )
    return current
  }

  function saveConnection(baseUrl: string): void {
    deps.settings.saveProfile({
      id: SANDBOX_CONNECTION_ID,
      name: 'Sandbox',
      baseUrl,
      serviceProfile: { idempotency: { send: true, honoured: true } },
      catalogSource: { kind: 'default' },
      sandbox: true,
    })
  }

  return {
    running,
    async resume() {
      const connection = deps.settings.connection(SANDBOX_CONNECTION_ID)
      if (!connection?.sandbox || !deps.port) return
      const started = await running()
      if (started.baseUrl !== connection.baseUrl) saveConnection(started.baseUrl)
    },
    status: () => ({ available: deps.port !== undefined, running: address !== undefined, baseUrl: address }),
    async enable() {
      const started = await running()
      saveConnection(started.baseUrl)
      return deps.settings.activate(SANDBOX_CONNECTION_ID)
    },
    async stop() {
      if (current) await deps.port?.stop()
      current = undefined
      address = undefined
    },
  }
}
