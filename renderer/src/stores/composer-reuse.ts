import type { Model } from '@shared/catalog'
import type { Draft, InputImage } from '@shared/draft'
import { fallbackMode } from '@shared/rules/fields'
import type { ReuseKind } from './composer-notice'
import { copyWorkspace, randomSeed, type DraftKey, type Workspace } from './composer-workspace'

interface ReuseDeps {
  workspace: Workspace
  model: () => Model | undefined
  modelOf: (id: string) => Model | undefined
  remember: (images: readonly InputImage[]) => void
  touch: (key: DraftKey) => void
  /** After the form changed: remember the way back, say what happened, check at once. */
  changed: (before: Workspace, reuse: ReuseKind) => void
  goCreate: () => void
}

/**
 * The library's "reuse" actions (their signatures are stable: the Library screen calls them),
 * each refilling the form without clobbering the rest, then saying what it did, with Undo.
 */
export function createReuse(deps: ReuseDeps) {
  const { workspace: w } = deps

  function placeImages(source: Draft): void {
    if (source.image) w.image = source.image
    if (source.first) w.first = source.first
    if (source.last) w.last = source.last
    if (source.references?.length) w.references = [...source.references]
    // A first frame from the source brings the source's lineage with it (or none).
    if (source.image || source.first) w.continues = source.continues
  }

  /** Only the prompt; every other setting stays. */
  function usePrompt(text: string): void {
    const before = copyWorkspace(w)
    w.prompt = text
    deps.touch('prompt')
    deps.changed(before, 'prompt')
    deps.goCreate()
  }

  /**
   * The source's input images, in the mode that holds them: the current model's, when it has that
   * mode, else the source's model. Prompt and parameters stay.
   */
  function useImages(source: Draft, images: readonly InputImage[] = []): void {
    deps.remember(images)
    const before = copyWorkspace(w)
    if (!deps.model()?.modes[source.mode] && deps.modelOf(source.modelId)) w.modelId = source.modelId
    const model = deps.model()
    w.mode = model && !model.modes[source.mode] ? fallbackMode(model, source.mode) : source.mode
    placeImages(source)
    for (const key of ['image', 'first', 'last', 'references'] as const) if (source[key]) deps.touch(key)
    deps.changed(before, 'images')
    deps.goCreate()
  }

  function fill(source: Draft, seed: { value: number; locked: boolean }): void {
    Object.assign(w, {
      modelId: source.modelId,
      mode: source.mode,
      prompt: source.prompt ?? '',
      image: source.image,
      first: source.first,
      last: source.last,
      references: [...(source.references ?? [])],
      duration: source.duration,
      resolution: source.resolution,
      seed: seed.value,
      seedLocked: seed.locked,
      audio: source.audio ?? false,
      continues: source.continues,
      // What the source used is what the designer now asks of its model.
      choices: { ...w.choices, [source.modelId]: { duration: source.duration, resolution: source.resolution } },
    } satisfies Workspace)
  }

  /** Every setting of the source: model, mode, prompt, images, duration, resolution, seed (locked), audio. */
  function useAll(source: Draft, images: readonly InputImage[] = []): void {
    deps.remember(images)
    const before = copyWorkspace(w)
    fill(source, { value: source.seed ?? w.seed, locked: source.seed !== undefined })
    deps.changed(before, 'all')
    deps.goCreate()
  }

  /** All of the source's settings with a new random seed. */
  function remix(source: Draft, images: readonly InputImage[] = []): void {
    deps.remember(images)
    const before = copyWorkspace(w)
    fill(source, { value: randomSeed(), locked: false })
    deps.changed(before, 'remix')
    deps.goCreate()
  }

  return { usePrompt, useImages, useAll, remix }
}
