/**
 * Settings documents written by earlier builds, brought up to date one version at a time.
 * `settingsMigrations[n]` turns a version-n document into version n+1; each is a pure function
 * of the raw JSON, so each is tested on its own with a document as that build wrote it.
 */
export type SettingsDocument = Record<string, unknown>
export type Migration = (document: SettingsDocument) => SettingsDocument

/** Where a migration leaves secrets it found in an old document, for the core to move into the keychain. */
export const LEGACY_SECRETS_KEY = '_legacySecrets'

function isObject(value: unknown): value is SettingsDocument {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * v0 (the prototype build, no `schemaVersion`): one flat document with `serviceUrl`, the API key
 * in clear text (`apiKey`), `libraryPath`, `maxParallelJobs`, `darkMode` and `locale`.
 * v1: named connections, the key out of the file, nested concurrency, theme and language enums.
 */
const v0ToV1: Migration = (old) => {
  const next: SettingsDocument = { schemaVersion: 1 }
  if (typeof old['serviceUrl'] === 'string' && old['serviceUrl'].trim() !== '') {
    next['profiles'] = [{ id: 'default', name: 'My service', baseUrl: old['serviceUrl'] }]
    next['activeProfileId'] = 'default'
    next['firstRunDone'] = true
    if (typeof old['apiKey'] === 'string' && old['apiKey'] !== '') next[LEGACY_SECRETS_KEY] = { default: old['apiKey'] }
  }
  if (typeof old['libraryPath'] === 'string' && old['libraryPath'] !== '') next['libraryDir'] = old['libraryPath']
  if (old['maxParallelJobs'] !== undefined) next['concurrency'] = { jobs: old['maxParallelJobs'] }
  if (old['darkMode'] === true) next['theme'] = 'dark'
  else if (old['darkMode'] === false) next['theme'] = 'light'
  if (old['locale'] === 'zh' || old['locale'] === 'zh-CN') next['language'] = 'zh-CN'
  else if (old['locale'] === 'en') next['language'] = 'en'
  return next
}

export const settingsMigrations: readonly Migration[] = [v0ToV1]

/** The version this build writes: one past the last migration. */
export const SETTINGS_VERSION = settingsMigrations.length

export interface MigrationResult {
  document: SettingsDocument
  /** The version read: 'none' for no document at all (first run). */
  from: number | 'none'
  /** Written by a newer build: read what we understand, and say so. */
  newer: boolean
}

export function migrateSettings(raw: unknown): MigrationResult {
  if (!isObject(raw) || Object.keys(raw).length === 0) return { document: {}, from: 'none', newer: false }
  const stated = raw['schemaVersion']
  const from = typeof stated === 'number' && Number.isInteger(stated) && stated >= 0 ? stated : 0
  if (from > SETTINGS_VERSION) return { document: { ...raw, schemaVersion: SETTINGS_VERSION }, from, newer: true }
  let document: SettingsDocument = { ...raw }
  for (let version = from; version < SETTINGS_VERSION; version++) document = settingsMigrations[version]!(document)
  return { document, from, newer: false }
}
