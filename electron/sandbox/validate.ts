import sharp from 'sharp'
import type { Catalog, ImageLimits, Mode, Model, ModeSpec } from '../../shared/catalog'
import { ResultCode } from './envelope'
import { type ImageValue, readImage } from './images'

/**
 * The Sandbox's own reading of a submit body (§2.1) against the catalogue DATA. It shares the
 * schema with the client (shared/catalog.ts) but none of the client's code, so a client bug
 * cannot hide behind the same bug here.
 */
export type Strictness = 'strict' | 'lenient'

export interface AcceptedImage {
  /** As messages name it: "image", "headtailImages.first_frame", "characterImages[1].url". */
  path: string
  value: ImageValue
}

export interface AcceptedRequest {
  model: Model
  mode: Mode
  prompt: string | undefined
  seed: number | undefined
  duration: number
  resolution: string | undefined
  audio: boolean
  /** In render order: first frame; first then last; image then references. */
  images: AcceptedImage[]
  /** Lenient mode: fields the model does not take, silently ignored (§7 rule 1). */
  ignored: string[]
}

export interface Rejection {
  code: number
  message: string
  field: string | undefined
}

export type Validation = { ok: true; request: AcceptedRequest } | { ok: false; rejection: Rejection }

/** Fields every body may carry whatever the mode (§2.1). */
const ALWAYS = new Set(['model', '_action'])
/** Used to pick a mode when several share one `_action` (§4.1: i2v serves three modes). */
const modePreference: readonly Mode[] = ['i2v', 't2v', 'reference', 'first-last']
const DEFAULT_DURATION = 5

class Refusal extends Error {
  constructor(
    readonly code: number,
    readonly field: string | undefined,
    message: string,
  ) {
    super(message)
  }
}

const invalid = (field: string, problem: string): Refusal => new Refusal(ResultCode.invalidParameter, field, `invalid parameter: ${field} ${problem}`)

export async function validateSubmit(body: unknown, catalog: Catalog, strictness: Strictness): Promise<Validation> {
  try {
    return { ok: true, request: await accept(body, catalog, strictness) }
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, rejection: { code: error.code, message: error.message, field: error.field } }
    throw error
  }
}

async function accept(body: unknown, catalog: Catalog, strictness: Strictness): Promise<AcceptedRequest> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Refusal(ResultCode.badRequest, undefined, 'invalid request body: must be a JSON object')
  }
  const fields = body as Record<string, unknown>
  if (fields.model === undefined || fields.model === null) throw invalid('model', 'is required (a full model ID from the catalogue)')
  if (typeof fields.model !== 'string') throw invalid('model', 'must be a string')
  const model = catalog.models.find((m) => m.id === fields.model)
  // §1: IDs are copied from the catalogue, never guessed; an unknown one is refused by name.
  if (!model) throw new Refusal(ResultCode.unknownModel, 'model', `invalid parameter: model "${fields.model}" is not in the model catalogue`)

  const { mode, spec, ignoreAction } = pickMode(model, fields, strictness)
  const label = `${model.id} (${mode})`
  const present = Object.keys(fields).filter((key) => !ALWAYS.has(key) && fields[key] !== undefined && fields[key] !== null)
  const unsupported = present.filter((key) => !(key in spec.fields))
  if (strictness === 'strict' && unsupported.length > 0) {
    const field = unsupported[0] ?? ''
    throw new Refusal(ResultCode.unsupportedParameter, field, `unsupported parameter: ${field} is not supported by ${label}`)
  }
  for (const [field, rule] of Object.entries(spec.fields)) {
    if (rule === 'required' && !present.includes(field)) throw invalid(field, `is required by ${label}`)
  }
  const has = (field: string): boolean => present.includes(field) && field in spec.fields

  const prompt = has('prompt') ? readPrompt(fields.prompt, spec) : undefined
  const images: AcceptedImage[] = []
  if (has('image') && spec.image) images.push(image(fields.image, spec.image, 'image'))
  if (has('headtailImages') && spec.headtailImages) images.push(...headtail(fields.headtailImages, spec.headtailImages, strictness))
  if (has('characterImages') && spec.characterImages) images.push(...characters(fields.characterImages, spec.characterImages))
  const duration = has('duration') ? oneOf('duration', fields.duration, spec.durations ?? []) : (spec.durations?.[0] ?? DEFAULT_DURATION)
  const resolution = has('resolution') ? oneOf('resolution', fields.resolution, spec.resolutions ?? []) : spec.resolutions?.[0]
  const seed = has('seed') ? readSeed(fields.seed) : undefined
  let audio = false
  if (spec.audio && has(spec.audio.field)) {
    const value = fields[spec.audio.field]
    if (typeof value !== 'boolean') throw invalid(spec.audio.field, 'must be true or false')
    audio = value
  }
  for (const accepted of images) await checkLimits(accepted, model.imageLimits)

  const ignored = strictness === 'lenient' ? [...unsupported, ...(ignoreAction ? ['_action'] : [])] : []
  return { model, mode, prompt, seed, duration: duration as number, resolution: resolution as string | undefined, audio, images, ignored }
}

