import { defineStore } from 'pinia'
import { computed, reactive, ref, shallowRef, watch } from 'vue'
import type { Mode } from '@shared/catalog'
import type { Continues, Draft, ImageRef, InputImage, PreparedImage } from '@shared/draft'
import type { Job } from '@shared/job'
import { AppError, type FieldProblems, type Problem } from '@shared/errors'
import { activePhases } from '@shared/phases'
import { fallbackMode, type AsideKey } from '@shared/rules/fields'
import { useCatalogStore } from './catalog'
import { useConnectionStore } from './connection'
import { useJobsStore } from './jobs'
import { useNavStore } from './nav'
import { useSettingsStore } from './settings'
import { byDraftKey, createDraftCheck } from './composer-check'
import { serviceRefusals } from './composer-refusals'
import { createImageCache } from './composer-images'
import { continuationModel } from './continuation'
import { carryFrames, randomSeed, restoreWorkspace, wishesOf, workspaceSaver, type DraftKey, type Workspace } from './composer-workspace'

export type FrameSlot = 'image' | 'first' | 'last'

/** Shown after a switch of model or mode: what the new one will not send, and a way back. */
export interface SwitchNotice {
  aside: AsideKey[]
  /** References beyond the new model's maximum (these are gone; Undo brings them back). */
  trimmed?: { from: number; to: number }
  undo: Workspace
}

/** A switch of model or mode: the way back, and what it trimmed. What it set aside comes from the check. */
type Switched = Omit<SwitchNotice, 'aside'>

/** How many of this session's jobs the Create screen shows. */
const SESSION_CARDS = 48

/** What keeps Generate from going, the first thing first (the Generate bar says it in words). */
export type GenerateBlocker = 'offline' | 'needsKey' | 'noModel' | 'invalid'

function copy(w: Workspace): Workspace {
  return { ...w, references: [...w.references] }
}

/**
 * The designer's draft on the Create screen: every value they set (kept even when the current
 * model or mode does not use it), the live check of what would be sent (`drafts.check`,
 * debounced), submitting, and this session's jobs. The library's "reuse" actions refill it
 * through `usePrompt`, `useImages`, `useAll` and `remix` without clobbering the rest.
 */
