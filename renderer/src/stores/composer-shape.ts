/**
 * The Create form's own view of the catalogue (zod-free, so the renderer bundle stays small):
 * which modes a model offers, what the form sends for a model and mode, and what it keeps aside
 * when the designer switches to a model or mode that cannot take it. The engine's `checkDraft`
 * (through `drafts.check`) stays the judge of what is valid; this only decides what to send.
 */
import type { Mode, Model, ModeSpec } from '@shared/catalog'
import type { Draft, ImageRef } from '@shared/draft'
import type { FieldErrors } from '@shared/errors'

/** The designer's four modes, in the order the form shows them (shared/catalog.ts `modes`). */
export const modeOrder = ['t2v', 'i2v', 'first-last', 'reference'] as const satisfies readonly Mode[]

/** Everything the designer has set, including values the current model or mode does not use. */
export interface Workspace {
  modelId: string
  mode: Mode
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
}

/** Draft keys the form can show a message under. */
export type DraftKey = keyof Draft

/** Values the designer set that the current model and mode will not send. */
export type AsideKey = 'prompt' | 'image' | 'first' | 'last' | 'references' | 'seed' | 'audio' | 'duration' | 'resolution'

export function offeredModes(model: Model | undefined): Mode[] {
  return model ? modeOrder.filter((mode) => model.modes[mode] !== undefined) : []
}

/** When a model lacks the current mode: the closest one it has (images stay useful). */
export function fallbackMode(model: Model, wanted: Mode): Mode {
  const near: Record<Mode, Mode[]> = {
    t2v: ['t2v', 'i2v', 'reference', 'first-last'],
    i2v: ['i2v', 'first-last', 'reference', 't2v'],
    'first-last': ['first-last', 'i2v', 't2v', 'reference'],
    reference: ['reference', 'i2v', 't2v', 'first-last'],
  }
  return near[wanted].find((mode) => model.modes[mode] !== undefined) ?? offeredModes(model)[0] ?? wanted
}

export function takes(spec: ModeSpec | undefined, field: string): boolean {
  return spec !== undefined && field in spec.fields
}

/** The duration the form shows selected: the designer's, when offered, else the model's default. */
export function chosenDuration(spec: ModeSpec | undefined, wanted: number | undefined): number | undefined {
  if (!spec?.durations || !takes(spec, 'duration')) return undefined
  return wanted !== undefined && spec.durations.includes(wanted) ? wanted : spec.durations[0]
}

export function chosenResolution(spec: ModeSpec | undefined, wanted: string | undefined): string | undefined {
  if (!spec?.resolutions || !takes(spec, 'resolution')) return undefined
  return wanted !== undefined && spec.resolutions.includes(wanted) ? wanted : spec.resolutions[0]
}

/** Characters as a person counts them (code points), like the engine: 汉字 and emoji count once. */
export function promptLength(prompt: string): number {
  return [...prompt.trim()].length
}

/**
 * The request the form sends: only fields this model and mode take (spec §2.1 rule 1). Values
 * kept aside stay in the workspace, so switching back brings them back.
 */
export function buildDraft(model: Model | undefined, w: Workspace): Draft {
  const spec = model?.modes[w.mode]
  const draft: Draft = { modelId: w.modelId, mode: w.mode }
  if (!spec) {
    // Unknown model or mode: send what the designer wrote, so the check can name the problem.
    if (w.prompt.trim()) draft.prompt = w.prompt.trim()
    return draft
  }
  const prompt = w.prompt.trim()
  if (takes(spec, 'prompt') && prompt) draft.prompt = prompt
  if (takes(spec, 'image') && w.image) draft.image = w.image
  if (takes(spec, 'headtailImages')) {
    if (w.first) draft.first = w.first
    if (w.last) draft.last = w.last
  }
  if (takes(spec, 'characterImages') && w.references.length > 0) draft.references = [...w.references]
  const duration = chosenDuration(spec, w.duration)
  if (duration !== undefined) draft.duration = duration
  const resolution = chosenResolution(spec, w.resolution)
  if (resolution !== undefined) draft.resolution = resolution
  if (takes(spec, 'seed')) draft.seed = w.seed
  if (spec.audio) draft.audio = w.audio
  return draft
}

