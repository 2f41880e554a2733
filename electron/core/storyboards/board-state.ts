import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing'
import { SHOT_FIELDS, type ShotField } from '../../../shared/rules/shot-edit'
import { StoryboardShot, type ShotTakes, type StoryboardTakes } from '../../../shared/storyboard'
import { compareStamps, type Stamp } from '../studio/clock'
import type { Register, Version } from '../studio/registers'

/**
 * A board as registers: the board's `title`, and per shot (`shot/<id>`) each field of the shot,
 * `new` (the whole shot, when a machine added it), `pos` (its place, a fractional index, so a move
 * and an add elsewhere both land), `removed`, `take/<item>` (each take, by the settings it was
 * made with) and `picked`. The board file and a takes file from before are the base every
 * register is laid over: this file is the one rule every machine merges a board by.
 */

/** A shot's id when its file gives none (a board written by hand or before): its place in the file, the same on every machine. */
export const baseIdOf = (index: number): string => `s${index + 1}`

export interface MergedShot {
  id: string
  shot: StoryboardShot
  takes: ShotTakes | null
  /** Fields whose winning value another machine set over one this machine set: the designer is told. */
  overruled: Array<{ field: ShotField; by: string; mine: unknown }>
}

export interface BoardRegisters {
  board: ReadonlyMap<string, Register> | undefined
  shots: ReadonlyMap<string, ReadonlyMap<string, Register>>
}

interface Base {
  title: string
  shots: readonly StoryboardShot[]
  takes: StoryboardTakes | undefined
  /** Registers at or before this stamp lose to the file (a board edited by hand after its last view). */
  at: Stamp
}

/** The merged board: its title and its shots in order, each with its takes. */
export function mergeBoard(base: Base, registers: BoardRegisters, me: string): { title: string; shots: MergedShot[] } {
  const newer = (register: Register | undefined): Register | undefined => (register && compareStamps(register.winner.at, base.at) > 0 ? register : undefined)
  const baseKeys = placesOf(base.shots.length)
  const placed = new Map<string, { shot: StoryboardShot; pos: string; takes: ShotTakes | null }>()
  base.shots.forEach((shot, i) => placed.set(shot.id ?? baseIdOf(i), { shot, pos: baseKeys[i]!, takes: base.takes?.shots[i] ?? null }))

  const shots: Array<{ pos: string; merged: MergedShot }> = []
  const ids = new Set([...placed.keys(), ...registers.shots.keys()])
  for (const id of ids) {
    const fields = registers.shots.get(id) ?? NO_FIELDS
    const from = placed.get(id) ?? newShot(fields.get('new'))
    if (!from || newer(fields.get('removed'))?.winner.value === true) continue
    // Copied only when a register changes it: a board its writer has just written holds every value already.
    let shot: Record<string, unknown> = from.shot.id === id ? from.shot : { id, ...from.shot }
    const own = (): Record<string, unknown> => (shot === from.shot ? (shot = { ...from.shot }) : shot)
    const overruled: MergedShot['overruled'] = []
    // A shot's registers are few: each is looked at, rather than every field a shot can have.
    for (const [name, set] of fields) {
      if (!SHOT_FIELD_SET.has(name)) continue
      const field = name as ShotField
      const register = newer(set)
      if (!register) continue
      const value = register.winner.value
      if (value === null) {
        if (field in shot) delete own()[field]
      } else if (!same(shot[field], value) && fits(field, register.winner)) own()[field] = value
      const mine = register.others[0]
      if (register.winner.by !== me && mine?.by === me) overruled.push({ field, by: register.winner.by, mine: mine.value })
    }
    const pos = newer(fields.get('pos'))?.winner.value
    // Takes are never in the file: a hand edit of it leaves them as they are.
    shots.push({ pos: typeof pos === 'string' ? pos : from.pos, merged: { id, shot: shot as StoryboardShot, takes: takesOf(from.takes, fields), overruled } })
  }
  shots.sort((a, b) => (a.pos < b.pos ? -1 : a.pos > b.pos ? 1 : a.merged.id < b.merged.id ? -1 : 1))
  const title = newer(registers.board?.get('title'))?.winner.value
  return { title: typeof title === 'string' ? title : base.title, shots: shots.map((s) => s.merged) }
}

/** A field's value as the file has it and as a register has it (a shot's values are text, numbers, booleans and lists of text). */
const same = (a: unknown, b: unknown): boolean => a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]))

const NO_FIELDS: ReadonlyMap<string, Register> = new Map()
const SHOT_FIELD_SET: ReadonlySet<string> = new Set(SHOT_FIELDS)

/**
 * Whether a version's value is one the field can hold: another machine's log is read as it is.
 * A version never changes once read, so each is judged once, however often its board is merged.
 */
const fitting = new WeakMap<Version, boolean>()
function fits(field: ShotField, version: Version): boolean {
  let fit = fitting.get(version)
  if (fit === undefined) fitting.set(version, (fit = StoryboardShot.shape[field].safeParse(version.value).success))
  return fit
}

function newShot(register: Register | undefined): { shot: StoryboardShot; pos: string; takes: null } | undefined {
  const parsed = StoryboardShot.safeParse(register?.winner.value)
  return parsed.success ? { shot: parsed.data, pos: 'a0', takes: null } : undefined
}

/**
 * The shot's takes: the takes file's, then every take recorded since, oldest first. The
 * fingerprint is the settings the shot was last made with: picking an older take changes what
 * follows the shot, not the shot.
 */
function takesOf(base: ShotTakes | null, fields: ReadonlyMap<string, Register>): ShotTakes | null {
  const recorded: Array<{ item: string; register: Register }> = []
  for (const [field, register] of fields) if (field.startsWith('take/')) recorded.push({ item: field.slice(5), register })
  if (!base && recorded.length === 0) return null
  recorded.sort((a, b) => compareStamps(a.register.winner.at, b.register.winner.at) || (a.item < b.item ? -1 : 1))
  const items = new Set(recorded.map((r) => r.item))
  const takes = [...(base?.takes ?? []).filter((t) => !items.has(t)), ...items]
  const pickedRegister = fields.get('picked')?.winner.value
  const picked = typeof pickedRegister === 'string' && takes.includes(pickedRegister) ? pickedRegister : base?.picked
  if (!picked) return null
  const fingerprint = recorded.at(-1)?.register.winner.value
  return { takes, picked, fingerprint: typeof fingerprint === 'string' ? fingerprint : (base?.fingerprint ?? '') }
}

/** A place between two shots' places (null: the board's start or end). */
export const placeBetween = (before: string | null, after: string | null): string => generateKeyBetween(before, after)

/** The places of a board's shots in order, as registers would give them (the base keys of the file). */
export function placesOf(count: number): readonly string[] {
  let places = placesByCount.get(count)
  if (!places) placesByCount.set(count, (places = generateNKeysBetween(null, null, count)))
  return places
}
const placesByCount = new Map<number, readonly string[]>()
