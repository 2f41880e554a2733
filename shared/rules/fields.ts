import type { Mode, Model, ModeSpec } from '../catalog'
import type { Draft, ImageRef, InputImage } from '../draft'
import { imageSlots, slotProblem } from './images'
import { problem, type DraftField, type FieldProblems, type Problem } from './problems'
import { bestOf, readResolution } from './resolutions'

/**
 * A model's field rules, stated once for the Create form and the engine (issue 11 item 3): which
 * body fields a model and mode take and require, how a prompt is counted, the allowed values and
 * their defaults, what a switch of model or mode sets aside, and what is wrong with a draft.
 * Zod-free and pure: the renderer calls it as the designer works, the engine's `drafts.check`,
 * `jobs.submit` and body shaping call it with the same catalogue.
 */

/** The designer's four modes, in the order the form shows them (spec §4.1). */
export const modes = ['t2v', 'i2v', 'first-last', 'reference'] as const

export function offeredModes(model: Model | undefined): Mode[] {
  return model ? modes.filter((mode) => model.modes[mode] !== undefined) : []
}

/** When a model lacks the wanted mode: the closest one it has (images stay useful). */
export function fallbackMode(model: Model, wanted: Mode): Mode {
  const near: Record<Mode, Mode[]> = {
    t2v: ['t2v', 'i2v', 'reference', 'first-last'],
    i2v: ['i2v', 'first-last', 'reference', 't2v'],
    'first-last': ['first-last', 'i2v', 't2v', 'reference'],
    reference: ['reference', 'i2v', 't2v', 'first-last'],
  }
  return near[wanted].find((mode) => model.modes[mode] !== undefined) ?? offeredModes(model)[0] ?? wanted
}

/**
 * Frames follow the designer between modes (Create's form and a storyboard's shot alike): a first
 * frame set in one mode is the first frame of the other (i2v's `image` and first-and-last's
 * `first`), when that slot is still empty. Answers the frame carried over, to set.
 */
export function carriedFrame(model: Model | undefined, frames: { mode: Mode; image?: ImageRef; first?: ImageRef }): { image?: ImageRef; first?: ImageRef } {
  const spec = model?.modes[frames.mode]
  if (frames.mode === 'i2v' && takes(spec, 'image') && !frames.image && frames.first) return { image: frames.first }
  if (frames.mode === 'first-last' && takes(spec, 'headtailImages') && !frames.first && frames.image) return { first: frames.image }
  return {}
}

/** Whether this mode's body takes `field` (§2.1 rule 1: only fields the model supports are sent). */
export function takes(spec: ModeSpec | undefined, field: string): boolean {
  return spec !== undefined && field in spec.fields
}

/** Characters as a person counts them (code points, not UTF-16 units): 汉字 and emoji count once. */
export function promptLength(prompt: string): number {
  return [...prompt.trim()].length
}

/**
 * What a model gets when the designer has not chosen (issue 15 item 8), the same for the Create
 * form, `reelbox submit` and the engine (§2.1 rule 5 leaves allowed values to the catalogue, and
 * says nothing of defaults). Decided, per field, what "its best" means:
 * - resolution: the best quality it offers, the most pixels; on a tie the landscape one (1920×1080
 *   before 1080×1920). A designer who wants a quick draft picks less; nobody should find their
 *   final shot made at 480p because they did not look.
 * - duration: one shot, the offered length nearest 5 s (the longer on a tie). Length is not
 *   quality: the longest costs the most and takes the longest, and the shortest (Kestrel 2.7's
 *   4 s) is a teaser; 5 s is the length most models are made for.
 */
export const SHOT_SECONDS = 5

export function defaultDuration(spec: ModeSpec | undefined): number | undefined {
  const offered = spec?.durations
  if (!offered || !takes(spec, 'duration')) return undefined
  return offered.reduce((best, d) => {
    const [gap, bestGap] = [Math.abs(d - SHOT_SECONDS), Math.abs(best - SHOT_SECONDS)]
    return gap < bestGap || (gap === bestGap && d > best) ? d : best
  })
}

export function defaultResolution(spec: ModeSpec | undefined): string | undefined {
  if (!spec?.resolutions || !takes(spec, 'resolution')) return undefined
  return bestOf(spec.resolutions.map(readResolution))?.value
}

/** The duration sent: the wanted one when offered, else the model's default. */
export function chosenDuration(spec: ModeSpec | undefined, wanted: number | undefined): number | undefined {
  if (!spec?.durations || !takes(spec, 'duration')) return undefined
  return wanted !== undefined && spec.durations.includes(wanted) ? wanted : defaultDuration(spec)
}

