import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type { ProfilesState } from '../../../shared/contract/profiles'
import { AppError, fieldErrorsFromZod, invalidInput } from '../../../shared/errors'
import { resolveConnection, Settings, type Connection, type ConnectionDraft, type ResolvedConnection, type SettingsPatch } from '../../../shared/settings'
import type { EventBus } from '../events'
import type { Logger } from '../logger'
import type { SettingsStore } from '../ports'
import { loadSettings } from './load'

/** What the rest of the engine reads: the current settings, connections by id, and changes. */
export interface SettingsApi {
  current(): Settings
  /** The connection new work goes to, with its service profile resolved; undefined before the first one. */
  activeConnection(): ResolvedConnection | undefined
  /** A connection by id (jobs keep the one they were submitted with, even after a switch). */
  connection(id: string): ResolvedConnection | undefined
  onChange(listener: (next: Settings, previous: Settings) => void): () => void
}

export interface SettingsService extends SettingsApi {
  update(patch: z.output<typeof SettingsPatch>): Settings
  profiles(): ProfilesState
  saveProfile(draft: z.output<typeof ConnectionDraft>): Connection
  /** Removes a connection and returns it (its key is the secrets service's business). */
  removeProfile(id: string): Connection
  activate(id: string): ProfilesState
  /** API keys an old settings document held in clear text, handed over once to be moved to the keychain. */
  takeLegacySecrets(): Record<string, string>
  /** Writes the document back if loading migrated or repaired it (after legacy keys are safe). */
  persistLoaded(): void
}

export interface SettingsDeps {
  readonly store: SettingsStore
  readonly events: EventBus
  readonly log: Logger
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A deep-partial patch over a document: objects merge, everything else replaces; undefined means "unchanged". */
export function mergePatch(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch
  const out: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) out[key] = mergePatch(base[key], value)
  return out
}

/** The active connection always exists when any does. */
function consistent(settings: Settings): Settings {
  const ids = settings.profiles.map((p) => p.id)
  if (settings.activeProfileId !== null && ids.includes(settings.activeProfileId)) return settings
  return { ...settings, activeProfileId: ids[0] ?? null }
}

function notFound(id: string): AppError {
  return new AppError('NOT_FOUND', `No connection with id "${id}".`, { details: { fields: { id: ['no connection with this id'] } } })
}

/** A readable id from the connection's name ("Studio gateway" → "studio-gateway"), unique among `taken`. */
export function newConnectionId(name: string, taken: readonly string[]): string {
  const slug =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'connection'
  let id = slug
  while (taken.includes(id)) id = `${slug}-${randomBytes(3).toString('hex')}`
  return id
}

export function createSettingsService(deps: SettingsDeps): SettingsService {
  const loaded = loadSettings(deps.store, deps.log)
  let current = deepFreeze(consistent(loaded.settings))
  let legacySecrets = loaded.legacySecrets
  const listeners = new Set<(next: Settings, previous: Settings) => void>()

  const profilesState = (settings = current): ProfilesState => ({ profiles: settings.profiles, activeProfileId: settings.activeProfileId })

  function commit(candidate: unknown): Settings {
    const parsed = Settings.safeParse(candidate)
    if (!parsed.success) throw invalidInput(fieldErrorsFromZod(parsed.error))
    const next = deepFreeze(consistent(parsed.data))
    try {
      deps.store.write(next)
    } catch (error) {
      throw new AppError('DISK', `Could not save the settings: ${(error as Error).message}`, { cause: error })
    }
    const previous = current
    current = next
    deps.events.emit('settings.changed', next)
    if (JSON.stringify(profilesState(previous)) !== JSON.stringify(profilesState(next))) deps.events.emit('profiles.changed', profilesState(next))
    for (const listener of [...listeners]) {
      try {
        listener(next, previous)
      } catch (error) {
        deps.log.error('settings.listenerFailed', { reason: (error as Error).message })
      }
    }
    return next
  }

  const find = (id: string): Connection | undefined => current.profiles.find((p) => p.id === id)
  // Settings are frozen and replaced whole on change, so a resolved profile can be kept per
  // object: the job runner asks for its connection on every poll.
  const resolved = new WeakMap<Connection, ResolvedConnection>()
  const resolve = (connection: Connection): ResolvedConnection => {
    let done = resolved.get(connection)
    if (!done) resolved.set(connection, (done = resolveConnection(connection)))
    return done
  }

  return {
    current: () => current,
    activeConnection() {
      const active = current.activeProfileId === null ? undefined : find(current.activeProfileId)
      return active && resolve(active)
    },
    connection(id) {
      const found = find(id)
      return found && resolve(found)
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    update: (patch) => commit(mergePatch(current, patch)),
    profiles: () => profilesState(),
    saveProfile(draft) {
      const id = draft.id ?? newConnectionId(draft.name, current.profiles.map((p) => p.id))
      const connection: Connection = { ...draft, id }
      const index = current.profiles.findIndex((p) => p.id === id)
      const profiles = index >= 0 ? current.profiles.map((p, i) => (i === index ? connection : p)) : [...current.profiles, connection]
      const saved = commit({ ...current, profiles, activeProfileId: current.activeProfileId ?? id })
      return saved.profiles.find((p) => p.id === id)!
    },
    removeProfile(id) {
      const removed = find(id)
      if (!removed) throw notFound(id)
      const profiles = current.profiles.filter((p) => p.id !== id)
      commit({ ...current, profiles, activeProfileId: current.activeProfileId === id ? (profiles[0]?.id ?? null) : current.activeProfileId })
      return removed
    },
    activate(id) {
      if (!find(id)) throw notFound(id)
      return profilesState(commit({ ...current, activeProfileId: id }))
    },
    takeLegacySecrets() {
      const taken = legacySecrets
      legacySecrets = {}
      return taken
    },
    persistLoaded() {
      if (!loaded.dirty) return
      try {
        deps.store.write(current)
        deps.log.info(loaded.from === 'none' ? 'settings.created' : 'settings.upgraded', { version: loaded.from })
      } catch (error) {
        deps.log.warn('settings.notSaved', { reason: (error as Error).message })
      }
    },
  }
}
