import type { ImageLimits, Model, ModeSpec } from '../../../shared/catalog'
import type { Draft, InputImage } from '../../../shared/draft'
import type { FieldErrors } from '../../../shared/errors'
import { unfittable } from '../images/fit'
import { describeSlot, imageSlots, modeNames, promptLength, type ImageSlot } from './slots'

/**
 * Checks a draft against one model's catalogue entry (issue 3 item 5; spec §2.1 rule 1, §8:
 * duration, resolution and the number of reference images vary by model). Field names are Draft
 * keys so the Create form shows each message beside its field.
 *
 * Decided: a value the chosen model and mode would not send (a seed for a model without seeds,
 * audio where there is none, an image in a slot the mode has no field for) is refused, not
 * silently dropped. The designer asked for it and would not get it; a reproducible seed that is
 * ignored is worse than an error. `adaptDraft` is the explicit way to drop them (switching model).
 * Exceptions: `audio: false` where the model has no audio (they asked for silence and get it),
 * and an empty reference list.
 *
 * Sizes: an image larger than the model's byte or pixel limits is not an error (it is downscaled
 * and re-encoded before sending, see images/fit.ts); one that cannot be fitted (aspect outside
 * the model's range, or too small on a side) is.
 */
export function checkDraft(model: Model | undefined, draft: Draft, images?: ReadonlyMap<string, InputImage>): FieldErrors {
  const errors: FieldErrors = {}
  const add = (field: keyof Draft, message: string) => void (errors[field] ??= []).push(message)
  if (!model) {
    add('modelId', `no model "${draft.modelId}" in the catalogue`)
    return errors
  }
  const name = model.displayName
  const spec = model.modes[draft.mode]
  if (!spec) {
    const offered = Object.keys(model.modes).map((m) => modeNames[m as keyof typeof modeNames])
    add('mode', `${name} has no ${modeNames[draft.mode]} mode (it offers ${offered.join(', ')})`)
    return errors
  }
  const fields = spec.fields
  const mode = `${modeNames[draft.mode]} mode`

  const prompt = draft.prompt?.trim() ?? ''
  if (!('prompt' in fields)) {
    if (prompt) add('prompt', `${name} takes no prompt in ${mode}`)
  } else {
    if (fields['prompt'] === 'required' && !prompt) add('prompt', `write a prompt: ${name} needs one in ${mode}`)
    const max = spec.prompt?.maxLength
    if (max !== undefined && promptLength(prompt) > max) add('prompt', `the prompt is ${promptLength(prompt)} characters; ${name} takes at most ${max}`)
  }

  if (!('image' in fields)) {
    if (draft.image) add('image', `${name} takes no image in ${mode}`)
  } else if (fields['image'] === 'required' && !draft.image) {
    add('image', `add an image: ${name} needs one in ${mode}`)
  }

  if (!('headtailImages' in fields)) {
    if (draft.first) add('first', `${name} takes no first frame in ${mode}`)
    if (draft.last) add('last', `${name} takes no last frame in ${mode}`)
  } else if (fields['headtailImages'] === 'required' || draft.first || draft.last) {
    // Optional or not, the two frames travel together in one `headtailImages` object.
    if (!draft.first) add('first', `add the first frame: ${name} needs both frames in ${mode}`)
    if (!draft.last) add('last', `add the last frame: ${name} needs both frames in ${mode}`)
  }

  const count = draft.references?.length ?? 0
  const refs = spec.characterImages
  if (!refs || !('characterImages' in fields)) {
    if (count > 0) add('references', `${name} takes no reference images in ${mode}`)
  } else {
    const min = fields['characterImages'] === 'required' ? Math.max(1, refs.min) : count > 0 ? refs.min : 0
    if (count < min) add('references', `add ${min === refs.max ? '' : 'at least '}${plural(min, 'reference image')}: ${name} takes ${range(refs.min, refs.max)}`)
    if (count > refs.max) add('references', `${plural(count, 'reference image')} given; ${name} takes at most ${refs.max}`)
  }

  checkChoice(errors, 'duration', draft.duration, 'duration' in fields, spec.durations, name, (d) => `${d} s`)
  checkChoice(errors, 'resolution', draft.resolution, 'resolution' in fields, spec.resolutions, name, (r) => r)

  if (!('seed' in fields)) {
    if (draft.seed !== undefined) add('seed', `${name} takes no seed, so results cannot be repeated; clear the seed`)
  } else if (fields['seed'] === 'required' && draft.seed === undefined) {
    add('seed', `${name} needs a seed`)
  }

  if (!spec.audio) {
    if (draft.audio === true) add('audio', `${name} cannot generate audio`)
  }

  if (images) {
    for (const slot of imageSlots(spec, draft)) {
      const problem = slotProblem(slot, images, model.imageLimits, name)
      if (problem) add(slot.field, problem)
    }
  }
  return errors
}

