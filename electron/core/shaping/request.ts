import type { Model } from '../../../shared/catalog'
import type { Draft, InputImage, PreparedImage } from '../../../shared/draft'
import { AppError, invalidInput, problemError, type FieldProblems } from '../../../shared/errors'
import type { SidecarInput } from '../../../shared/library'
import { checkDraft } from '../../../shared/rules/fields'
import { imageSlots, slotProblem } from '../../../shared/rules/images'
import { problem } from '../../../shared/rules/problems'
import type { z } from 'zod'
import type { CatalogService } from '../catalog/service'
import { encodeImage, type InputStore } from '../images/store'
import { buildBody } from './body'

/** What shaping needs from the rest of the engine: a model by id, and the input store. */
export interface ShapingDeps {
  readonly catalog: Pick<CatalogService, 'model'>
  readonly inputs: Pick<InputStore, 'get' | 'fit' | 'prepare'>
}

export interface DraftCheck {
  readonly ok: boolean
  readonly fields: FieldProblems
  /** By role (image, headtailImages.first, characterImages.0 …): what will be sent for each local image. */
  readonly images: Record<string, PreparedImage>
  readonly model: Model | undefined
}

/** What a job records of its request: the model and the body with images as references (no bytes). */
export interface ShapedRequest {
  readonly model: Model
  /** The body with every local image replaced by `{kind: 'file', hash, name}`: safe for sidecars and the journal. */
  readonly params: Record<string, unknown>
  readonly inputs: Array<z.infer<typeof SidecarInput>>
  readonly images: Record<string, PreparedImage>
}

/**
 * Everything checkDraft checks (shared/rules/fields.ts), with the local images themselves: in
 * the store, and fittable to the model's limits (fitting is cached, so the Create form can call
 * this as the designer types).
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
        if (slot.ref.kind !== 'file' || slotProblem(slot, known, model)) return
        try {
          images[slot.role] = await deps.inputs.fit(slot.ref.hash, model.imageLimits)
        } catch (error) {
          if (!(error instanceof AppError)) throw error
          // Gone since `get` found it (its file removed), or one that no quality step can fit.
          const found = error.code === 'NOT_FOUND' ? problem('image.gone', slot.at) : error.code === 'INVALID_INPUT' ? error.problem : undefined
          if (!found) throw error
          ;(fields[slot.field] ??= []).push(found)
        }
      }),
    )
  }
  return { ok: Object.keys(fields).length === 0, fields, images, model }
}

/**
 * The one check of a submission (`jobs.submit`, each job as it is queued): the draft judged, then
 * the request as the journal and sidecar record it, every local image as a reference. No image is
 * read or encoded, so queuing a job (and each of N variations) costs no base64. Throws
 * `invalidInput(fields)`, keyed by Draft key.
 */
export async function shapeRequest(deps: ShapingDeps, draft: Draft): Promise<ShapedRequest> {
  const checked = await checkDraftWithImages(deps, draft)
  const model = checked.model
  if (!checked.ok || !model) throw invalidInput(checked.fields)
  const params = await buildBody(model, draft, async ({ ref }) => (ref.kind === 'url' ? ref.url : { kind: 'file' as const, hash: ref.hash, name: ref.name }))
  const spec = model.modes[draft.mode]
  const inputs = (spec ? imageSlots(spec, draft) : []).map(({ role, ref }) =>
    ref.kind === 'file' ? { role, kind: 'file' as const, hash: ref.hash, name: ref.name } : { role, kind: 'url' as const, url: ref.url },
  )
  return { model, params, inputs, images: checked.images }
}

/**
 * The body to POST (§4.1), at the submit turn of a job whose draft shapeRequest checked when it
 * was queued: nothing is judged again; each local image is fitted (cached) and encoded once, as
 * the catalogue says, and URL images pass through (§2.1: "a URL, Base64 data, or a
 * vendor-structured image object"). Never log or store it: it holds base64.
 */
export async function encodeBody(deps: ShapingDeps, draft: Draft): Promise<Record<string, unknown>> {
  const model = deps.catalog.model(draft.modelId)
  if (!model) throw problemError('NOT_FOUND', problem('model.unknown', { model: draft.modelId }))
  return buildBody(model, draft, async ({ ref, at, format }) => {
    if (ref.kind === 'url') return ref.url
    const prepared = await deps.inputs.prepare(ref.hash, model.imageLimits).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw problemError('NOT_FOUND', problem('image.gone', at))
      throw error
    })
    return encodeImage(prepared.bytes, prepared.prepared.mime, format.encoding)
  })
}
