import type { KeyCheck, SecretStatus } from '../../../shared/contract/secrets'
import { AppError, invalidInput } from '../../../shared/errors'
import type { EventBus } from '../events'
import type { LogHub, Logger } from '../logger'
import type { FetchPort, SecretStore } from '../ports'
import type { SettingsApi } from '../settings/service'
import { checkApiKey } from './check-key'

/** What the rest of the engine may ask: a connection's key, to put in a request header (§5). */
export interface SecretsApi {
  apiKeyFor(profileId: string): Promise<string | undefined>
}

export interface SecretsService extends SecretsApi {
  status(profileId?: string): Promise<SecretStatus>
  setApiKey(profileId: string | undefined, apiKey: string): Promise<SecretStatus>
  clear(profileId?: string): Promise<SecretStatus>
  check(profileId?: string): Promise<KeyCheck>
  /** Removes a deleted connection's key; never fails (a silent keychain is logged). */
  forget(profileId: string): Promise<void>
  /** Moves keys an old settings file held in clear text into the store. */
  adoptLegacy(secrets: Record<string, string>): Promise<void>
}

export interface SecretsDeps {
  readonly store: SecretStore
  readonly settings: SettingsApi
  readonly logs: LogHub
  readonly log: Logger
  readonly events: EventBus
  readonly fetch: FetchPort
}

/** Every key that passes through is registered for redaction before anything else can see it. */
function redacting(store: SecretStore, logs: LogHub): SecretStore {
  return {
    async get(account) {
      const secret = await store.get(account)
      if (secret) logs.addSecret(secret)
      return secret
    },
    async set(account, secret) {
      logs.addSecret(secret)
      await store.set(account, secret)
    },
    delete: (account) => store.delete(account),
    describe: (account) => store.describe(account),
  }
}

export function createSecretsService(deps: SecretsDeps): SecretsService {
  const store = remembering(redacting(deps.store, deps.logs))

  /** The connection asked about, or the active one; it must exist. */
  function connectionId(profileId: string | undefined): string {
    const id = profileId ?? deps.settings.current().activeProfileId
    if (id === null) throw invalidInput({ profileId: ['no connection yet: create one first'] })
    if (!deps.settings.connection(id)) {
      throw new AppError('NOT_FOUND', `No connection with id "${id}".`, { details: { fields: { profileId: ['no connection with this id'] } } })
    }
    return id
  }

  async function statusOf(id: string | null): Promise<SecretStatus> {
    const hasKey = id !== null && (await store.get(id)) !== undefined
    const where = await store.describe(id ?? undefined)
    return {
      profileId: id,
      hasKey,
      store: where.kind,
      persistent: where.persistent,
      ...(where.reasons?.length ? { reasons: where.reasons } : {}),
      ...(where.needsConsent ? { needsConsent: true } : {}),
    }
  }

  async function changed(id: string): Promise<SecretStatus> {
    const status = await statusOf(id)
    deps.events.emit('secrets.changed', status)
    return status
  }

  // Consent to an encrypted file (Linux basic_text) moves keys that were kept for this session only.
  deps.settings.onChange((next, previous) => {
    if (!next.allowBasicTextEncryption || previous.allowBasicTextEncryption) return
    void (async () => {
      for (const { id } of next.profiles) {
        const where = await store.describe(id)
        const key = where.kind === 'session' ? await store.get(id) : undefined
        if (key === undefined) continue
        await store.set(id, key)
        await changed(id)
      }
    })().catch((error: unknown) => deps.log.warn('secrets.notMoved', { reason: (error as Error).message }))
  })

  return {
    apiKeyFor: (profileId) => store.get(profileId),

    async status(profileId) {
      const id = profileId ?? deps.settings.current().activeProfileId
      return statusOf(id === null ? null : connectionId(id))
    },

    async setApiKey(profileId, apiKey) {
      const id = connectionId(profileId)
      await store.set(id, apiKey)
      const status = await changed(id)
      deps.log.info(status.persistent ? 'secrets.saved' : 'secrets.savedForSession', { id, store: status.store })
      return status
    },

    async clear(profileId) {
      const id = connectionId(profileId)
      await store.delete(id)
      deps.log.info('secrets.removed', { id })
      return changed(id)
    },

    async check(profileId) {
      const id = connectionId(profileId)
      const connection = deps.settings.connection(id)!
      const apiKey = await store.get(id)
      if (apiKey === undefined) return { ok: false, code: 'UNAUTHORIZED', message: `No API key is stored for "${connection.name}".` }
      const result = await checkApiKey({ baseUrl: connection.baseUrl, profile: connection.serviceProfile, apiKey, fetch: deps.fetch })
      deps.log.info(result.ok ? 'secrets.checkAccepted' : result.httpStatus ? 'secrets.checkRefusedHttp' : 'secrets.checkRefused', { connection: connection.name, code: result.ok ? '' : result.code, status: result.httpStatus ?? '' })
      return result
    },

    async forget(profileId) {
      try {
        await store.delete(profileId)
        deps.events.emit('secrets.changed', await statusOf(profileId))
      } catch (error) {
        deps.log.warn('secrets.orphanNotDeleted', { id: profileId, reason: (error as Error).message })
      }
    },

    async adoptLegacy(secrets) {
      for (const [id, key] of Object.entries(secrets)) {
        await store.set(id, key)
        const where = await store.describe(id)
        deps.log.warn('secrets.movedFromSettings', { store: where.kind })
      }
    },
  }
}

/**
 * Keys found once per connection are kept in memory: the job runner needs one on every poll of
 * every job, and each keychain call is IPC to the OS (which can be slow, or prompt). Every change
 * goes through this store, so it stays true. "No key" is not remembered: a locked keychain that
 * answers nothing now may have the key once it is unlocked.
 */
function remembering(store: SecretStore): SecretStore {
  const keys = new Map<string, string>()
  return {
    async get(account) {
      const known = keys.get(account)
      if (known !== undefined) return known
      const found = await store.get(account)
      if (found !== undefined) keys.set(account, found)
      return found
    },
    async set(account, secret) {
      keys.delete(account)
      await store.set(account, secret)
      keys.set(account, secret)
    },
    async delete(account) {
      keys.delete(account)
      await store.delete(account)
    },
    describe: (account) => store.describe(account),
  }
}
