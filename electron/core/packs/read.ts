import { modes } from '../../../shared/catalog'
import { problemError, type AppError } from '../../../shared/errors'
import { say } from '../../../shared/locales'
import { PACK_SCHEMA_VERSION, ServicePack, type PackCheck, type PackRefusal, type ReadPack } from '../../../shared/pack'
import { errorKinds } from '../../../shared/profile'
import { problem } from '../../../shared/rules/problems'
import defaultCatalog from '../catalog/default-catalog.json'
import { mergeCatalogs, parseCatalogValue } from '../catalog/document'

/**
 * A service pack's text → a checked pack, or one refusal naming the field inside it and why
 * (`pack.refused`, worded by each reader in its language). Checked whole, profile and catalogue
 * (merged with the default catalogue, as it will be used), before anything of it is kept: the
 * app and the CLI import all of a pack or none of it. Pure.
 */
export function refused(file: string, field: string, why: PackRefusal, check: PackCheck): AppError {
  const detail = say('en', `packChecks.${check.code}`, check)
  return problemError('INVALID_INPUT', problem('pack.refused', { file, field, why, detail, check }))
}

/** The names a section takes, for a refusal of one it does not know ("kinds": key, parameter…). */
const namesBySection: Record<string, readonly string[]> = { kinds: errorKinds, modes }

interface Issue {
  readonly code?: string
  readonly path: ReadonlyArray<PropertyKey>
  readonly message: string
  readonly keys?: readonly string[]
  readonly expected?: string
  readonly minimum?: number | bigint
  readonly maximum?: number | bigint
  readonly values?: readonly unknown[]
  readonly format?: string
}

/** A schema's issue by its code, with its facts: the readers word it (the message is the schema library's English). */
function checkOf(issue: Issue): PackCheck {
  const detail = issue.message.replace(/^Invalid input: /, '')
  if (issue.code === 'invalid_type') return { code: 'wrongType', expected: String(issue.expected), detail }
  if (issue.code === 'too_small') return { code: 'tooSmall', minimum: String(issue.minimum), detail }
  if (issue.code === 'too_big') return { code: 'tooBig', maximum: String(issue.maximum), detail }
  if (issue.code === 'invalid_value') return { code: 'notAllowed', values: (issue.values ?? []).map(String).join(', '), detail }
  if (issue.code === 'invalid_format') return { code: 'badFormat', format: String(issue.format), detail }
  if (issue.code === 'invalid_union') return { code: 'noForm', detail }
  return { code: 'said', detail }
}

/** The first issue of a schema, as the field it names and why. */
function refusalOf(file: string, issue: Issue): AppError {
  const path = issue.path.map(String)
  if (issue.code === 'unrecognized_keys' && issue.keys?.[0] !== undefined) {
    const key = issue.keys[0]
    const takes = namesBySection[path.at(-1) ?? '']
    const check: PackCheck = takes ? { code: 'notOneOf', key, names: takes.join(', ') } : { code: 'unknownName', key }
    return refused(file, [...path, key].join('.'), 'unknown', check)
  }
  return refused(file, path.join('.'), 'invalid', checkOf(issue))
}

export function readPackText(text: string, file: string): ReadPack {
  let value: unknown
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    throw refused(file, '', 'notJson', { code: 'said', detail: error instanceof Error ? error.message : String(error) })
  }
  return readPackValue(value, file)
}

export function readPackValue(value: unknown, file: string): ReadPack {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw refused(file, '', 'invalid', { code: 'notObject' })
  const version = (value as { schemaVersion?: unknown }).schemaVersion
  if (typeof version === 'number' && version !== PACK_SCHEMA_VERSION) {
    throw refused(file, 'schemaVersion', 'version', { code: 'version', found: version, reads: PACK_SCHEMA_VERSION })
  }
  const parsed = ServicePack.safeParse(value)
  if (!parsed.success) throw refusalOf(file, parsed.error.issues[0]!)
  // As it will be used: over the default catalogue, every model of a family that exists.
  try {
    const catalog = parseCatalogValue((value as { catalog: unknown }).catalog, file)
    mergeCatalogs({ doc: parseCatalogValue(defaultCatalog, 'the default catalogue'), source: 'the default catalogue' }, { doc: catalog, source: file })
  } catch (error) {
    const fields = (error as AppError).fieldProblems ?? {}
    const [field, found] = Object.entries(fields)[0] ?? ['', []]
    const first = found[0]
    throw refused(file, field ? `catalog.${field}` : 'catalog', 'invalid', { code: 'said', detail: first?.code === 'input.invalid' ? first.params.reason : (error as Error).message })
  }
  return { pack: parsed.data, writtenProfile: (value as { profile: Record<string, unknown> }).profile }
}
