import { useEventListener } from '@vueuse/core'
import { defineStore } from 'pinia'
import { computed, reactive, ref, shallowRef, watch } from 'vue'
import type { Mode } from '@shared/catalog'
import type { Continues, Draft, InputImage, PreparedImage } from '@shared/draft'
import type { Job } from '@shared/job'
import { AppError, type FieldProblems, type Problem } from '@shared/errors'
import { carriedFrame, fallbackMode } from '@shared/rules/fields'
import { useCatalogStore } from './catalog'
import { useConnectionStore } from './connection'
import { useEngineStore } from './engine'
import { useJobsStore } from './jobs'
import { useNavStore } from './nav'
import { useSettingsStore } from './settings'
import { byDraftKey, createDraftCheck } from './composer-check'
import { serviceRefusals } from './composer-refusals'
import { createImageCache } from './composer-images'
import { createFormNotice, type ReuseKind } from './composer-notice'
import { createReuse } from './composer-reuse'
import { createSlots } from './composer-slots'
import { continuationModel } from './continuation'
import { createCompareOn } from './composer-compare'
import { recentJobs } from './feed'
import { copyWorkspace, emptyWorkspace, MAX_VARIATIONS, randomSeed, restoreWorkspace, wishesOf, workspaceSaver, type DraftKey, type Workspace } from './composer-workspace'

export type { FormNotice } from './composer-notice'
export type { FrameSlot, ImagePlace } from './composer-slots'

/** How many of the recent jobs the Create screen shows. */
const SESSION_CARDS = 48

/** The reuses that bring a whole draft of one model (the others only put a prompt or images into the form as it is). */
const startsFromOneModel: ReadonlySet<ReuseKind> = new Set(['continue', 'all', 'remix'])

/** What keeps Generate from going, the first thing first (the Generate bar says it in words). */
export type GenerateBlocker = 'engineAway' | 'offline' | 'needsKey' | 'noModel' | 'tooMany' | 'invalid'

/** The fields in the order the form shows them: the first problem is the highest one on screen. */
const screenOrder: readonly DraftKey[] = ['modelId', 'mode', 'prompt', 'image', 'first', 'last', 'references', 'duration', 'resolution', 'seed', 'audio']

/**
 * The designer's draft on the Create screen: every value they set (kept even when the current
 * model or mode does not use it), the live check of what would be sent (`drafts.check`,
 * debounced), submitting, and this session's jobs. Its parts: the workspace and its storage
 * (composer-workspace), image slots and crops (composer-slots), what a change did and its Undo
 * (composer-notice), the library's reuse actions (composer-reuse).
 */
