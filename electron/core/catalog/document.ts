import { CATALOG_SCHEMA_VERSION, Catalog, CatalogDocument, type Family, type Model } from '../../../shared/catalog'
import { AppError, fieldErrorsFromZod, invalidInput, type FieldProblems, type Problem } from '../../../shared/errors'

/**
 * Reading one catalogue document and merging the designer's over the default. Pure: the
 * catalogue service does the files and the network. Every refusal is an INVALID_INPUT whose
 * message names the source and the path inside it ("models.3.modes.i2v.durations: …").
 */

export function refuse(source: string, reasons: Readonly<Record<string, ReadonlyArray<Problem | string>>>): AppError {
  const fields = invalidInput(reasons).fieldProblems ?? {}
  const entries = Object.entries(fields)
  const [path, found] = entries[0] ?? ['', []]
  const first = found[0]
  const reason = first?.code === 'input.invalid' ? first.params.reason : 'is not a catalogue'
  const where = path ? `${path}: ` : ''
  const more = entries.length > 1 ? ` (and ${entries.length - 1} more problem${entries.length > 2 ? 's' : ''})` : ''
  return new AppError('INVALID_INPUT', `${source} is not a usable catalogue: ${where}${reason}${more}`, { details: { fields, source } })
}

/** "Invalid input: expected array, received string" → "expected array, received string". */
function tidy(fields: FieldProblems): FieldProblems {
  const out: FieldProblems = {}
  for (const [key, found] of Object.entries(fields)) {
    out[key] = found.map((p) => (p.code === 'input.invalid' ? { ...p, params: { ...p.params, reason: p.params.reason.replace(/^Invalid input: /, '') } } : p))
  }
  return out
}

/** JSON text (a file's or a URL's) → a checked document. BOM tolerated; positions as line:column. */
export function parseCatalogText(text: string, source: string): CatalogDocument {
  let value: unknown
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw refuse(source, { '': [`not valid JSON (${withLineColumn(reason, text)})`] })
  }
  return parseCatalogValue(value, source)
}

export function parseCatalogValue(value: unknown, source: string): CatalogDocument {
  const version = typeof value === 'object' && value !== null ? (value as { schemaVersion?: unknown }).schemaVersion : undefined
  if (typeof version === 'number' && version !== CATALOG_SCHEMA_VERSION) {
    const hint = version > CATALOG_SCHEMA_VERSION ? 'a newer Reelbox is needed to read it' : 'it is older than anything Reelbox reads'
    throw refuse(source, { schemaVersion: [`this catalogue uses schema version ${version}; this Reelbox reads version ${CATALOG_SCHEMA_VERSION} (${hint})`] })
  }
  const parsed = CatalogDocument.safeParse(value)
  if (!parsed.success) throw refuse(source, tidy(fieldErrorsFromZod(parsed.error)))
  return parsed.data
}

function withLineColumn(reason: string, text: string): string {
  const match = /at position (\d+)/.exec(reason)
  if (!match) return reason
  const position = Number(match[1])
  const before = text.slice(0, position)
  const line = before.split('\n').length
  const column = position - before.lastIndexOf('\n')
  return `${reason.replace(/ in JSON at position \d+.*$/, '')} at line ${line}, column ${column}`
}

export interface Layer {
  readonly doc: CatalogDocument
  /** Shown in error messages ("my-models.json"). */
  readonly source: string
}

export interface Merged {
  readonly catalog: Catalog
  /** True while a model of a placeholder document is still in force. */
  readonly placeholder: boolean
}

/**
 * The effective catalogue: the default with the user's families and models overriding it by id
 * (a model is replaced whole, never deep-merged: half of one version's structure mixed into
 * another's would match no real model) and new ones appended; or the user's alone when it says
 * `replaceDefault`. Every model must then belong to a known family.
 */
export function mergeCatalogs(base: Layer, user?: Layer): Merged {
  if (!user) return { catalog: checked(base.doc, base.source), placeholder: base.doc.placeholder && base.doc.models.length > 0 }
  const replace = user.doc.replaceDefault
  const families = replace ? [...user.doc.families] : overlay<Family>(base.doc.families, user.doc.families)
  const models = replace ? [...user.doc.models] : overlay<Model>(base.doc.models, user.doc.models)

  const known = new Set(families.map((f) => f.id))
  const fields: Record<string, string[]> = {}
  user.doc.models.forEach((model, i) => {
    if (!known.has(model.family)) fields[`models.${i}.family`] = [`unknown family "${model.family}" (known: ${[...known].join(', ') || 'none'})`]
  })
  if (Object.keys(fields).length > 0) throw refuse(user.source, fields)

  const fromUser = new Set(user.doc.models.map((m) => m.id))
  const placeholder = models.some((m) => (fromUser.has(m.id) ? user.doc.placeholder : base.doc.placeholder))
  const catalog = checked(
    { schemaVersion: CATALOG_SCHEMA_VERSION, name: user.doc.name, placeholder, replaceDefault: false, families, models },
    user.source,
  )
  return { catalog, placeholder }
}

function overlay<T extends { id: string }>(base: readonly T[], over: readonly T[]): T[] {
  const byId = new Map(over.map((item) => [item.id, item]))
  const merged = base.map((item) => byId.get(item.id) ?? item)
  const baseIds = new Set(base.map((item) => item.id))
  return [...merged, ...over.filter((item) => !baseIds.has(item.id))]
}

function checked(value: CatalogDocument, source: string): Catalog {
  const parsed = Catalog.safeParse(value)
  if (!parsed.success) throw refuse(source, tidy(fieldErrorsFromZod(parsed.error)))
  return parsed.data
}
