import type { Model } from '../catalog'
import type { StoryboardShot } from '../storyboard'
import { chosenResolution, takes } from './fields'

/**
 * One resolution for a whole storyboard (issue 28 item 4): takes of one size join into the film
 * without re-encoding. Written into each shot's own `resolution` (the board file has no field of
 * its own for it), offered and checked by the same field rules as Create, so the Storyboard
 * screen's choice and the engine's refusal agree. Pure, over the catalogue's models.
 */

/** A resolution some shot's model offers; `without`: the shots (from 0) whose model and mode do not. */
export interface BoardResolution {
  readonly value: string
  readonly without: number[]
}

type ModelOf = (id: string) => Model | undefined

const specOf = (modelOf: ModelOf, shot: StoryboardShot) => modelOf(shot.model)?.modes[shot.mode]

/** The resolutions a shot's model offers in its mode (none when it takes no resolution or is not in the catalogue). */
function offeredBy(modelOf: ModelOf, shot: StoryboardShot): readonly string[] {
  const spec = specOf(modelOf, shot)
  return takes(spec, 'resolution') ? (spec?.resolutions ?? []) : []
}

/**
 * Every resolution any shot offers, in the order the shots offer them, each with the shots that
 * cannot take it; only one no shot is without can be the board's. `current`: the resolution every
 * shot makes now (its own or its model's default), when they all agree.
 */
export function boardResolutions(modelOf: ModelOf, shots: readonly StoryboardShot[]): { choices: BoardResolution[]; current: string | undefined } {
  const values = [...new Set(shots.flatMap((shot) => offeredBy(modelOf, shot)))]
  const choices = values.map((value) => ({ value, without: shots.flatMap((shot, i) => (offeredBy(modelOf, shot).includes(value) ? [] : [i])) }))
  const made = new Set(shots.map((shot) => chosenResolution(specOf(modelOf, shot), shot.resolution)))
  const [only] = made
  return { choices, current: made.size === 1 && only !== undefined ? only : undefined }
}

/**
 * The shots with `value` as every one's resolution. A shot that already makes that size (its own
 * or its model's default) is left as it is, so it is not remade for nothing; `changed` are the
 * shots (from 0) that now differ, `without` the shots whose model cannot take it (left as they are).
 */
export function withResolution(modelOf: ModelOf, shots: readonly StoryboardShot[], value: string): { shots: StoryboardShot[]; changed: number[]; without: number[] } {
  const changed: number[] = []
  const without: number[] = []
  const next = shots.map((shot, i) => {
    if (!offeredBy(modelOf, shot).includes(value)) return without.push(i), shot
    if (chosenResolution(specOf(modelOf, shot), shot.resolution) === value && (shot.resolution === undefined || shot.resolution === value)) return shot
    changed.push(i)
    return { ...shot, resolution: value }
  })
  return { shots: next, changed, without }
}