export function chosenResolution(spec: ModeSpec | undefined, wanted: string | undefined): string | undefined {
  if (!spec?.resolutions || !takes(spec, 'resolution')) return undefined
  return wanted !== undefined && spec.resolutions.includes(wanted) ? wanted : defaultResolution(spec)
}

export function sameImage(a: ImageRef | undefined, b: ImageRef | undefined): boolean {
  if (!a || !b || a.kind !== b.kind) return false
  return a.kind === 'file' ? a.hash === (b as typeof a).hash : a.url === (b as typeof a).url
}

/** Values the designer set that a model and mode will not send. */
export const asideKeys = ['prompt', 'image', 'first', 'last', 'references', 'duration', 'resolution', 'seed', 'audio'] as const
export type AsideKey = (typeof asideKeys)[number]

export interface Adapted {
  /** What would be sent: only fields this model and mode take, duration and resolution defaulted. */
  readonly draft: Draft
  /** What the designer set for the mode in use that this model will not send: a real loss, said per model. */
  readonly aside: AsideKey[]
  /** Images the designer set for another mode (its slot is not on the form in this mode): kept for that mode, never a loss. */
  readonly kept: AsideKey[]
}

/** Whether a mode's body has a place for the images under this Draft key (the form shows its slot). */
function carries(spec: ModeSpec | undefined, key: 'image' | 'first' | 'last' | 'references'): boolean {
  if (key === 'image') return takes(spec, 'image')
  return takes(spec, key === 'references' ? 'characterImages' : 'headtailImages')
}

/**
 * The designer's wishes fitted to one model and mode: values it does not take are set aside (not
 * refused: the designer switched, they did not ask for something impossible), a duration or
 * resolution it does not offer gives way to its default, and reference images beyond its maximum
 * wait their turn (the first ones are sent; the form shows the rest as set aside, issue 15 item 6).
 * `audio: false` is nobody's wish to keep.
 * An image carried into another slot (a first frame that is also i2v's image) is in use, not aside.
 * Missing required values are left for checkDraft to name.
 *
 * What is not sent is judged against the mode in use (issue 22 item 1): `shown` is that mode as the
 * form shows it (its model's slots; in a comparison, the form's model, not each compared one). An
 * image in a slot the form shows that this model does not take is aside: the designer sees it and
 * it does not go. An image in a slot the mode has no place for belongs to another mode: it is
 * `kept` for that mode, which is no loss, whichever model this is.
 */
export function adaptDraft(model: Model | undefined, wanted: Draft, shown?: ModeSpec): Adapted {
  const spec = model?.modes[wanted.mode]
  const draft: Draft = { modelId: wanted.modelId, mode: wanted.mode }
  const prompt = wanted.prompt?.trim()
  // Unknown model or mode: send what the designer wrote, so the check can name the problem.
  if (!spec) return { draft: prompt ? { ...draft, prompt } : draft, aside: [], kept: [] }
  const inUse = shown ?? spec
  if (prompt && takes(spec, 'prompt')) draft.prompt = prompt
  if (wanted.image && takes(spec, 'image')) draft.image = wanted.image
  if (takes(spec, 'headtailImages')) {
    if (wanted.first) draft.first = wanted.first
    if (wanted.last) draft.last = wanted.last
  }
  if (wanted.references?.length && takes(spec, 'characterImages')) draft.references = wanted.references.slice(0, spec.characterImages?.max)
  const duration = chosenDuration(spec, wanted.duration)
  if (duration !== undefined) draft.duration = duration
  const resolution = chosenResolution(spec, wanted.resolution)
  if (resolution !== undefined) draft.resolution = resolution
  if (wanted.seed !== undefined && takes(spec, 'seed')) draft.seed = wanted.seed
  if (wanted.audio !== undefined && spec.audio) draft.audio = wanted.audio
  // Lineage stays while a first frame is sent (the form drops it when that frame is replaced).
  if (wanted.continues && (draft.image || draft.first)) draft.continues = wanted.continues

  const sent = [draft.image, draft.first, draft.last]
  const aside: AsideKey[] = []
  const kept: AsideKey[] = []
  const notSent = (key: 'image' | 'first' | 'last' | 'references'): void => void (carries(inUse, key) ? aside : kept).push(key)
  if (prompt && !draft.prompt) aside.push('prompt')
  for (const key of ['image', 'first', 'last'] as const) if (wanted[key] && !sent.some((ref) => sameImage(ref, wanted[key]))) notSent(key)
  if ((wanted.references?.length ?? 0) > (draft.references?.length ?? 0)) notSent('references')
  if (wanted.duration !== undefined && draft.duration !== wanted.duration) aside.push('duration')
  if (wanted.resolution !== undefined && draft.resolution !== wanted.resolution) aside.push('resolution')
  if (wanted.seed !== undefined && draft.seed === undefined) aside.push('seed')
  if (wanted.audio === true && draft.audio === undefined) aside.push('audio')
  return { draft, aside, kept }
}