/**
 * What is wrong with one local image for this model, or undefined (URL images are the service's
 * to fetch and judge). Over-size is not wrong: fitting fixes it.
 */
export function slotProblem(slot: ImageSlot, images: ReadonlyMap<string, InputImage>, limits: ImageLimits, name: string): string | undefined {
  if (slot.ref.kind !== 'file') return undefined
  const image = images.get(slot.ref.hash)
  if (!image) return `${describeSlot(slot)} is no longer in the input store; add it again`
  const aspect = image.width / image.height
  if (aspect < limits.minAspect || aspect > limits.maxAspect) {
    return `${describeSlot(slot)} is ${image.width}×${image.height} (width/height ${Number(aspect.toPrecision(3))}); ${name} takes width/height between ${limits.minAspect} and ${limits.maxAspect}: crop it`
  }
  const reason = unfittable(image.width, image.height, limits)
  return reason ? `${describeSlot(slot)} ${reason}` : undefined
}

function checkChoice<T extends string | number>(
  errors: FieldErrors,
  field: 'duration' | 'resolution',
  value: T | undefined,
  listed: boolean,
  allowed: readonly T[] | undefined,
  name: string,
  show: (v: T) => string,
): void {
  if (value === undefined) return
  if (!listed || !allowed) {
    ;(errors[field] ??= []).push(`${name} takes no ${field} in this mode`)
  } else if (!allowed.includes(value)) {
    ;(errors[field] ??= []).push(`${show(value)} is not offered by ${name}; choose ${allowed.map(show).join(', ')}`)
  }
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

function range(min: number, max: number): string {
  return min === max ? `exactly ${max}` : `${min}–${max}`
}

/**
 * A draft fitted to another model or mode, for the Create form when the designer switches: every
 * value this model and mode would refuse as unsupported is dropped, a duration or resolution it
 * does not offer is cleared (its default applies), and `dropped` lists what changed so the form
 * can say so. Missing required values are left for checkDraft to report.
 */
export function adaptDraft(model: Model, draft: Draft): { draft: Draft; dropped: Array<keyof Draft> } {
  const spec: ModeSpec | undefined = model.modes[draft.mode]
  if (!spec) return { draft, dropped: [] }
  const fields = spec.fields
  const out: Draft = { ...draft, modelId: model.id }
  const dropped: Array<keyof Draft> = []
  const drop = (key: keyof Draft, when: boolean) => {
    if (when && out[key] !== undefined) {
      delete out[key]
      dropped.push(key)
    }
  }
  drop('prompt', !('prompt' in fields))
  drop('image', !('image' in fields))
  drop('first', !('headtailImages' in fields))
  drop('last', !('headtailImages' in fields))
  drop('references', !('characterImages' in fields) && (draft.references?.length ?? 0) > 0)
  if (spec.characterImages && out.references && out.references.length > spec.characterImages.max) {
    out.references = out.references.slice(0, spec.characterImages.max)
    dropped.push('references')
  }
  drop('duration', !spec.durations?.includes(draft.duration ?? NaN))
  drop('resolution', !spec.resolutions?.includes(draft.resolution ?? ''))
  drop('seed', !('seed' in fields))
  drop('audio', !spec.audio)
  return { draft: out, dropped }
}
