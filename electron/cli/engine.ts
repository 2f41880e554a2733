import path from 'node:path'
import type { LogLine } from '../../shared/contract'
import { AppError } from '../../shared/errors'
import { BaseUrl, migrateSettings, RUN_CONNECTION_ID, SETTINGS_VERSION } from '../../shared/settings'
import { createCore, type Core } from '../core'
import type { SecretStore, SettingsStore } from '../core/ports'
import { ffmpegPortFor } from '../node/ffmpeg'
import { createNodeHost } from '../node/host'
import type { GlobalFlags } from './args'
import { builtInCatalog } from './catalog'
import { packOf } from './pack-file'
import { readProfileFile } from './profile-file'
import { version } from './usage'
import { say, sayKey } from './words'

/**
 * `--base-url`/`--profile` make a connection for this run only: the settings the app shares with
 * the CLI are read as they are and written back without it.
 */
function withRunConnection(store: SettingsStore, connection: Record<string, unknown>): SettingsStore {
  return {
    read() {
      // Brought up to date first, so the added connection is read as this version writes it.
      const doc: Record<string, unknown> = { ...migrateSettings(store.read()).document, schemaVersion: SETTINGS_VERSION }
      const profiles = Array.isArray(doc['profiles']) ? (doc['profiles'] as Array<Record<string, unknown>>) : []
      return { ...doc, profiles: [...profiles.filter((p) => p['id'] !== RUN_CONNECTION_ID), connection], activeProfileId: RUN_CONNECTION_ID }
    },
    write(value) {
      const doc = value as Record<string, unknown>
      const saved = (store.read() ?? {}) as Record<string, unknown>
      const profiles = Array.isArray(doc['profiles']) ? (doc['profiles'] as Array<Record<string, unknown>>) : []
      store.write({ ...doc, profiles: profiles.filter((p) => p['id'] !== RUN_CONNECTION_ID), activeProfileId: saved['activeProfileId'] ?? null })
    },
  }
}

/** REELBOX_API_KEY, when set, is the key for every connection in this run (and is never stored). */
function withEnvironmentKey(store: SecretStore, key: string | undefined): SecretStore {
  if (!key) return store
  return {
    get: async () => key,
    set: (account, secret) => store.set(account, secret),
    delete: (account) => store.delete(account),
    describe: async () => ({ kind: 'environment', persistent: false, reasons: [{ code: 'environment', variable: 'REELBOX_API_KEY' }] }),
  }
}

async function runConnection(flags: GlobalFlags, store: SettingsStore): Promise<Record<string, unknown> | undefined> {
  const pack = await packOf(flags)
  if (!flags.baseUrl && !flags.profile && !pack) return undefined
  const serviceProfile = pack ? pack.writtenProfile : flags.profile ? await readProfileFile(flags.profile) : {}
  // --base-url wins over the pack's own address.
  let baseUrl = flags.baseUrl ?? pack?.pack.baseUrl
  if (!baseUrl) {
    // --profile (or a pack without an address) alone: the active connection's address with this profile.
    const doc = (store.read() ?? {}) as { activeProfileId?: string; profiles?: Array<{ id: string; baseUrl: string }> }
    baseUrl = doc.profiles?.find((p) => p.id === doc.activeProfileId)?.baseUrl
    if (!baseUrl) throw new AppError('INVALID_INPUT', say('cli.flags.needsBaseUrl', { flag: pack ? 'pack' : 'profile' }))
  }
  const url = BaseUrl.safeParse(baseUrl)
  if (!url.success) throw new AppError('INVALID_INPUT', `--base-url ${url.error.issues[0]!.message}.`)
  return { id: RUN_CONNECTION_ID, name: pack?.pack.name ?? say('cli.flags.runConnection'), baseUrl: url.data, serviceProfile, catalogSource: { kind: 'default' }, sandbox: false }
}

/** An engine line in the terminal's language (its code and parameters, secrets redacted), else its English. */
function logText(line: LogLine): string {
  return line.code ? sayKey(`log.${line.code}`, line.params) : line.message
}

/**
 * The same engine the app runs, with the app's data folder, settings and keychain. Only
 * `reelbox resume` carries on the journal's unfinished jobs; every other command works on its own
 * jobs at most, and must not take over the ones another process (the app) is running.
 */
export async function openEngine(flags: GlobalFlags, options: { verbose?: boolean; resume?: boolean } = {}): Promise<Core> {
  // Not live: a command runs and exits, so no heartbeat and no connection checks of its own.
  const host = createNodeHost(process.env, { shell: 'cli', version: version() })
  const persisted = host.ports.settings
  const connection = await runConnection(flags, persisted)
  const settings = connection ? withRunConnection(persisted, connection) : persisted
  const catalog = await builtInCatalog(flags)
  const libraryDir = (settings.read() as { libraryDir?: string | null } | undefined)?.libraryDir
  const core = await createCore({
    ...host.ports,
    paths: { ...host.ports.paths, library: flags.library ? path.resolve(flags.library) : (libraryDir ?? host.ports.paths.library) },
    settings,
    secrets: withEnvironmentKey(host.ports.secrets, process.env['REELBOX_API_KEY']),
    catalog,
    ffmpeg: ffmpegPortFor(process.env, flags.ffmpeg),
    resumeJobs: options.resume ?? false,
    logSinks: options.verbose ? [(line) => void process.stderr.write(`${line.scope}: ${logText(line)}\n`)] : [],
  })
  host.reportTo(core.log.scope('secrets'))
  return core
}