/**
 * What is wrong with a draft for one model (issue 3 item 5; spec §2.1 rule 1, §8: duration,
 * resolution and the number of reference images vary by model), by Draft key. With the input
 * store's details of its local images, each one is judged against the model's limits too.
 *
 * Decided: a value the chosen model and mode would not send (a seed for a model without seeds,
 * audio where there is none, an image in a slot the mode has no field for) is refused, not
 * silently dropped: the designer asked for it and would not get it, and a reproducible seed that
 * is ignored is worse than an error. `adaptDraft` is the explicit way to set them aside.
 * Exceptions: `audio: false` where the model has no audio, and an empty reference list.
 * An image larger than the model's limits is not wrong (it is fitted before sending); one that can
 * never fit (aspect out of range, too small on a side) is.
 */
export function checkDraft(model: Model | undefined, draft: Draft, images?: ReadonlyMap<string, InputImage>): FieldProblems {
  const found: FieldProblems = {}
  const add = (field: DraftField, p: Problem) => void (found[field] ??= []).push(p)
  if (!model) {
    add('modelId', problem('model.unknown', { model: draft.modelId }))
    return found
  }
  const spec = model.modes[draft.mode]
  const where = { model: model.displayName, mode: draft.mode }
  if (!spec) {
    add('mode', problem('mode.unsupported', { ...where, offered: offeredModes(model) }))
    return found
  }
  const fields = spec.fields
  const notTaken = (field: 'prompt' | 'image' | 'first' | 'last' | 'references' | 'duration' | 'resolution') => add(field, problem('field.notTaken', { ...where, field }))

  const prompt = draft.prompt?.trim() ?? ''
  if (!takes(spec, 'prompt')) {
    if (prompt) notTaken('prompt')
  } else {
    if (fields['prompt'] === 'required' && !prompt) add('prompt', problem('prompt.required', where))
    const max = spec.prompt?.maxLength
    if (max !== undefined && promptLength(prompt) > max) add('prompt', problem('prompt.tooLong', { length: promptLength(prompt), max, model: model.displayName }))
  }

  if (!takes(spec, 'image')) {
    if (draft.image) notTaken('image')
  } else if (fields['image'] === 'required' && !draft.image) {
    add('image', problem('image.required', where))
  }

  if (!takes(spec, 'headtailImages')) {
    if (draft.first) notTaken('first')
    if (draft.last) notTaken('last')
  } else if (fields['headtailImages'] === 'required' || draft.first || draft.last) {
    // Optional or not, the two frames travel together in one `headtailImages` object.
    if (!draft.first) add('first', problem('frame.required', { ...where, frame: 'first' }))
    if (!draft.last) add('last', problem('frame.required', { ...where, frame: 'last' }))
  }

  const count = draft.references?.length ?? 0
  const refs = spec.characterImages
  if (!refs || !takes(spec, 'characterImages')) {
    if (count > 0) notTaken('references')
  } else {
    const min = fields['characterImages'] === 'required' ? Math.max(1, refs.min) : count > 0 ? refs.min : 0
    if (count < min) add('references', problem('references.tooFew', { count, min, max: refs.max, model: model.displayName }))
    if (count > refs.max) add('references', problem('references.tooMany', { count, max: refs.max, model: model.displayName }))
  }

  if (draft.duration !== undefined) {
    if (!takes(spec, 'duration') || !spec.durations) notTaken('duration')
    else if (!spec.durations.includes(draft.duration)) add('duration', problem('duration.notOffered', { value: draft.duration, allowed: [...spec.durations], model: model.displayName }))
  }
  if (draft.resolution !== undefined) {
    if (!takes(spec, 'resolution') || !spec.resolutions) notTaken('resolution')
    else if (!spec.resolutions.includes(draft.resolution)) add('resolution', problem('resolution.notOffered', { value: draft.resolution, allowed: [...spec.resolutions], model: model.displayName }))
  }

  if (!takes(spec, 'seed')) {
    if (draft.seed !== undefined) add('seed', problem('seed.notTaken', { model: model.displayName }))
  } else if (fields['seed'] === 'required' && draft.seed === undefined) {
    add('seed', problem('seed.required', { model: model.displayName }))
  }

  if (!spec.audio && draft.audio === true) add('audio', problem('audio.notTaken', { model: model.displayName }))

  if (images) {
    for (const slot of imageSlots(spec, draft)) {
      const wrong = slotProblem(slot, images, model)
      if (wrong) add(slot.field, wrong)
    }
  }
  return found
}
