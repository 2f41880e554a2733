import type { ImageFormat, Mode, ModeSpec } from '../../../shared/catalog'
import type { Draft, ImageRef } from '../../../shared/draft'

/** How the designer names each mode (messages, the Create form). */
export const modeNames = {
  t2v: 'text-to-video',
  i2v: 'first-frame',
  'first-last': 'first-and-last-frame',
  reference: 'reference',
} as const satisfies Record<Mode, string>

/** The Draft keys that hold images. */
export type DraftImageField = 'image' | 'first' | 'last' | 'references'

/** One image the body of this mode will carry, where it goes, and how it is shaped. */
export interface ImageSlot {
  /** Where it goes in the body, as sidecars record it: image, headtailImages.first, characterImages.2 … */
  readonly role: string
  /** The Draft key the form shows an error on. */
  readonly field: DraftImageField
  readonly ref: ImageRef
  /** "the first frame", "reference 3": for messages. */
  readonly label: string
  readonly format: ImageFormat
}

/**
 * The images of `draft` that this mode sends (§2.1: `image`, §2.1 rule 3: `headtailImages`,
 * §2.1 rule 4: `characterImages`), in body order. Images in slots the mode has no field for are
 * not here: checkDraft refuses them.
 */
export function imageSlots(spec: ModeSpec, draft: Draft): ImageSlot[] {
  const slots: ImageSlot[] = []
  if (spec.image && draft.image) slots.push({ role: 'image', field: 'image', ref: draft.image, label: 'the image', format: spec.image })
  if (spec.headtailImages) {
    const format = spec.headtailImages.format
    if (draft.first) slots.push({ role: 'headtailImages.first', field: 'first', ref: draft.first, label: 'the first frame', format })
    if (draft.last) slots.push({ role: 'headtailImages.last', field: 'last', ref: draft.last, label: 'the last frame', format })
  }
  if (spec.characterImages) {
    const format = spec.characterImages.format
    ;(draft.references ?? []).forEach((ref, i) => slots.push({ role: `characterImages.${i}`, field: 'references', ref, label: `reference ${i + 1}`, format }))
  }
  return slots
}

/** "the first frame (cat.png)" or "the first frame (https://…)". */
export function describeSlot(slot: ImageSlot): string {
  return `${slot.label} (${slot.ref.kind === 'file' ? slot.ref.name : slot.ref.url})`
}

/** Characters as a person counts them (code points), not UTF-16 units: 汉字 and emoji count once. */
export function promptLength(prompt: string): number {
  return [...prompt].length
}