/** §4.1: the mode follows from `_action` together with which input fields are sent. */
function pickMode(model: Model, fields: Record<string, unknown>, strictness: Strictness): { mode: Mode; spec: ModeSpec; ignoreAction: boolean } {
  const action = fields._action
  if (action !== undefined && typeof action !== 'string') throw invalid('_action', 'must be a string')
  const all = Object.entries(model.modes) as Array<[Mode, ModeSpec]>
  let candidates = all.filter(([, spec]) => spec.action === action)
  let ignoreAction = false
  if (candidates.length === 0) {
    const actions = [...new Set(all.map(([, spec]) => spec.action).filter((a): a is string => a !== undefined))]
    const withoutAction = all.filter(([, spec]) => spec.action === undefined)
    if (action !== undefined && withoutAction.length > 0) {
      if (strictness === 'strict') throw new Refusal(ResultCode.unsupportedParameter, '_action', `unsupported parameter: _action is not supported by ${model.id}`)
      candidates = withoutAction
      ignoreAction = true
    } else if (action === undefined) {
      throw invalid('_action', `is required by ${model.id} (one of ${actions.map((a) => `"${a}"`).join(', ')})`)
    } else {
      throw invalid('_action', `must be one of ${actions.map((a) => `"${a}"`).join(', ')} for ${model.id} (got "${action}")`)
    }
  }
  const sent = (field: string): boolean => fields[field] !== undefined && fields[field] !== null
  const by = (mode: Mode): [Mode, ModeSpec] | undefined => candidates.find(([m]) => m === mode)
  const chosen =
    (sent('headtailImages') ? by('first-last') : undefined) ??
    (sent('characterImages') ? by('reference') : undefined) ??
    modePreference.map(by).find((c) => c !== undefined && Object.keys(fields).every((k) => ALWAYS.has(k) || !sent(k) || k in c[1].fields)) ??
    modePreference.map(by).find((c) => c !== undefined)
  if (!chosen) throw invalid('_action', `does not select a mode of ${model.id}`)
  return { mode: chosen[0], spec: chosen[1], ignoreAction }
}

function readPrompt(value: unknown, spec: ModeSpec): string {
  if (typeof value !== 'string') throw invalid('prompt', 'must be a string')
  if (value.trim() === '') throw invalid('prompt', 'must not be empty')
  const length = [...value].length
  const max = spec.prompt?.maxLength
  if (max !== undefined && length > max) throw invalid('prompt', `is too long: ${length} characters, at most ${max}`)
  return value
}

function image(value: unknown, format: NonNullable<ModeSpec['image']>, path: string): AcceptedImage {
  const read = readImage(value, format, path)
  if (!read.ok) throw invalid(read.path, read.problem)
  return { path: read.path, value: read.value }
}

