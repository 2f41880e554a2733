import { z } from 'zod'
import { modes } from './rules/fields'

/**
 * The model catalogue as data (spec §1, §2.1 rules 2–5, §9): which models exist, and per mode
 * which body fields each one takes and in what shape. The spec leaves all of this unshown, so
 * none of it is code: the default catalogue (electron/core/catalog/default-catalog.json) is a
 * placeholder to be replaced by the service's real one, imported from a file or a URL.
 *
 * The client's request shaping and the Sandbox both read this schema; each validates with its
 * own code.
 */
export const CATALOG_SCHEMA_VERSION = 1

/** The designer's four modes (spec §4.1). The CLI's `--mode` takes the same words. */
export { modes }
export const Mode = z.enum(modes)
export type Mode = z.infer<typeof Mode>

/**
 * How one image goes into the body (§2.1 rule 2): a string (a URL, or a local file encoded as a
 * data URL or raw base64), or an object whose `key` (usually `imageUrl`) holds that string.
 */
export const ImageFormat = z.strictObject({
  shape: z.enum(['string', 'object']),
  key: z.string().min(1).default('imageUrl'),
  encoding: z.enum(['data-url', 'base64']).default('data-url'),
})
export type ImageFormat = z.output<typeof ImageFormat>

export const FieldRule = z.enum(['required', 'optional'])

/**
 * The body fields of spec §2.1 that a mode may list (besides `model` and `_action`, always sent,
 * and the model's own audio field, named by `audio.field`).
 */
export const bodyFields = ['prompt', 'image', 'headtailImages', 'characterImages', 'duration', 'resolution', 'seed'] as const
export type BodyField = (typeof bodyFields)[number]

/** One mode of one model: what `_action` says and which fields the body may carry. */
export const ModeSpec = z
  .strictObject({
    /** The `_action` value; absent means the body carries no `_action`. */
    action: z.string().min(1).optional(),
    /** Every body field the model takes in this mode (besides `model` and `_action`). */
    fields: z.record(z.string().min(1), FieldRule),
    prompt: z.strictObject({ maxLength: z.number().int().positive() }).optional(),
    image: ImageFormat.optional(),
    /** §2.1 rule 3: the first- and last-frame key names inside `headtailImages`. */
    headtailImages: z.strictObject({ first: z.string().min(1), last: z.string().min(1), format: ImageFormat }).optional(),
    /** §2.1 rule 4: the shape of each element, and how many. */
    characterImages: z
      .strictObject({ format: ImageFormat, min: z.number().int().min(0), max: z.number().int().min(1) })
      .refine((c) => c.min <= c.max, { message: 'min must not exceed max', path: ['min'] })
      .optional(),
    /** §2.1 rule 5: allowed values (what is sent when the designer does not choose: shared/rules/fields.ts `defaultDuration`, `defaultResolution`). */
    durations: z.array(z.number().int().positive()).min(1).optional(),
    resolutions: z.array(z.string().min(1)).min(1).optional(),
    /** The body field that switches generated audio on, where the model has audio. */
    audio: z.strictObject({ field: z.string().min(1) }).optional(),
  })
  .superRefine((spec, ctx) => {
    // A field the mode accepts must say how it is shaped; a shape must belong to a field.
    const needs: Array<[string, unknown]> = [
      ['prompt', spec.prompt],
      ['image', spec.image],
      ['headtailImages', spec.headtailImages],
      ['characterImages', spec.characterImages],
      ['duration', spec.durations],
      ['resolution', spec.resolutions],
    ]
    for (const [field, detail] of needs) {
      const listed = field in spec.fields
      if (listed && detail === undefined) ctx.addIssue({ code: 'custom', path: ['fields', field], message: `"${field}" is listed but its details are missing` })
      if (!listed && detail !== undefined) ctx.addIssue({ code: 'custom', path: ['fields'], message: `details for "${field}" are given but the field is not listed` })
    }
    if (spec.audio && !(spec.audio.field in spec.fields)) {
      ctx.addIssue({ code: 'custom', path: ['audio', 'field'], message: `audio field "${spec.audio.field}" is not listed in fields` })
    }
    // A field Reelbox has no way to fill could never be sent (or, if required, never satisfied).
    for (const field of Object.keys(spec.fields)) {
      if (bodyFields.includes(field as BodyField) || field === spec.audio?.field) continue
      const hint = field === 'model' || field === '_action' ? ' (it is always sent; do not list it)' : `; known fields are ${bodyFields.join(', ')} and the audio field`
      ctx.addIssue({ code: 'custom', path: ['fields', field], message: `unknown body field "${field}"${hint}` })
    }
  })
