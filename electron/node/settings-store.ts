/**
 * The SettingsStore port over a conf-style JSON file: `conf` in web mode and the CLI, and
 * electron-store (conf with Electron's folders) in the app. Both write atomically. The core owns
 * the schema, defaults and migrations; this only reads and writes the raw document.
 */
import { readFileSync, renameSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type ConfType from 'conf'
import type { SettingsStore } from '../core/ports'

/** What conf and electron-store have in common: the whole document as `store`. */
export interface JsonDocument {
  store: Record<string, unknown>
}

export const SETTINGS_FILE = 'settings.json'

/**
 * A file that is not JSON (hand-edited, truncated by a crash of another tool) is set aside as
 * `settings.json.corrupt-<time>` so the designer can recover it, and the app starts on defaults.
 * `peek`, when given, reads the file until the first write opens the document.
 */
export function documentSettingsStore(file: string, open: () => JsonDocument, peek?: () => unknown): SettingsStore {
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
        return document || !peek ? opened().store : peek()
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

/**
 * The settings file as conf would read it (a missing file is an empty document), without conf:
 * loading conf and its schema library costs more than a `reelbox` command that only reads.
 */
function readDocument(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
    throw error
  }
}

/** Settings in `<dataDir>/settings.json`, for web mode and the CLI; conf is loaded at the first write. */
export function createConfSettingsStore(dataDir: string): SettingsStore {
  const file = path.join(dataDir, SETTINGS_FILE)
  const open = (): JsonDocument => {
    // The SettingsStore port is synchronous; Node ≥ 20.19 requires an ES module synchronously.
    const Conf = (createRequire(import.meta.url)('conf') as { default: typeof ConfType }).default
    return new Conf({ cwd: dataDir, configName: 'settings', configFileMode: 0o600, accessPropertiesByDotNotation: false })
  }
  return documentSettingsStore(file, open, () => readDocument(file))
}
