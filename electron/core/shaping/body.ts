import type { Model } from '../../../shared/catalog'
import type { Draft } from '../../../shared/draft'
import { invalidInput } from '../../../shared/errors'
import { defaultDuration, defaultResolution, offeredModes, takes } from '../../../shared/rules/fields'
import { imageSlots, type ImageSlot } from '../../../shared/rules/images'
import { problem } from '../../../shared/rules/problems'

/** Turns one image of the draft into what goes in the body (a data URL, base64, a URL, or a stand-in). */
export type ImageEncoder<T = string> = (slot: ImageSlot) => Promise<T>

/**
 * The JSON body for one model and mode (spec §2.1, §4.1). Only fields the catalogue lists for
 * this mode are ever written (§2.1 rule 1: "only fields the chosen model explicitly supports are
 * to be sent"); `_action` only where the mode has one. Images take the catalogue's shape: a string,
 * or `{[key]: string}` (§2.1 rule 2); `headtailImages` with the model's key names (rule 3);
 * `characterImages` as an array of such elements (rule 4). A duration or resolution the draft
 * leaves out takes the model's default (rule 5, `defaultDuration`/`defaultResolution` in
 * shared/rules/fields.ts), so `reelbox submit` without `--duration` makes what the form would.
 *
 * It does not judge the draft: that is checkDraft's job, once, when a job is queued. With
 * `encoded` returning references instead of base64, the same function yields the params stored in
 * the journal and sidecars.
 */
export async function buildBody<T = string>(model: Model, draft: Draft, encoded: ImageEncoder<T>): Promise<Record<string, unknown>> {
  const spec = model.modes[draft.mode]
  if (!spec) throw invalidInput({ mode: [problem('mode.unsupported', { model: model.displayName, mode: draft.mode, offered: offeredModes(model) })] })
  const fields = spec.fields
  const slots = imageSlots(spec, draft)
  const values = await Promise.all(
    slots.map(async (slot) => {
      const value = await encoded(slot)
      return slot.format.shape === 'object' ? { [slot.format.key]: value } : value
    }),
  )
  const byRole = new Map(slots.map((slot, i) => [slot.role, values[i]]))

  const body: Record<string, unknown> = { model: model.id }
  if (spec.action) body['_action'] = spec.action
  const prompt = draft.prompt?.trim()
  if (takes(spec, 'prompt') && prompt) body['prompt'] = prompt
  if (byRole.has('image')) body['image'] = byRole.get('image')
  const headtail = spec.headtailImages
  if (headtail && draft.first && draft.last) {
    body['headtailImages'] = { [headtail.first]: byRole.get('headtailImages.first'), [headtail.last]: byRole.get('headtailImages.last') }
  }
  const references = slots.filter((slot) => slot.field === 'references')
  if (references.length > 0) body['characterImages'] = references.map((slot) => byRole.get(slot.role))
  const duration = draft.duration ?? defaultDuration(spec)
  if (takes(spec, 'duration') && duration !== undefined) body['duration'] = duration
  const resolution = draft.resolution ?? defaultResolution(spec)
  if (takes(spec, 'resolution') && resolution !== undefined) body['resolution'] = resolution
  if (takes(spec, 'seed') && draft.seed !== undefined) body['seed'] = draft.seed
  if (spec.audio) {
    const audio = draft.audio ?? (fields[spec.audio.field] === 'required' ? false : undefined)
    if (audio !== undefined) body[spec.audio.field] = audio
  }
  return body
}
