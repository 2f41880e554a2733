import type { z } from 'zod'
import { CATALOG_SCHEMA_VERSION } from '../../../shared/catalog'
import type { AnswerKind } from '../../../shared/contract/profiles'
import type { PackPreview, packsProcedures } from '../../../shared/contract/packs'
import { AppError } from '../../../shared/errors'
import { PACK_SCHEMA_VERSION, PACK_SUFFIX, type ReadPack } from '../../../shared/pack'
import { errorKinds } from '../../../shared/profile'
import { type Connection, ConnectionDraft } from '../../../shared/settings'
import type { CatalogService } from '../catalog/service'
import { writeFileAtomic } from '../files/atomic'
import type { Logger } from '../logger'
import type { ShellPort } from '../ports'
import { testProfile } from '../service/given-answer'
import type { SettingsService } from '../settings/service'
import { readPackText, refused } from './read'

/**
 * Service packs in the app (issue 25): read one to show what it holds (and its samples under
 * its profile), import all of it or none (a connection, made active, and its catalogue), and
 * write a connection out as one (never with its key).
 */
export interface PackDeps {
  settings: SettingsService
  catalog: CatalogService
  shell?: ShellPort
  redact(text: string): string
  log: Logger
}

type Export = (typeof packsProcedures)['packs.export']

const sampleKinds: readonly AnswerKind[] = ['submit', 'query', 'error']

function preview({ pack, writtenProfile }: ReadPack, redact: (text: string) => string): PackPreview {
  const { profile } = pack
  const kinds: PackPreview['errors']['kinds'] = {}
  for (const kind of errorKinds) if (profile.errors.kinds[kind]?.length) kinds[kind] = profile.errors.kinds[kind].map(String)
  return {
    name: pack.name,
    ...(pack.description && { description: pack.description }),
    ...(pack.docsUrl && { docsUrl: pack.docsUrl }),
    ...(pack.baseUrl && { baseUrl: pack.baseUrl }),
    models: pack.catalog.models.map((model) => ({ id: model.id, displayName: model.displayName, modes: Object.keys(model.modes) as PackPreview['models'][number]['modes'] })),
    results: { statusPath: profile.query.statusPath, urlsPath: profile.query.urlsPath, success: profile.statuses.success, failure: profile.statuses.failure },
    errors: { message: profile.errors.message, code: profile.errors.code, field: profile.errors.field, kinds },
    samples: sampleKinds.filter((kind) => pack.samples?.[kind] !== undefined).map((kind) => testProfile(writtenProfile, JSON.stringify(pack.samples![kind]), kind, redact)),
  }
}

/** "Third service" → "third-service.reelbox-pack.json". */
const fileNameOf = (name: string): string => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'service'}${PACK_SUFFIX}`

/** What a pack holds, and how its samples read under its profile, before anything is kept. */
export function previewPack(deps: PackDeps, name: string, text: string): PackPreview {
  return preview(readPackText(text, name), deps.redact)
}

/**
 * The pack's connection, made active, and its catalogue: all of it or none. At the address the
 * designer gives (a pack need not name one), else at the pack's.
 */
export async function importPack(deps: PackDeps, name: string, text: string, baseUrl?: string): Promise<Connection> {
  // Checked whole first, catalogue merged as it will be used: what is kept below cannot be refused.
  const { pack, writtenProfile } = readPackText(text, name)
  const address = baseUrl ?? pack.baseUrl
  if (!address) throw refused(name, 'baseUrl', 'invalid', { code: 'noAddress' })
  const connection = deps.settings.saveProfile(ConnectionDraft.parse({ name: pack.name, baseUrl: address, serviceProfile: writtenProfile }))
  try {
    await deps.catalog.importFile({ name, bytes: new TextEncoder().encode(JSON.stringify(pack.catalog)) })
  } catch (error) {
    // Nothing half-imported: the connection goes with the catalogue that could not be kept.
    deps.settings.removeProfile(connection.id)
    throw error
  }
  deps.settings.activate(connection.id)
  deps.log.info('packs.imported', { name, count: pack.catalog.models.length, connection: pack.name })
  return connection
}

/** A connection written out as a pack (never with its key): as text, or saved where the designer chooses. */
export async function exportPack(deps: PackDeps, { id, save, title }: z.output<Export['input']>): Promise<z.input<Export['output']>> {
  const connection = deps.settings.profiles().profiles.find((p) => p.id === id)
  if (!connection) throw new AppError('NOT_FOUND', `No connection ${id}.`)
  const { catalog, placeholder } = deps.catalog.state()
  const pack = {
    schemaVersion: PACK_SCHEMA_VERSION,
    name: connection.name,
    ...(!connection.sandbox && { baseUrl: connection.baseUrl }),
    profile: connection.serviceProfile,
    // The catalogue in force, whole: the pack stands on its own wherever it is imported.
    catalog: { schemaVersion: CATALOG_SCHEMA_VERSION, name: catalog.name, placeholder, replaceDefault: true, families: catalog.families, models: catalog.models },
  }
  const text = `${JSON.stringify(pack, null, 2)}\n`
  const fileName = fileNameOf(connection.name)
  if (!save) return { fileName, text }
  const choose = deps.shell?.chooseSaveFile?.bind(deps.shell)
  if (!choose) throw new AppError('INVALID_INPUT', 'This window cannot save files through a dialog; download the pack instead.')
  const location = await choose({ title, defaultPath: fileName })
  if (!location) return { fileName }
  await writeFileAtomic(location, text)
  deps.log.info('packs.saved', { connection: connection.name, file: location })
  return { fileName, location }
}
