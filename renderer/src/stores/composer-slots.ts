import { shallowRef } from 'vue'
import type { ImageRef, InputImage } from '@shared/draft'
import type { CropRect } from '@shared/contract/inputs'
import type { ImageAt } from '@shared/rules/problems'
import { useEngineApi } from '@/api/provide'
import { KEPT_REFERENCES, type DraftKey, type Workspace } from './composer-workspace'

export type FrameSlot = 'image' | 'first' | 'last'

/** Where an image sits in the form: a frame slot, or a place among the reference images. */
export type ImagePlace = { field: FrameSlot } | { field: 'references'; index: number }

/** The place a problem names (`{slot: 'reference', index: 2}` is the second reference). */
export function placeOf(at: ImageAt): ImagePlace | undefined {
  if (at.slot === 'reference') return at.index ? { field: 'references', index: at.index - 1 } : undefined
  return at.slot ? { field: at.slot } : undefined
}

/**
 * The form's image slots: frames, reference images in order, and crops. A crop is a new input
 * (the engine's `inputs.crop`, its own hash); the image it came from is kept for Undo.
 */
export function createSlots(workspace: Workspace, touch: (key: DraftKey) => void, remember: (images: readonly InputImage[]) => void) {
  /** A cropped image's hash → the image it was cropped from (the very first, after crops of crops). */
  const crops = shallowRef(new Map<string, ImageRef>())
  /** The image the crop dialog is open on. */
  const cropping = shallowRef<ImagePlace>()

  function refAt(place: ImagePlace): ImageRef | undefined {
    return place.field === 'references' ? workspace.references[place.index] : workspace[place.field]
  }

  function put(place: ImagePlace, ref: ImageRef): void {
    if (place.field === 'references') workspace.references = workspace.references.map((old, i) => (i === place.index ? ref : old))
    else workspace[place.field] = ref
    touch(place.field)
  }

  function setFrame(slot: FrameSlot, ref: ImageRef | undefined): void {
    workspace[slot] = ref
    // Another first frame: the draft no longer continues the clip that frame came from.
    if (slot !== 'last') workspace.continues = undefined
    touch(slot)
  }

  function swapFrames(): void {
    ;[workspace.first, workspace.last] = [workspace.last, workspace.first]
    touch('first')
    touch('last')
  }

  /**
   * Adds reference images after the others; those beyond the model's maximum wait set aside (the
   * form shows them, and says so). Returns how many were not kept at all (past KEPT_REFERENCES).
   */
  function addReferences(refs: readonly ImageRef[]): number {
    const room = Math.max(0, KEPT_REFERENCES - workspace.references.length)
    workspace.references = [...workspace.references, ...refs.slice(0, room)]
    touch('references')
    return Math.max(0, refs.length - room)
  }

  function removeReference(index: number): void {
    workspace.references = workspace.references.filter((_, i) => i !== index)
    touch('references')
  }

  function moveReference(from: number, to: number): void {
    const list = [...workspace.references]
    if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return
    const [moved] = list.splice(from, 1)
    list.splice(to, 0, moved!)
    workspace.references = list
    touch('references')
  }

  /** Crops the image at `place` (in its pixels as displayed) and puts the crop in its place. */
  async function crop(place: ImagePlace, rect: CropRect): Promise<void> {
    const ref = refAt(place)
    if (ref?.kind !== 'file') return
    const image = await useEngineApi().inputs.crop({ hash: ref.hash, rect })
    remember([image])
    crops.value = new Map(crops.value).set(image.hash, crops.value.get(ref.hash) ?? ref)
    put(place, { kind: 'file', hash: image.hash, name: image.name })
  }

  /** The image a crop came from, when the image at `place` is one. */
  function uncropped(ref: ImageRef | undefined): ImageRef | undefined {
    return ref?.kind === 'file' ? crops.value.get(ref.hash) : undefined
  }

  /** Undo of a crop: the original back in its place. */
  function uncrop(place: ImagePlace): void {
    const original = uncropped(refAt(place))
    if (original) put(place, original)
  }

  return {
    crops,
    cropping,
    openCrop: (place: ImagePlace): void => void (cropping.value = place),
    closeCrop: (): void => void (cropping.value = undefined),
    refAt,
    setFrame,
    swapFrames,
    addReferences,
    removeReference,
    moveReference,
    crop,
    uncropped,
    uncrop,
  }
}
