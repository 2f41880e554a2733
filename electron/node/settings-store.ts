/**
 * The SettingsStore port over a conf-style JSON file: `conf` in web mode and the CLI, and
 * electron-store (conf with Electron's folders) in the app. Both write atomically. The core owns
 * the schema, defaults and migrations; this only reads and writes the raw document.
 */
import { renameSync } from 'node:fs'
import path from 'node:path'
import Conf from 'conf'
import type { SettingsStore } from '../core/ports'

/** What conf and electron-store have in common: the whole document as `store`. */
export interface JsonDocument {
  store: Record<string, unknown>
}

export const SETTINGS_FILE = 'settings.json'

/**
 * A file that is not JSON (hand-edited, truncated by a crash of another tool) is set aside as
 * `settings.json.corrupt-<time>` so the designer can recover it, and the app starts on defaults.
 */
export function documentSettingsStore(file: string, open: () => JsonDocument): SettingsStore {
  function setAside(): void {
    try {
      renameSync(file, `${file}.corrupt-${Date.now()}`)
    } catch {
      // Nothing to set aside.
    }
  }
  let document: JsonDocument | undefined
  function opened(): JsonDocument {
    if (document) return document
    try {
      document = open()
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error
      setAside()
      document = open()
    }
    return document
  }
  return {
    read() {
      try {
        return opened().store
      } catch (error) {
        if (!(error instanceof SyntaxError)) throw error
        setAside()
        return undefined
      }
    },
    write(value) {
      opened().store = structuredClone(value) as Record<string, unknown>
    },
  }
}

/** Settings in `<dataDir>/settings.json`, for web mode and the CLI. */
export function createConfSettingsStore(dataDir: string): SettingsStore {
  return documentSettingsStore(path.join(dataDir, SETTINGS_FILE), () => new Conf({ cwd: dataDir, configName: 'settings', configFileMode: 0o600, accessPropertiesByDotNotation: false }))
}
