import { AppError, problemError } from '../../../shared/errors'
import { problem } from '../../../shared/rules/problems'
import type { ResolvedConnection } from '../../../shared/settings'
import type { SandboxHost } from '../sandbox/host'
import type { SecretsApi } from '../secrets/service'
import type { Connection } from '../service/client'
import type { SettingsApi } from '../settings/service'

/**
 * Where a connection's requests go and with which key: the one answer the job runner, the
 * connection monitor and `reelbox status` all use. The built-in Sandbox is a connection like any
 * other, except that its address and key come from the running Sandbox, not settings and keychain.
 */
export interface ConnectionResolver {
  addressOf(connection: ResolvedConnection): Promise<string>
  /** UNAUTHORIZED without a key; NOT_FOUND when the connection has been removed. */
  connectionFor(profileId: string): Promise<Connection>
}

export function createConnectionResolver(deps: { settings: SettingsApi; secrets: SecretsApi; sandbox: SandboxHost }): ConnectionResolver {
  return {
    async addressOf(connection) {
      return connection.sandbox ? (await deps.sandbox.running()).baseUrl : connection.baseUrl
    },
    async connectionFor(profileId) {
      const connection = deps.settings.connection(profileId)
      if (!connection) throw new AppError('NOT_FOUND', `The connection "${profileId}" has been removed.`)
      if (connection.sandbox) {
        const sandbox = await deps.sandbox.running()
        return { id: profileId, baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, profile: connection.serviceProfile }
      }
      const apiKey = await deps.secrets.apiKeyFor(profileId)
      // A problem, not only words: a job whose key is missing waits for it instead of failing.
      if (!apiKey) throw problemError('UNAUTHORIZED', problem('key.missing', { connection: connection.name }), `No API key for “${connection.name}”: add it in Settings.`)
      return { id: profileId, baseUrl: connection.baseUrl, apiKey, profile: connection.serviceProfile }
    },
  }
}
