import type { ImageFormat, ImageLimits, Model, ModeSpec } from '../catalog'
import type { Draft, ImageRef, InputImage } from '../draft'
import { problem, type ImageAt, type Problem } from './problems'

/** The Draft keys that hold images. */
export type DraftImageField = 'image' | 'first' | 'last' | 'references'

/** One image the body of this mode will carry, where it goes, and how it is shaped. */
export interface ImageSlot {
  /** Where it goes in the body, as sidecars record it: image, headtailImages.first, characterImages.2 … */
  readonly role: string
  /** The Draft key the form shows a problem under. */
  readonly field: DraftImageField
  readonly ref: ImageRef
  /** The slot and place, for problems ("reference 3"). */
  readonly at: ImageAt
  readonly format: ImageFormat
}

const nameOf = (ref: ImageRef): string => (ref.kind === 'file' ? ref.name : ref.url)

/**
 * The images of `draft` that this mode sends (§2.1: `image`, §2.1 rule 3: `headtailImages`,
 * §2.1 rule 4: `characterImages`), in body order. Images in slots the mode has no field for are
 * not here: checkDraft refuses them.
 */
export function imageSlots(spec: ModeSpec, draft: Draft): ImageSlot[] {
  const slots: ImageSlot[] = []
  if (spec.image && draft.image) slots.push({ role: 'image', field: 'image', ref: draft.image, at: { slot: 'image', mode: draft.mode, name: nameOf(draft.image) }, format: spec.image })
  if (spec.headtailImages) {
    const format = spec.headtailImages.format
    if (draft.first) slots.push({ role: 'headtailImages.first', field: 'first', ref: draft.first, at: { slot: 'first', name: nameOf(draft.first) }, format })
    if (draft.last) slots.push({ role: 'headtailImages.last', field: 'last', ref: draft.last, at: { slot: 'last', name: nameOf(draft.last) }, format })
  }
  if (spec.characterImages) {
    const format = spec.characterImages.format
    ;(draft.references ?? []).forEach((ref, i) =>
      slots.push({ role: `characterImages.${i}`, field: 'references', ref, at: { slot: 'reference', index: i + 1, name: nameOf(ref) }, format }),
    )
  }
  return slots
}

/** Largest size with the same aspect and at most `maxPixels` pixels. */
export function fitDimensions(width: number, height: number, maxPixels: number): { width: number; height: number } {
  if (width * height <= maxPixels) return { width, height }
  const scale = Math.sqrt(maxPixels / (width * height))
  let w = Math.max(1, Math.floor(width * scale))
  let h = Math.max(1, Math.floor(height * scale))
  while (w * h > maxPixels) {
    if (w >= h) w--
    else h--
  }
  return { width: w, height: h }
}

/**
 * Why an image of this size can never be fitted to these limits (too small, or too thin once
 * within maxPixels), or undefined. Over-size is not a problem: fitting downscales it.
 */
export function unfittable(at: ImageAt, width: number, height: number, limits: ImageLimits): Problem | undefined {
  if (Math.min(width, height) < limits.minSide) return problem('image.tooSmall', { ...at, width, height, minSide: limits.minSide })
  const fitted = fitDimensions(width, height, limits.maxPixels)
  if (Math.min(fitted.width, fitted.height) < limits.minSide) {
    return problem('image.tooThin', { ...at, width, height, fittedWidth: fitted.width, fittedHeight: fitted.height, maxPixels: limits.maxPixels, minSide: limits.minSide })
  }
  return undefined
}

/**
 * What is wrong with one local image for this model, or undefined (URL images are the service's
 * to fetch and judge). An aspect outside the model's range needs the designer's crop; fitting
 * cannot fix it.
 */
export function slotProblem(slot: ImageSlot, images: ReadonlyMap<string, InputImage>, model: Model): Problem | undefined {
  if (slot.ref.kind !== 'file') return undefined
  const image = images.get(slot.ref.hash)
  if (!image) return problem('image.gone', slot.at)
  const limits = model.imageLimits
  const aspect = image.width / image.height
  if (aspect < limits.minAspect || aspect > limits.maxAspect) {
    return problem('image.badAspect', { ...slot.at, width: image.width, height: image.height, min: limits.minAspect, max: limits.maxAspect, model: model.displayName })
  }
  return unfittable(slot.at, image.width, image.height, limits)
}
