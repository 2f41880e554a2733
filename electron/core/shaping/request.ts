import type { Model } from '../../../shared/catalog'
import type { Draft, InputImage, PreparedImage } from '../../../shared/draft'
import { AppError, invalidInput, type FieldErrors } from '../../../shared/errors'
import type { SidecarInput } from '../../../shared/library'
import type { z } from 'zod'
import type { CatalogService } from '../catalog/service'
import { encodeImage, type InputStore } from '../images/store'
import { buildBody } from './body'
import { checkDraft, slotProblem } from './check'
import { imageSlots } from './slots'

/** What shaping needs from the rest of the engine: a model by id, and the input store. */
export interface ShapingDeps {
  readonly catalog: Pick<CatalogService, 'model'>
  readonly inputs: Pick<InputStore, 'get' | 'fit' | 'prepare'>
}

export interface DraftCheck {
  readonly ok: boolean
  readonly fields: FieldErrors
  /** By role (image, headtailImages.first, characterImages.0 …): what will be sent for each local image. */
  readonly images: Record<string, PreparedImage>
  readonly model: Model | undefined
}

/** What a request records: the model and the body with images as references (no bytes). */
export interface ShapedRequest {
  readonly model: Model
  /** The body with every local image replaced by `{kind: 'file', hash, name}`: safe for sidecars and the journal. */
  readonly params: Record<string, unknown>
  readonly inputs: Array<z.infer<typeof SidecarInput>>
  readonly images: Record<string, PreparedImage>
}

export interface BuiltRequest extends ShapedRequest {
  /** The body to POST (§4.1), images encoded. Never log or store it: it holds base64. */
  readonly body: Record<string, unknown>
}

/**
 * Everything checkDraft checks, plus the local images themselves: present in the store, and
 * fittable to the model's limits (fitting is cached, so the Create form can call this as the
 * designer types).
 */
export async function checkDraftWithImages(deps: ShapingDeps, draft: Draft): Promise<DraftCheck> {
  const model = deps.catalog.model(draft.modelId)
  const spec = model?.modes[draft.mode]
  const slots = spec ? imageSlots(spec, draft) : []
  const known = new Map<string, InputImage>()
  await Promise.all(
    slots.map(async (slot) => {
      if (slot.ref.kind !== 'file') return
      const image = await deps.inputs.get(slot.ref.hash)
      if (image) known.set(image.hash, image)
    }),
  )
  const fields = checkDraft(model, draft, known)
  const images: Record<string, PreparedImage> = {}
  if (model) {
    await Promise.all(
      slots.map(async (slot) => {
        if (slot.ref.kind !== 'file' || slotProblem(slot, known, model.imageLimits, model.displayName)) return
        try {
          images[slot.role] = await deps.inputs.fit(slot.ref.hash, model.imageLimits)
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 'INVALID_INPUT') throw error
          ;(fields[slot.field] ??= []).push(error.message)
        }
      }),
    )
  }
  return { ok: Object.keys(fields).length === 0, fields, images, model }
}

/**
 * A checked draft, as it will be recorded (journal, sidecar): the body with every local image as
 * a reference, and the inputs by role. No image is read or encoded, so queuing a job (and each of
 * N variations) costs no base64. Throws `invalidInput(fields)`, with Draft keys as field names.
 */
export async function shapeRequest(deps: ShapingDeps, draft: Draft): Promise<ShapedRequest> {
  const checked = await checkDraftWithImages(deps, draft)
  const model = checked.model
  if (!checked.ok || !model) throw invalidInput(checked.fields)
  const params = await buildBody(model, draft, async (ref) => (ref.kind === 'url' ? ref.url : { kind: 'file' as const, hash: ref.hash, name: ref.name }))
  const spec = model.modes[draft.mode]
  const inputs = (spec ? imageSlots(spec, draft) : []).map(({ role, ref }) =>
    ref.kind === 'file' ? { role, kind: 'file' as const, hash: ref.hash, name: ref.name } : { role, kind: 'url' as const, url: ref.url },
  )
  return { model, params, inputs, images: checked.images }
}

/**
 * The one way a draft becomes a request to send (the job runner's submit): shaped as above, then
 * local images fitted and encoded as the catalogue says, URL images passed through (§2.1: "a URL,
 * Base64 data, or a vendor-structured image object").
 */
export async function buildRequest(deps: ShapingDeps, draft: Draft): Promise<BuiltRequest> {
  const shaped = await shapeRequest(deps, draft)
  const body = await buildBody(shaped.model, draft, async (ref, format) => {
    if (ref.kind === 'url') return ref.url
    const { prepared, bytes } = await deps.inputs.prepare(ref.hash, shaped.model.imageLimits)
    return encodeImage(bytes, prepared.mime, format.encoding)
  })
  return { ...shaped, body }
}
