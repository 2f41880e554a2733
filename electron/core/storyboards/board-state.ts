import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing'
import { SHOT_FIELDS, type ShotField } from '../../../shared/rules/shot-edit'
import { StoryboardShot, type ShotTakes, type StoryboardTakes } from '../../../shared/storyboard'
import { compareStamps, type Stamp } from '../studio/clock'
import type { Register } from '../studio/registers'

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
  const baseKeys = generateNKeysBetween(null, null, base.shots.length)
  const placed = new Map<string, { shot: StoryboardShot; pos: string; takes: ShotTakes | null }>()
  base.shots.forEach((shot, i) => placed.set(shot.id ?? baseIdOf(i), { shot, pos: baseKeys[i]!, takes: base.takes?.shots[i] ?? null }))

  const shots: Array<MergedShot & { pos: string }> = []
  const ids = new Set([...placed.keys(), ...registers.shots.keys()])
  for (const id of ids) {
    const fields = registers.shots.get(id) ?? new Map<string, Register>()
    const from = placed.get(id) ?? newShot(fields.get('new'))
    if (!from || newer(fields.get('removed'))?.winner.value === true) continue
    const shot: Record<string, unknown> = { id, ...from.shot }
    const overruled: MergedShot['overruled'] = []
    for (const field of SHOT_FIELDS) {
      const register = newer(fields.get(field))
      if (!register) continue
      const value = register.winner.value
      if (value === null) delete shot[field]
      else if (StoryboardShot.shape[field].safeParse(value).success) shot[field] = value
      const mine = register.others[0]
      if (register.winner.by !== me && mine?.by === me) overruled.push({ field, by: register.winner.by, mine: mine.value })
    }
    const pos = newer(fields.get('pos'))?.winner.value
    // Takes are never in the file: a hand edit of it leaves them as they are.
    shots.push({ id, shot: shot as StoryboardShot, pos: typeof pos === 'string' ? pos : from.pos, takes: takesOf(from.takes, fields), overruled })
  }
  shots.sort((a, b) => (a.pos < b.pos ? -1 : a.pos > b.pos ? 1 : a.id < b.id ? -1 : 1))
  const title = newer(registers.board?.get('title'))?.winner.value
  return { title: typeof title === 'string' ? title : base.title, shots: shots.map(({ pos: _pos, ...rest }) => rest) }
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
  const recorded = [...fields].filter(([field]) => field.startsWith('take/')).map(([field, register]) => ({ item: field.slice(5), register }))
  recorded.sort((a, b) => compareStamps(a.register.winner.at, b.register.winner.at) || (a.item < b.item ? -1 : 1))
  const takes = [...(base?.takes ?? []).filter((t) => !recorded.some((r) => r.item === t)), ...recorded.map((r) => r.item)]
  const pickedRegister = fields.get('picked')?.winner.value
  const picked = typeof pickedRegister === 'string' && takes.includes(pickedRegister) ? pickedRegister : base?.picked
  if (!picked) return null
  const fingerprint = recorded.at(-1)?.register.winner.value
  return { takes, picked, fingerprint: typeof fingerprint === 'string' ? fingerprint : (base?.fingerprint ?? '') }
}

/** A place between two shots' places (null: the board's start or end). */
export const placeBetween = (before: string | null, after: string | null): string => generateKeyBetween(before, after)

/** The places of a board's shots in order, as registers would give them (the base keys of the file). */
export const placesOf = (count: number): string[] => generateNKeysBetween(null, null, count)
