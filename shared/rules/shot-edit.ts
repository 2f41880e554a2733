import type { ShotEdit } from '../contract/storyboards'
import type { StoryboardShot } from '../storyboard'

/** A shot's own fields, each a register of its own on a shared board (electron/core/storyboards/board-state.ts). */
export const SHOT_FIELDS = ['prompt', 'model', 'mode', 'duration', 'resolution', 'seed', 'image', 'first', 'last', 'refs', 'continues'] as const satisfies ReadonlyArray<keyof ShotEdit>
export type ShotField = (typeof SHOT_FIELDS)[number]

/**
 * What a change of a shot sets: each field whose value differs, a field taken out as null. Sent
 * instead of the whole shot, so the fields another machine changed meanwhile are not written back.
 */
export function fieldsChanged(before: StoryboardShot, after: StoryboardShot): ShotEdit {
  const set: Record<string, unknown> = {}
  for (const field of SHOT_FIELDS) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) set[field] = after[field] ?? null
  }
  return set as ShotEdit
}
