import type { ImageFormat, Model } from '../../../shared/catalog'
import type { Draft, ImageRef } from '../../../shared/draft'
import { invalidInput } from '../../../shared/errors'
import { modeNames } from './slots'

/** Turns one image reference into what goes in the body (a data URL, base64, a URL, or a stand-in). */
export type ImageEncoder<T = string> = (ref: ImageRef, format: ImageFormat) => Promise<T>

/**
 * The JSON body for one model and mode (spec §2.1, §4.1). Only fields the catalogue lists for
 * this mode are ever written (§2.1 rule 1: "only fields the chosen model explicitly supports are
 * to be sent"); `_action` only where the mode has one. Images take the catalogue's shape: a string,
 * or `{[key]: string}` (§2.1 rule 2); `headtailImages` with the model's key names (rule 3);
 * `characterImages` as an array of such elements (rule 4). A required duration or resolution
 * the draft leaves out takes the first allowed value (rule 5: the catalogue's default).
 *
 * It does not validate: run checkDraft first (buildRequest does). With `encoded` returning
 * references instead of base64, the same function yields the params stored in sidecars.
 */
export async function buildBody<T = string>(model: Model, draft: Draft, encoded: ImageEncoder<T>): Promise<Record<string, unknown>> {
  const spec = model.modes[draft.mode]
  if (!spec) throw invalidInput({ mode: [`${model.displayName} has no ${modeNames[draft.mode]} mode`] })
  const fields = spec.fields
  const shaped = async (ref: ImageRef, format: ImageFormat): Promise<unknown> => {
    const value = await encoded(ref, format)
    return format.shape === 'object' ? { [format.key]: value } : value
  }

  const body: Record<string, unknown> = { model: model.id }
  if (spec.action) body['_action'] = spec.action
  const prompt = draft.prompt?.trim()
  if ('prompt' in fields && prompt) body['prompt'] = prompt
  if (spec.image && draft.image) body['image'] = await shaped(draft.image, spec.image)
  const headtail = spec.headtailImages
  if (headtail && draft.first && draft.last) {
    const [first, last] = await Promise.all([shaped(draft.first, headtail.format), shaped(draft.last, headtail.format)])
    body['headtailImages'] = { [headtail.first]: first, [headtail.last]: last }
  }
  const character = spec.characterImages
  if (character && draft.references && draft.references.length > 0) {
    body['characterImages'] = await Promise.all(draft.references.map((ref) => shaped(ref, character.format)))
  }
  const duration = draft.duration ?? (fields['duration'] === 'required' ? spec.durations?.[0] : undefined)
  if (spec.durations && duration !== undefined) body['duration'] = duration
  const resolution = draft.resolution ?? (fields['resolution'] === 'required' ? spec.resolutions?.[0] : undefined)
  if (spec.resolutions && resolution !== undefined) body['resolution'] = resolution
  if ('seed' in fields && draft.seed !== undefined) body['seed'] = draft.seed
  if (spec.audio) {
    const audio = draft.audio ?? (fields[spec.audio.field] === 'required' ? false : undefined)
    if (audio !== undefined) body[spec.audio.field] = audio
  }
  return body
}