export type ModeSpec = z.output<typeof ModeSpec>

/** What the model accepts as an input image; larger images are downscaled before sending. */
export const ImageLimits = z.strictObject({
  maxBytes: z.number().int().positive(),
  /** Width × height. */
  maxPixels: z.number().int().positive(),
  /** Width / height range. */
  minAspect: z.number().positive(),
  maxAspect: z.number().positive(),
  minSide: z.number().int().positive().default(64),
})
export type ImageLimits = z.output<typeof ImageLimits>

/** A price as the catalogue says it: a decimal of the currency, exact to a millionth. */
const Amount = z
  .number()
  .nonnegative()
  .refine((n) => Number.isFinite(n) && Math.abs(n * 1e6 - Math.round(n * 1e6)) < 1e-6, { message: 'must have at most 6 decimal places' })

const PriceRate = z.strictObject({ perVideo: Amount.optional(), perSecond: Amount.optional() })

/**
 * What one video of a model costs (issue 26; read by shared/rules/price.ts): a fee per video, a
 * price per second, or both; a resolution's own entry replaces the model's rate for it. No price
 * means the price is unknown (said as such, never as 0).
 */
export const Price = z.strictObject({
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD'),
  perVideo: Amount.optional(),
  perSecond: Amount.optional(),
  resolutions: z.record(z.string().min(1), PriceRate).optional(),
  /** An illustrative price (the placeholder catalogue's), shown as an example. */
  example: z.boolean().optional(),
})
export type Price = z.output<typeof Price>

export const Model = z.strictObject({
  /** The full model ID, copied from the service's catalogue (§1: never guessed). */
  id: z.string().min(1),
  family: z.string().min(1),
  /** Version or series within the family ("2.6", "Pro"). */
  version: z.string().min(1),
  displayName: z.string().min(1),
  description: z.string().optional(),
  imageLimits: ImageLimits,
  modes: z.partialRecord(Mode, ModeSpec).refine((m) => Object.keys(m).length > 0, { message: 'a model needs at least one mode' }),
  price: Price.optional(),
})
export type Model = z.output<typeof Model>

export const Family = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().optional(),
})
export type Family = z.output<typeof Family>

/**
 * One catalogue document, checked on its own: shapes, and no model or family listed twice. A
 * user catalogue may name families that only the default catalogue defines, so whether every
 * model's family exists is checked on the effective (merged) catalogue, by `Catalog`.
 */
export const CatalogDocument = z
  .strictObject({
    schemaVersion: z.literal(CATALOG_SCHEMA_VERSION),
    name: z.string().min(1),
    /** True while the IDs are stand-ins, so the app can say so. */
    placeholder: z.boolean().default(false),
    /**
     * A user catalogue normally extends the default one (its models and families override the
     * default's by id). The service's real catalogue sets this so the stand-ins go away.
     */
    replaceDefault: z.boolean().default(false),
    families: z.array(Family),
    models: z.array(Model),
  })
  .superRefine((catalog, ctx) => {
    const familyIds = new Set<string>()
    catalog.families.forEach((family, i) => {
      if (familyIds.has(family.id)) ctx.addIssue({ code: 'custom', path: ['families', i, 'id'], message: `duplicate family ID "${family.id}"` })
      familyIds.add(family.id)
    })
    const seen = new Set<string>()
    catalog.models.forEach((model, i) => {
      if (seen.has(model.id)) ctx.addIssue({ code: 'custom', path: ['models', i, 'id'], message: `duplicate model ID "${model.id}"` })
      seen.add(model.id)
    })
  })
export type CatalogDocument = z.output<typeof CatalogDocument>

/** A complete catalogue: a document whose every model belongs to one of its families. */
export const Catalog = CatalogDocument.superRefine((catalog, ctx) => {
  const families = new Set(catalog.families.map((f) => f.id))
  catalog.models.forEach((model, i) => {
    if (!families.has(model.family)) ctx.addIssue({ code: 'custom', path: ['models', i, 'family'], message: `unknown family "${model.family}"` })
  })
})
export type Catalog = z.output<typeof Catalog>
export type CatalogInput = z.input<typeof Catalog>
