import { defaultSettings, LEGACY_SECRETS_KEY, migrateSettings, SETTINGS_VERSION, Settings, type SettingsDocument } from '../../../shared/settings'
import type { Logger } from '../logger'
import type { SettingsStore } from '../ports'

export interface LoadedSettings {
  settings: Settings
  /** Keys an old document held in clear text, by connection id. */
  legacySecrets: Record<string, string>
  /** The stored document differs from `settings` (migrated, repaired or held a key) and should be rewritten. */
  dirty: boolean
  from: number | 'none'
}

type Path = ReadonlyArray<PropertyKey>

/** Removes the value at `path` (so its default applies); an invalid connection is set aside whole. */
function withoutPath(document: SettingsDocument, path: Path): SettingsDocument | undefined {
  const [head, ...rest] = path
  if (head === undefined) return undefined
  const key = String(head)
  if (key === 'profiles' && Array.isArray(document['profiles'])) {
    if (typeof rest[0] !== 'number') return { ...document, profiles: [] }
    const index = rest[0]
    return { ...document, profiles: document['profiles'].filter((_: unknown, i: number) => i !== index) }
  }
  const child = document[key]
  if (rest.length === 0 || typeof child !== 'object' || child === null || Array.isArray(child)) {
    const { [key]: _dropped, ...others } = document
    return others
  }
  return { ...document, [key]: withoutPath(child as SettingsDocument, rest) ?? {} }
}

function takeSecrets(document: SettingsDocument): Record<string, string> {
  const found = document[LEGACY_SECRETS_KEY]
  const secrets: Record<string, string> = {}
  if (found && typeof found === 'object') {
    for (const [id, value] of Object.entries(found)) if (typeof value === 'string' && value) secrets[id] = value
  }
  return secrets
}

/**
 * Reads, migrates and validates the stored document. A bad value never stops the app: it falls
 * back to its default (a bad connection is set aside) and the log names the field.
 */
export function loadSettings(store: SettingsStore, log: Logger): LoadedSettings {
  let raw: unknown
  try {
    raw = store.read()
  } catch (error) {
    log.warn('settings.unreadable', { reason: (error as Error).message })
    return { settings: defaultSettings, legacySecrets: {}, dirty: false, from: 'none' }
  }
  const migration = migrateSettings(raw)
  if (migration.newer) log.warn('settings.newer', { version: migration.from })
  const legacySecrets = takeSecrets(migration.document)
  const hadSecrets = LEGACY_SECRETS_KEY in migration.document || (typeof raw === 'object' && raw !== null && 'apiKey' in raw)
  const { [LEGACY_SECRETS_KEY]: _secrets, ...document } = migration.document
  const migrated = migration.from !== 'none' && migration.from !== SETTINGS_VERSION && !migration.newer

  let candidate: SettingsDocument | undefined = document
  let repaired = false
  for (let attempt = 0; candidate && attempt < 20; attempt++) {
    const parsed = Settings.safeParse(candidate)
    if (parsed.success) return { settings: parsed.data, legacySecrets, dirty: migrated || repaired || hadSecrets, from: migration.from }
    const issue = parsed.error.issues[0]!
    const where = issue.path.join('.') || 'document'
    log.warn(issue.path[0] === 'profiles' ? 'settings.connectionSetAside' : 'settings.defaultUsed', { where, issue: issue.message })
    candidate = withoutPath(candidate, issue.path)
    repaired = true
  }
  return { settings: defaultSettings, legacySecrets, dirty: true, from: migration.from }
}
