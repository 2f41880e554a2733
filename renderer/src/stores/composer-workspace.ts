/**
 * The Create form's workspace: everything the designer has set, including values the current
 * model or mode does not use, kept across switches and launches. What of it is sent, what is set
 * aside and what is wrong are not decided here: the engine answers that (`drafts.check`) with the
 * field rules of shared/rules/fields.ts.
 */
import { useTimeoutFn } from '@vueuse/core'
import type { Continues, Draft, ImageRef } from '@shared/draft'

export interface Workspace {
  modelId: string
  mode: Draft['mode']
  prompt: string
  image?: ImageRef
  first?: ImageRef
  last?: ImageRef
  references: ImageRef[]
  duration?: number
  resolution?: string
  seed: number
  seedLocked: boolean
  audio: boolean
  /** The library clip whose frame is the first frame ("Continue from last frame"), until that frame is replaced. */
  continues?: Continues
  /**
   * The duration and resolution the designer last chose per model (issue 15 item 8): a model they
   * come back to has them again; one they never set one for gets its best (shared/rules/fields.ts).
   */
  choices: Record<string, ModelChoice>
}

/** What the designer chose for one model; absent values are the model's defaults. */
export interface ModelChoice {
  duration?: number
  resolution?: string
}

/** Variations of one Generate, as `jobs.submit` takes them. */
export const MAX_VARIATIONS = 8

/** At most this many reference images are kept (the draft's own limit); those beyond a model's maximum wait set aside. */
export const KEPT_REFERENCES = 32

export function emptyWorkspace(seed: number): Workspace {
  return { modelId: '', mode: 't2v', prompt: '', references: [], seed, seedLocked: false, audio: false, choices: {} }
}

/** A copy to come back to (Undo): the lists and the choices are copied, not shared. */
export function copyWorkspace(w: Workspace): Workspace {
  return { ...w, references: [...w.references], choices: { ...w.choices } }
}

/** Draft keys the form can show a problem under. */
export type DraftKey = keyof Draft

/** What the designer asks for: every value they set, for the engine to adapt to the model. */
export function wishesOf(w: Workspace): Draft {
  return {
    modelId: w.modelId,
    mode: w.mode,
    ...(w.prompt.trim() && { prompt: w.prompt }),
    ...(w.image && { image: w.image }),
    ...(w.first && { first: w.first }),
    ...(w.last && { last: w.last }),
    ...(w.references.length > 0 && { references: [...w.references] }),
    ...(w.duration !== undefined && { duration: w.duration }),
    ...(w.resolution !== undefined && { resolution: w.resolution }),
    seed: w.seed,
    audio: w.audio,
    ...(w.continues && { continues: w.continues }),
  }
}

/** A seed for a new generation; 31 bits, which every service we know accepts. */
export function randomSeed(): number {
  const buffer = new Uint32Array(1)
  crypto.getRandomValues(buffer)
  return buffer[0]! >>> 1
}

const STORAGE_KEY = 'reelbox.create'
const workspaceKeys = ['modelId', 'mode', 'prompt', 'image', 'first', 'last', 'references', 'duration', 'resolution', 'seed', 'seedLocked', 'audio', 'continues', 'choices'] as const satisfies ReadonlyArray<keyof Workspace>

/** The form as the designer left it (this window's storage; the engine's check judges it again). */
export function restoreWorkspace(storage: Storage): { workspace: Partial<Workspace>; variations?: number } | undefined {
  try {
    const saved = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Record<string, unknown> | null
    if (!saved || typeof saved !== 'object') return undefined
    // Only the workspace's own keys: an older or damaged entry must not add strangers.
    const workspace = Object.fromEntries(workspaceKeys.filter((key) => key in saved).map((key) => [key, saved[key]])) as Partial<Workspace>
    if (!Array.isArray(workspace.references)) workspace.references = []
    workspace.references = workspace.references.slice(0, KEPT_REFERENCES)
    if (!workspace.choices || typeof workspace.choices !== 'object' || Array.isArray(workspace.choices)) workspace.choices = {}
    const count = saved['variations']
    return { workspace, ...(typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= MAX_VARIATIONS && { variations: count }) }
  } catch {
    storage.removeItem(STORAGE_KEY)
    return undefined
  }
}

export function saveWorkspace(storage: Storage, workspace: Workspace, variations: number): void {
  storage.setItem(STORAGE_KEY, JSON.stringify({ ...workspace, variations }))
}

/**
 * Saves the form for the next launch once changes pause (not on every keystroke); `flush` saves
 * a pending change at once (the window is closing).
 */
export function workspaceSaver(storage: Storage, read: () => readonly [Workspace, number], delayMs = 400) {
  function save(): void {
    later.stop()
    saveWorkspace(storage, ...read())
  }
  const later = useTimeoutFn(save, delayMs, { immediate: false })
  return {
    schedule: (): void => later.start(),
    flush: (): void => void (later.isPending.value && save()),
  }
}
