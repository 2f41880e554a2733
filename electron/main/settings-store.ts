import path from 'node:path'
import { app } from 'electron'
import ElectronStore from 'electron-store'
import type { SettingsStore } from '../core/ports'
import { documentSettingsStore, SETTINGS_FILE } from '../node/settings-store'

/**
 * Settings in electron-store (`<userData>/settings.json`). No `schema` is passed: electron-store
 * checks it when the file is opened, before the core's migrations run, so a document from an
 * earlier build (or one value out of range) would stop the app at start. The core validates
 * with zod instead, names the field, and falls back to that field's default.
 */
export function createElectronSettingsStore(): SettingsStore {
  const dir = app.getPath('userData')
  return documentSettingsStore(path.join(dir, SETTINGS_FILE), () => new ElectronStore({ name: 'settings', cwd: dir, configFileMode: 0o600, accessPropertiesByDotNotation: false }))
}