/** What the designer set that this model and mode will not send (for the "kept aside" note). */
export function setAside(model: Model | undefined, w: Workspace): AsideKey[] {
  const spec = model?.modes[w.mode]
  if (!spec) return []
  const aside: AsideKey[] = []
  if (w.prompt.trim() && !takes(spec, 'prompt')) aside.push('prompt')
  // A frame carried into the other mode's slot (carryFrames) is in use, not aside.
  if (w.image && !takes(spec, 'image') && !(takes(spec, 'headtailImages') && sameImage(w.image, w.first))) aside.push('image')
  if (w.first && !takes(spec, 'headtailImages') && !(takes(spec, 'image') && sameImage(w.first, w.image))) aside.push('first')
  if (w.last && !takes(spec, 'headtailImages')) aside.push('last')
  if (w.references.length > 0 && !takes(spec, 'characterImages')) aside.push('references')
  if (w.duration !== undefined && chosenDuration(spec, w.duration) !== w.duration) aside.push('duration')
  if (w.resolution !== undefined && chosenResolution(spec, w.resolution) !== w.resolution) aside.push('resolution')
  if (w.seedLocked && !takes(spec, 'seed')) aside.push('seed')
  if (w.audio && !spec.audio) aside.push('audio')
  return aside
}

export function sameImage(a: ImageRef | undefined, b: ImageRef | undefined): boolean {
  if (!a || !b || a.kind !== b.kind) return false
  return a.kind === 'file' ? a.hash === (b as typeof a).hash : a.url === (b as typeof a).url
}

/**
 * Frames follow the designer between modes: a first frame set in one mode is the first frame of
 * the other (i2v's `image` and first-and-last's `first`), when that slot is still empty.
 */
export function carryFrames(model: Model | undefined, w: Workspace): void {
  const spec = model?.modes[w.mode]
  if (!spec) return
  if (w.mode === 'i2v' && takes(spec, 'image') && !w.image && w.first) w.image = w.first
  if (w.mode === 'first-last' && takes(spec, 'headtailImages') && !w.first && w.image) w.first = w.image
}

/** A seed for a new generation; 31 bits, which every service we know accepts. */
export function randomSeed(): number {
  const buffer = new Uint32Array(1)
  crypto.getRandomValues(buffer)
  return buffer[0]! >>> 1
}

/**
 * Field errors keyed by Draft key, whoever sent them: `drafts.check` uses Draft keys
 * (`prompt`), the router's schema check uses paths (`draft.prompt`, `draft.references.2.url`).
 */
export function byDraftKey(fields: FieldErrors): FieldErrors {
  const out: FieldErrors = {}
  for (const [path, messages] of Object.entries(fields)) {
    const parts = path.split('.')
    const key = (parts[0] === 'draft' ? parts[1] : parts[0]) || 'draft'
    ;(out[key] ??= []).push(...messages)
  }
  return out
}

const STORAGE_KEY = 'reelbox.create'
const workspaceKeys = ['modelId', 'mode', 'prompt', 'image', 'first', 'last', 'references', 'duration', 'resolution', 'seed', 'seedLocked', 'audio'] as const satisfies ReadonlyArray<keyof Workspace>

/** The form as the designer left it (this window's storage; the engine's check judges it again). */
export function restoreWorkspace(storage: Storage): { workspace: Partial<Workspace>; variations?: number } | undefined {
  try {
    const saved = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Record<string, unknown> | null
    if (!saved || typeof saved !== 'object') return undefined
    // Only the workspace's own keys: an older or damaged entry must not add strangers.
    const workspace = Object.fromEntries(workspaceKeys.filter((key) => key in saved).map((key) => [key, saved[key]])) as Partial<Workspace>
    if (!Array.isArray(workspace.references)) workspace.references = []
    const count = saved['variations']
    return { workspace, ...(typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= 8 && { variations: count }) }
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
  let timer: ReturnType<typeof setTimeout> | undefined
  function save(): void {
    clearTimeout(timer)
    timer = undefined
    saveWorkspace(storage, ...read())
  }
  return {
    schedule(): void {
      clearTimeout(timer)
      timer = setTimeout(save, delayMs)
    },
    flush: (): void => void (timer !== undefined && save()),
  }
}