function headtail(value: unknown, spec: NonNullable<ModeSpec['headtailImages']>, strictness: Strictness): AcceptedImage[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('headtailImages', `must be an object with "${spec.first}" and "${spec.last}" images`)
  }
  const pair = value as Record<string, unknown>
  const extra = Object.keys(pair).filter((key) => key !== spec.first && key !== spec.last)
  if (strictness === 'strict' && extra.length > 0) {
    throw new Refusal(ResultCode.unsupportedParameter, `headtailImages.${extra[0]}`, `unsupported parameter: headtailImages.${extra[0]} is not a key this model takes (it takes "${spec.first}" and "${spec.last}")`)
  }
  return [spec.first, spec.last].map((key) => {
    if (pair[key] === undefined || pair[key] === null) throw invalid(`headtailImages.${key}`, 'is required')
    return image(pair[key], spec.format, `headtailImages.${key}`)
  })
}

function characters(value: unknown, spec: NonNullable<ModeSpec['characterImages']>): AcceptedImage[] {
  if (!Array.isArray(value)) throw invalid('characterImages', 'must be an array of images')
  if (value.length < spec.min || value.length > spec.max) {
    const range = spec.min === spec.max ? `exactly ${spec.min}` : `between ${spec.min} and ${spec.max}`
    throw invalid('characterImages', `must have ${range} images (got ${value.length})`)
  }
  return value.map((item, i) => image(item, spec.format, `characterImages[${i}]`))
}

function oneOf(field: string, value: unknown, allowed: ReadonlyArray<string | number>): string | number {
  const wantsNumber = typeof allowed[0] === 'number'
  if (wantsNumber && !Number.isInteger(value)) throw invalid(field, `must be an integer, one of ${allowed.join(', ')}`)
  if (!wantsNumber && typeof value !== 'string') throw invalid(field, `must be a string, one of ${allowed.join(', ')}`)
  if (!allowed.includes(value as string | number)) throw invalid(field, `must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`)
  return value as string | number
}

function readSeed(value: unknown): number {
  // -1 is the usual "pick one for me"; anything else must fit an unsigned 32-bit seed.
  if (!Number.isInteger(value) || (value as number) < -1 || (value as number) > 2 ** 32 - 1) throw invalid('seed', 'must be an integer from 0 to 4294967295 (or -1)')
  return value as number
}

/** The model's input limits (catalogue `imageLimits`), checked on the decoded image. */
async function checkLimits(accepted: AcceptedImage, limits: ImageLimits): Promise<void> {
  if (accepted.value.kind !== 'bytes') return // a URL is fetched at render time, not here
  const { bytes } = accepted.value
  if (bytes.length > limits.maxBytes) throw invalid(accepted.path, `is too large: ${bytes.length} bytes, at most ${limits.maxBytes}`)
  let width: number
  let height: number
  try {
    const meta = await sharp(bytes).metadata()
    const turned = (meta.orientation ?? 1) >= 5
    width = (turned ? meta.height : meta.width) ?? 0
    height = (turned ? meta.width : meta.height) ?? 0
  } catch {
    throw invalid(accepted.path, 'could not be decoded as an image')
  }
  if (width * height > limits.maxPixels) throw invalid(accepted.path, `is too large: ${width}×${height} pixels, at most ${limits.maxPixels} pixels`)
  if (Math.min(width, height) < limits.minSide) throw invalid(accepted.path, `is too small: ${width}×${height}, each side at least ${limits.minSide} pixels`)
  const aspect = width / height
  if (aspect < limits.minAspect || aspect > limits.maxAspect) {
    throw invalid(accepted.path, `has aspect ${aspect.toFixed(2)} (${width}×${height}); allowed ${limits.minAspect}–${limits.maxAspect}`)
  }
}
