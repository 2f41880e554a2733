import { modes, type Mode, type Model } from '../../../shared/catalog'
import type { Draft, ImageRef, InputImage } from '../../../shared/draft'
import { createCatalogService, type CatalogService } from '../../../electron/core/catalog/service'
import { createEventBus } from '../../../electron/core/events'
import { createInputStore, type InputStore } from '../../../electron/core/images/store'
import { createLogHub } from '../../../electron/core/logger'
import { encodeBody, shapeRequest, type ShapedRequest, type ShapingDeps } from '../../../electron/core/shaping/request'
import { defaultCatalog } from '../../support/sandbox'
import { useTempDir } from '../../support/temp'
import { cachedImage, type ImageOptions } from '../images/fixtures'

/** What the shaping tests build on: the real catalogue service and input store over a temp folder. */
export interface ShapingWorld {
  dir: string
  deps: ShapingDeps & { catalog: CatalogService; inputs: InputStore }
  /** The images asked for, imported into the input store, in order. */
  images: InputImage[]
  /** The same images as a draft refers to them. */
  files: ImageRef[]
}

/** An image for the input store: its name and `makeImage`'s arguments (made once, then cached). */
export type ImageSpec = [name: string, width: number, height: number, options?: ImageOptions]

export async function startShaping(prefix: string, specs: readonly ImageSpec[]): Promise<ShapingWorld> {
  const dir = await useTempDir(prefix)
  const log = createLogHub(Date.now).root
  const catalog = createCatalogService({ dataDir: dir, fetch, log, events: createEventBus() })
  await catalog.load()
  const inputs = createInputStore({ dataDir: dir, log })
  const images: InputImage[] = []
  for (const [name, width, height, options] of specs) images.push(await inputs.import({ name, bytes: await cachedImage(width, height, options) }))
  return { dir, deps: { catalog, inputs }, images, files: images.map((image) => ({ kind: 'file', hash: image.hash, name: image.name })) }
}

/**
 * A draft as a job goes through shaping: checked and recorded when queued (shapeRequest), then
 * encoded at its submit turn (encodeBody).
 */
export async function shapeAndEncode(deps: ShapingDeps, draft: Draft): Promise<ShapedRequest & { body: Record<string, unknown> }> {
  const shaped = await shapeRequest(deps, draft)
  return { ...shaped, body: await encodeBody(deps, draft) }
}

/** Every model × mode of the default catalogue, as `[id, mode, model]` for it.each. */
export const modelModes: ReadonlyArray<readonly [string, Mode, Model]> = defaultCatalog.models.flatMap((model) =>
  modes.filter((mode) => model.modes[mode]).map((mode) => [model.id, mode, model] as const),
)

/** The property tests' seed for case `index` of `modelModes`: each case its own drafts, replayable. */
export const caseSeed = (index: number): number => 20_240_611 + index

/** The index of a case in `modelModes`, from what it.each passes. */
export const caseIndex = (id: string, mode: Mode): number => modelModes.findIndex(([i, m]) => i === id && m === mode)
