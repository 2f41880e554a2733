import path from 'node:path'
import type { Model } from '../../../shared/catalog'
import type { Draft } from '../../../shared/draft'
import { AppError, fieldErrorsFromZod, invalidInput } from '../../../shared/errors'
import { checkDraft } from '../../../shared/rules/fields'
import type { FieldProblems } from '../../../shared/rules/problems'
import { StoryboardShot } from '../../../shared/storyboard'
import type { Library } from '../library/library'
import type { Logger } from '../logger'
import { boardRefused } from './board-file'
import { keepView } from './board-view'
import { loadBoard, shotSubject } from './shared-board'

/** The fields of one shot a script sets (`reelbox storyboard set`): what the card sets by hand. */
export interface ShotFields {
  prompt?: string
  duration?: number
  resolution?: string
  seed?: number
}

/** Problems of shot `index`'s fields, filed under their place in the board (`shots.2.duration`) so every reader names shot and field. */
function refusedFields(fields: FieldProblems, index: number): AppError {
  const error = invalidInput(Object.fromEntries(Object.entries(fields).map(([field, found]) => [`shots.${index}.${field}`, found])))
  return new AppError('INVALID_INPUT', error.message, { details: { ...error.details, shot: index + 1, field: Object.keys(fields)[0] } })
}

/**
 * Sets fields of shot `index` (from 0, in board order), recorded as the Storyboard screen's edits
 * are: only the values given, so the other shots and the shot's other fields stay as every
 * machine left them. Each value is checked by the board's schema and by the shot's model (what
 * it offers, by the rules Create and the run use), naming the shot and the field; a refused
 * change records nothing. The shot goes stale, as after any change of its settings.
 */
export async function setShotFields(parts: { catalog: { model(id: string): Model | undefined }; library: Library; log: Logger }, file: string, index: number, fields: ShotFields): Promise<StoryboardShot> {
  const name = path.basename(file)
  const { studio, folder } = parts.library
  const board = await loadBoard(studio, folder, file)
  const written = board.written
  const shot = written.shots[index]
  if (!shot) throw boardRefused('INVALID_INPUT', { board: name, why: 'noSuchShot', shot: index + 1, shots: written.shots.length }, { field: 'shot' })
  const given = (Object.keys(fields) as Array<keyof ShotFields>).filter((key) => fields[key] !== undefined)
  const parsed = StoryboardShot.safeParse({ ...shot, ...fields })
  if (!parsed.success) throw refusedFields(fieldErrorsFromZod(parsed.error), index)
  // The designer's file keeps its order of keys: only the values given change (as the schema reads them).
  const next: StoryboardShot = { ...shot, ...Object.fromEntries(given.map((key) => [key, parsed.data[key]])) }
  const draft: Draft = { modelId: next.model, mode: next.mode, prompt: next.prompt, duration: next.duration, resolution: next.resolution, seed: next.seed }
  const found = Object.entries(checkDraft(parts.catalog.model(next.model), draft)).filter(([field, problems]) => given.includes(field as keyof ShotFields) && problems.length > 0)
  if (found.length) throw refusedFields(Object.fromEntries(found), index)
  await studio.set(shotSubject(board, board.ids[index]!), Object.fromEntries(given.map((key) => [key, next[key]])))
  await keepView(studio, folder, file, parts.log, { claim: true })
  return next
}