export const useComposerStore = defineStore('composer', () => {
  const catalog = useCatalogStore()
  const jobs = useJobsStore()
  const nav = useNavStore()
  const connection = useConnectionStore()
  const settings = useSettingsStore()

  const workspace = reactive<Workspace>({ modelId: '', mode: 't2v', prompt: '', references: [], seed: randomSeed(), seedLocked: false, audio: false })
  const variations = ref(1)
  const { inputs, previews, remember, keepPreviewsOf } = createImageCache()
  const switched = shallowRef<Switched>()
  const touched = reactive(new Set<DraftKey>())
  /** The designer tried to generate: every problem shows, not only those of fields they touched. */
  const attempted = ref(false)
  const submitting = ref(false)
  const submitProblem = shallowRef<AppError>()
  const submitFields = shallowRef<FieldProblems>({})
  const sessionStartedAt = Date.now()

  const model = computed(() => catalog.model(workspace.modelId))
  const spec = computed(() => model.value?.modes[workspace.mode])
  const wishes = computed<Draft>(() => wishesOf(workspace))
  const live = createDraftCheck(wishes)
  const check = computed(() => live.last.value?.check)
  /** What Generate would send now, as the engine adapted it (undefined until its answer comes). */
  const draft = computed(() => live.current.value?.draft)
  /**
   * After a switch: what the current model and mode set aside, as the engine says. An unlocked
   * seed is a random one nobody chose, so losing it is not worth a note.
   */
  const notice = computed<SwitchNotice | undefined>(() => {
    const since = switched.value
    if (!since) return undefined
    const aside = (live.current.value?.aside ?? []).filter((key) => key !== 'seed' || workspace.seedLocked)
    return aside.length > 0 || since.trimmed ? { ...since, aside } : undefined
  })
  /** What will be sent for each local image after fitting, by content hash. */
  const prepared = computed(() => new Map<string, PreparedImage>(Object.values(check.value?.images ?? {}).map((image) => [image.hash, image])))
  const referenceMax = computed(() => spec.value?.characterImages?.max ?? 0)
  const invalid = computed(() => check.value !== undefined && !check.value.ok)
  /** A connection that needs a key and has none. */
  const needsKey = computed(() => settings.loaded && !settings.ready && !!settings.active)
  const blocker = computed<GenerateBlocker | undefined>(() => {
    if (connection.offline) return 'offline'
    if (needsKey.value) return 'needsKey'
    if (!model.value) return 'noModel'
    return invalid.value ? 'invalid' : undefined
  })
  const canGenerate = computed(() => !submitting.value && blocker.value === undefined)
  // This session's jobs: made since the page opened (what Generate submits among them), and any
  // still being worked on.
  const sessionJobs = computed(() => jobs.list.filter((job) => job.createdAt >= sessionStartedAt || activePhases.has(job.phase)).slice(0, SESSION_CARDS))
  /** Fields the service refused of the draft as it is now (the last check's), with its words. */
  const refused = computed(() => serviceRefusals(sessionJobs.value, check.value?.draft, model.value))

  /**
   * The problem to show under a field: touched fields at once, the rest after a Generate; what the
   * service refused of this very value always. A field changed since the last check shows nothing
   * until the check catches up (no stale "too long").
   */
  function problemFor(key: DraftKey): Problem | undefined {
    return submitFields.value[key]?.[0] ?? refused.value[key]?.[0] ?? (attempted.value || touched.has(key) ? live.problemFor(key) : undefined)
  }

  function touch(key: DraftKey): void {
    touched.add(key)
    if (submitFields.value[key]) submitFields.value = Object.fromEntries(Object.entries(submitFields.value).filter(([k]) => k !== key))
  }

  // --- switching model and mode --------------------------------------------------------------

  function afterSwitch(before: Workspace): void {
    // New fields to fill: their problems wait until the designer touches them or tries again.
    attempted.value = false
    carryFrames(model.value, workspace)
    const max = spec.value?.characterImages?.max
    let trimmed: SwitchNotice['trimmed']
    if (max !== undefined && workspace.references.length > max) {
      trimmed = { from: workspace.references.length, to: max }
      workspace.references = workspace.references.slice(0, max)
    }
    switched.value = { trimmed, undo: before }
    // A switch is not typing: its answer (and what it set aside) is wanted now.
    void live.now()
  }

  function chooseModel(id: string): void {
    if (id === workspace.modelId) return
    const before = copy(workspace)
    workspace.modelId = id
    const next = catalog.model(id)
    if (next && !next.modes[workspace.mode]) workspace.mode = fallbackMode(next, workspace.mode)
    afterSwitch(before)
  }

  function chooseMode(mode: Mode): void {
    if (mode === workspace.mode) return
    const before = copy(workspace)
    workspace.mode = mode
    afterSwitch(before)
  }

  function undoSwitch(): void {
    if (!switched.value) return
    Object.assign(workspace, switched.value.undo)
    switched.value = undefined
  }

  // --- images --------------------------------------------------------------------------------

  /** Images the workspace holds, or the switch Undo would bring back: their previews stay. */
  const heldImages = () => [workspace, switched.value?.undo].flatMap((w) => [w?.image, w?.first, w?.last, ...(w?.references ?? [])])

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

  /** Adds references up to the model's maximum; returns how many did not fit. */
  function addReferences(refs: readonly ImageRef[]): number {
    const room = Math.max(0, referenceMax.value - workspace.references.length)
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
  }

  // --- reuse from the library (signatures are stable: the Library screen calls them) ----------

  function placeImages(source: Draft): void {
    if (source.image) workspace.image = source.image
    if (source.first) workspace.first = source.first
    if (source.last) workspace.last = source.last
    if (source.references?.length) workspace.references = [...source.references]
  }

  /** Only the prompt; every other setting stays. */
  function usePrompt(text: string): void {
    workspace.prompt = text
    touch('prompt')
    nav.go('create')
  }

  /**
   * The source's input images, in the mode that holds them: the current model's, when it has
   * that mode, else the source's model. Prompt and parameters stay.
   */
  function useImages(source: Draft, images: readonly InputImage[] = []): void {
    remember(images)
    const before = copy(workspace)
    if (!model.value?.modes[source.mode] && catalog.model(source.modelId)) workspace.modelId = source.modelId
    workspace.mode = model.value && !model.value.modes[source.mode] ? fallbackMode(model.value, source.mode) : source.mode
    placeImages(source)
    afterSwitch(before)
    for (const key of ['image', 'first', 'last', 'references'] as const) if (source[key]) touch(key)
    nav.go('create')
  }

  /** Every setting of the source: model, mode, prompt, images, duration, resolution, seed (locked), audio. */
  function useAll(source: Draft, images: readonly InputImage[] = []): void {
    remember(images)
    switched.value = undefined
    Object.assign(workspace, {
      modelId: source.modelId,
      mode: source.mode,
      prompt: source.prompt ?? '',
      image: source.image,
      first: source.first,
      last: source.last,
      references: [...(source.references ?? [])],
      duration: source.duration,
      resolution: source.resolution,
      seed: source.seed ?? workspace.seed,
      seedLocked: source.seed !== undefined,
      audio: source.audio ?? false,
      continues: source.continues,
    } satisfies Workspace)
    submitFields.value = {}
    nav.go('create')
  }

  /** All of the source's settings with a new random seed. */
  function remix(source: Draft, images: readonly InputImage[] = []): void {
    useAll(source, images)
    workspace.seed = randomSeed()
    workspace.seedLocked = false
  }

  /**
   * "Continue from last frame" (issue 16 item 1): a new draft whose first frame is `frame`, taken
   * from library item `continues.itemId`, in a model and mode that
   * take a first frame (the source's, else the current one's, else the first that can;
   * continuation.ts), with the source's prompt to edit and its duration and resolution, so the
   * clips join without re-encoding.
   */
  function continueFrom(source: Draft, frame: InputImage, continues: Continues): void {
    remember([frame])
    const modelId = continuationModel(catalog.models, source.modelId, workspace.modelId)
    if (!modelId) return
    switched.value = undefined
    Object.assign(workspace, {
      modelId,
      mode: 'i2v',
      prompt: source.prompt ?? '',
      image: { kind: 'file', hash: frame.hash, name: frame.name },
      first: undefined,
      last: undefined,
      references: [],
      duration: source.duration,
      resolution: source.resolution,
      seed: randomSeed(),
      seedLocked: false,
      audio: source.audio ?? false,
      continues,
    } satisfies Workspace)
    submitFields.value = {}
    attempted.value = false
    nav.go('create', 'prompt')
  }

  /** A picture as the first frame, every other setting kept (a dropped video without settings). */
  function startFrom(frame: InputImage): void {
    const modelId = continuationModel(catalog.models, workspace.modelId, workspace.modelId)
    if (!modelId) return
    remember([frame])
    const before = copy(workspace)
    workspace.modelId = modelId
    workspace.mode = 'i2v'
    afterSwitch(before)
    setFrame('image', { kind: 'file', hash: frame.hash, name: frame.name })
    nav.go('create')
  }

  // --- generate ------------------------------------------------------------------------------

  /** Checks, then submits N variations; on a refused field, shows it where it belongs. */
  async function generate(): Promise<Job[] | undefined> {
    attempted.value = true
    submitProblem.value = undefined
    // The check may be older than the draft: a fresh one below decides about `invalid`.
    if (submitting.value || (blocker.value && blocker.value !== 'invalid')) return undefined
    const result = await live.now()
    if (!result?.ok) return undefined
    submitting.value = true
    try {
      const created = await jobs.submit(result.draft, variations.value)
      attempted.value = false
      if (!workspace.seedLocked) workspace.seed = randomSeed()
      return created
    } catch (error) {
      const appError = AppError.from(error)
      const fields = appError.code === 'INVALID_INPUT' ? appError.fieldProblems : undefined
      if (fields) submitFields.value = byDraftKey(fields)
      else submitProblem.value = appError
      return undefined
    } finally {
      submitting.value = false
    }
  }

  // --- start: defaults, persistence, the live check ------------------------------------------

  function pickDefaults(): void {
    const first = catalog.groups[0]?.models[0]
    if (!workspace.modelId && first) workspace.modelId = first.id
    if (model.value && !model.value.modes[workspace.mode]) workspace.mode = fallbackMode(model.value, workspace.mode)
  }

  function start(): () => void {
    const saved = restoreWorkspace(localStorage)
    if (saved) {
      Object.assign(workspace, saved.workspace)
      if (saved.variations) variations.value = saved.variations
    }
    pickDefaults()
    const saver = workspaceSaver(localStorage, () => [workspace, variations.value])
    // Closing the window right after typing still keeps the last words.
    window.addEventListener('pagehide', saver.flush)
    const stops = [
      watch(() => catalog.models, pickDefaults),
      watch(live.key, () => {
        submitFields.value = {}
        live.schedule()
      }),
      watch([workspace, variations], saver.schedule, { deep: true }),
      watch(heldImages, keepPreviewsOf),
    ]
    if (workspace.modelId) void live.now()
    return () => {
      stops.forEach((stop) => stop())
      saver.flush()
      window.removeEventListener('pagehide', saver.flush)
      live.stop()
    }
  }

  return {
    workspace,
    variations,
    model,
    spec,
    draft,
    check,
    checkProblem: live.failure,
    invalid,
    prepared,
    inputs,
    previews,
    notice,
    submitting,
    submitProblem,
    blocker,
    canGenerate,
    sessionJobs,
    problemFor,
    touch,
    checkNow: live.now,
    chooseModel,
    chooseMode,
    undoSwitch,
    dismissNotice: () => (switched.value = undefined),
    remember,
    setFrame,
    swapFrames,
    addReferences,
    removeReference,
    moveReference,
    usePrompt,
    useImages,
    useAll,
    remix,
    continueFrom,
    startFrom,
    canContinue: computed(() => continuationModel(catalog.models, '', workspace.modelId) !== undefined),
    generate,
    start,
  }
})