export const useComposerStore = defineStore('composer', () => {
  const catalog = useCatalogStore()
  const jobs = useJobsStore()
  const nav = useNavStore()
  const connection = useConnectionStore()
  const engine = useEngineStore()
  const settings = useSettingsStore()

  const workspace = reactive<Workspace>(emptyWorkspace(randomSeed()))
  const variations = ref(1)
  const compareOn = createCompareOn(() => workspace.modelId, variations)
  const { inputs, previews, remember, keepPreviewsOf } = createImageCache()
  const touched = reactive(new Set<DraftKey>())
  /** The designer tried to generate: every problem shows, not only those of fields they touched. */
  const attempted = ref(false)
  const submitting = ref(false)
  const submitProblem = shallowRef<AppError>()
  const submitFields = shallowRef<FieldProblems>({})

  const model = computed(() => catalog.model(workspace.modelId))
  const spec = computed(() => model.value?.modes[workspace.mode])
  const wishes = computed<Draft>(() => wishesOf(workspace))
  const live = createDraftCheck(wishes)
  const check = computed(() => live.last.value?.check)
  /** What Generate would send now, as the engine adapted it (undefined until its answer comes). */
  const draft = computed(() => live.current.value?.draft)
  const referencesShown = computed(() => spec.value?.characterImages !== undefined)
  const form = createFormNotice(
    workspace,
    computed(() => {
      const answer = live.current.value
      return { aside: answer?.aside ?? [], kept: answer?.kept ?? [], ...(answer?.draft && { mode: answer.draft.mode }), sendsImage: answer?.draft?.image !== undefined }
    }),
    referencesShown,
    compareOn.restoreCompare,
  )
  /** What will be sent for each local image after fitting, by content hash. */
  const prepared = computed(() => new Map<string, PreparedImage>(Object.values(check.value?.images ?? {}).map((image) => [image.hash, image])))
  const invalid = computed(() => check.value !== undefined && !check.value.ok)
  /** A connection that needs a key and has none. */
  const needsKey = computed(() => settings.loaded && !settings.ready && !!settings.active)
  const blocker = computed<GenerateBlocker | undefined>(() => {
    if (engine.away) return 'engineAway'
    if (connection.offline) return 'offline'
    if (needsKey.value) return 'needsKey'
    if (!model.value) return 'noModel'
    if (compareOn.batchTooBig.value) return 'tooMany'
    return invalid.value ? 'invalid' : undefined
  })
  const canGenerate = computed(() => !submitting.value && blocker.value === undefined)
  /** The first problem of the last check, by the form's order on screen, and its field. */
  const firstProblem = computed<{ key: DraftKey; problem: Problem } | undefined>(() => {
    const fields = { ...check.value?.fields, ...submitFields.value }
    const key = [...screenOrder, ...(Object.keys(fields) as DraftKey[])].find((k) => fields[k]?.length)
    return key && { key, problem: fields[key]![0]! }
  })
  // The recent jobs, from the engine's journal: the same after a reload or a restart (feed.ts).
  const sessionJobs = computed(() => recentJobs(jobs.list, Date.now()).slice(0, SESSION_CARDS))
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

  const slots = createSlots(workspace, touch, remember)

  // --- switching model and mode, and any other change the form says it made ----------------

  function changed(before: Workspace, reuse?: ReuseKind): void {
    // New fields to fill: their problems wait until the designer touches them or tries again.
    attempted.value = false
    submitFields.value = {}
    // A first frame follows the designer into the other mode's first-frame slot.
    Object.assign(workspace, carriedFrame(model.value, workspace))
    // Continue, Reuse and Remix start from one model (issue 22 item 4): the source's, not the last
    // comparison's. The designer adds others again if they want them; the notice says what went.
    const cleared = reuse && startsFromOneModel.has(reuse) ? compareOn.stopComparing() : []
    form.changed(before, reuse, cleared)
    // Not typing: its answer (and what it set aside) is wanted now.
    void live.now()
  }

  function chooseModel(id: string): void {
    if (id === workspace.modelId) return
    const before = copyWorkspace(workspace)
    workspace.modelId = id
    // Each model has the duration and resolution last chosen for it, else its best.
    workspace.duration = workspace.choices[id]?.duration
    workspace.resolution = workspace.choices[id]?.resolution
    const next = catalog.model(id)
    if (next && !next.modes[workspace.mode]) workspace.mode = fallbackMode(next, workspace.mode)
    changed(before)
  }

  function chooseMode(mode: Mode): void {
    if (mode === workspace.mode) return
    const before = copyWorkspace(workspace)
    workspace.mode = mode
    changed(before)
  }

  /** The designer's own choice of duration or resolution, remembered for this model. */
  function choose(field: 'duration' | 'resolution', value: number | string): void {
    const choice = { ...workspace.choices[workspace.modelId], [field]: value }
    if (field === 'duration') workspace.duration = value as number
    else workspace.resolution = value as string
    workspace.choices = { ...workspace.choices, [workspace.modelId]: choice }
    touch(field)
  }

  const reuse = createReuse({
    workspace,
    model: () => model.value,
    modelOf: (id) => catalog.model(id),
    remember,
    touch,
    changed,
    goCreate: () => nav.go('create'),
  })

  /** Images the workspace holds, those Undo would bring back, and the originals of crops: their previews stay. */
  const heldImages = () => [
    ...[workspace, form.held()].flatMap((w) => [w?.image, w?.first, w?.last, ...(w?.references ?? [])]),
    ...slots.crops.value.values(),
  ]

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
    const before = copyWorkspace(workspace)
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
      // The source's duration and resolution are what the designer now asks of its model.
      choices: modelId === source.modelId ? { ...workspace.choices, [modelId]: { duration: source.duration, resolution: source.resolution } } : workspace.choices,
    } satisfies Workspace)
    changed(before, 'continue')
    nav.go('create', 'prompt')
  }

  /** A picture as the first frame, every other setting kept (a dropped video without settings). */
  function startFrom(frame: InputImage): void {
    const modelId = continuationModel(catalog.models, workspace.modelId, workspace.modelId)
    if (!modelId) return
    remember([frame])
    const before = copyWorkspace(workspace)
    if (modelId !== workspace.modelId) {
      workspace.modelId = modelId
      workspace.duration = workspace.choices[modelId]?.duration
      workspace.resolution = workspace.choices[modelId]?.resolution
    }
    workspace.mode = 'i2v'
    slots.setFrame('image', { kind: 'file', hash: frame.hash, name: frame.name })
    changed(before, 'frame')
    nav.go('create')
  }

  // --- generate ------------------------------------------------------------------------------

  /** One more or one fewer variation, from 1 to MAX_VARIATIONS. */
  function stepVariations(by: number): void {
    variations.value = Math.min(MAX_VARIATIONS, Math.max(1, variations.value + by))
  }

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
      // Compared, every model gets the designer's own values: the engine sets aside per model what it does not take.
      const models = compareOn.compareModels.value
      const created = models.length > 1 ? (await jobs.compare(wishes.value, models, variations.value)).jobs : await jobs.submit(result.draft, variations.value)
      attempted.value = false
      if (!workspace.seedLocked) workspace.seed = randomSeed()
      // What the notice described has been acted on: it is history now (issue 22 item 5).
      form.dismiss()
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
    const stops = [
      useEventListener(window, 'pagehide', saver.flush),
      watch(() => catalog.models, pickDefaults),
      // Leaving Create is moving on: the notice of the last change does not wait for the return.
      watch(
        () => nav.screen,
        (screen) => screen !== 'create' && form.dismiss(),
      ),
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
    notice: form.notice,
    submitting,
    submitProblem,
    blocker,
    canGenerate,
    firstProblem,
    sessionJobs,
    problemFor,
    touch,
    checkNow: live.now,
    chooseModel,
    chooseMode,
    choose,
    undoChange: form.undo,
    dismissNotice: form.dismiss,
    remember,
    ...slots,
    ...reuse,
    ...compareOn,
    stepVariations,
    continueFrom,
    startFrom,
    canContinue: computed(() => continuationModel(catalog.models, '', workspace.modelId) !== undefined),
    generate,
    start,
  }
})
