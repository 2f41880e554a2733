import type { Model } from '@shared/catalog'
import type { Draft, ImageRef } from '@shared/draft'
import { adaptDraft, carriedFrame, fallbackMode, type AsideKey } from '@shared/rules/fields'
import type { StoryboardShot } from '@shared/storyboard'

/**
 * A shot's settings under its model's rules: the same `adaptDraft` as the Create form and the
 * engine (shared/rules), over the shot as a draft whose images stand by their paths. What the
 * model and mode do not take is taken out of the shot (a board with it would be refused) and
 * named, so the card can say what went. A first frame follows a switch of mode as on Create
 * (`carriedFrame`): i2v's image becomes first-and-last's first frame, and back.
 */
const asRef = (path: string): ImageRef => ({ kind: 'file', hash: path, name: path })

function asDraft(shot: StoryboardShot): Draft {
  return {
    modelId: shot.model,
    mode: shot.mode,
    prompt: shot.prompt,
    ...(shot.image && { image: asRef(shot.image) }),
    ...(shot.first && { first: asRef(shot.first) }),
    ...(shot.last && { last: asRef(shot.last) }),
    ...(shot.refs && { references: shot.refs.map(asRef) }),
    ...(shot.duration !== undefined && { duration: shot.duration }),
    ...(shot.resolution !== undefined && { resolution: shot.resolution }),
    ...(shot.seed !== undefined && { seed: shot.seed }),
  }
}

const pathOf = (ref: ImageRef | undefined): string | undefined => (ref?.kind === 'file' ? ref.hash : undefined)

export function adaptShot(model: Model | undefined, shot: StoryboardShot): { shot: StoryboardShot; gone: AsideKey[] } {
  const wanted = asDraft(shot)
  const { draft, aside, kept } = adaptDraft(model, { ...wanted, ...carriedFrame(model, wanted) })
  const [image, first, last] = [pathOf(draft.image), pathOf(draft.first), pathOf(draft.last)]
  const refs = draft.references?.flatMap((ref) => pathOf(ref) ?? [])
  // A continuing shot is image-to-video on the last frame before: in any other mode it cuts.
  const continues = shot.continues && draft.mode === 'i2v'
  const next: StoryboardShot = {
    prompt: shot.prompt,
    model: draft.modelId,
    mode: draft.mode,
    ...(draft.duration !== undefined && { duration: draft.duration }),
    ...(draft.resolution !== undefined && { resolution: draft.resolution }),
    ...(draft.seed !== undefined && { seed: draft.seed }),
    ...(image && !continues && { image }),
    ...(first && { first }),
    ...(last && { last }),
    ...(refs?.length && { refs }),
    ...(continues && { continues: true }),
  }
  // The prompt stays as typed whatever the model: it is the shot's description too.
  return { shot: next, gone: [...aside, ...kept].filter((key) => key !== 'prompt') }
}

/** Another model for the shot: the mode it has nearest to the shot's, and what it takes of the rest. */
export function withModel(model: Model, shot: StoryboardShot): { shot: StoryboardShot; gone: AsideKey[] } {
  return adaptShot(model, { ...shot, model: model.id, mode: fallbackMode(model, shot.mode) })
}

/** A shot to add after `last`: its model, a text shot (or the nearest mode), its duration and resolution. */
export function shotAfter(model: Model | undefined, last: StoryboardShot | undefined, fallbackModel: string): StoryboardShot {
  const modelId = last?.model ?? model?.id ?? fallbackModel
  const start: StoryboardShot = { prompt: '', model: modelId, mode: model ? fallbackMode(model, 't2v') : 't2v', ...(last?.duration !== undefined && { duration: last.duration }), ...(last?.resolution !== undefined && { resolution: last.resolution }) }
  return adaptShot(model, start).shot
}
