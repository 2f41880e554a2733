import path from 'node:path'
import type { Model } from '../../../shared/catalog'
import { problemError } from '../../../shared/errors'
import { withResolution } from '../../../shared/rules/board-resolution'
import { problem } from '../../../shared/rules/problems'
import { readWritten } from './edit'
import { writeBoard } from './library-boards'

/**
 * One resolution for the whole board (issue 28 item 4), so the takes join into the film without
 * re-encoding: written into each shot's `resolution` (the board file keeps the format).
 * Every shot's model must offer it in the shot's mode, by the same rules Create uses; otherwise
 * nothing is written and the refusal names the shots. A shot already making that size is left as
 * it is (not remade); the shots changed go stale, as after any change.
 */
export async function setBoardResolution(modelOf: (id: string) => Model | undefined, file: string, resolution: string): Promise<{ changed: number[] }> {
  const written = await readWritten(file, path.basename(file))
  const { shots, changed, without } = withResolution(modelOf, written.shots, resolution)
  if (without.length) throw problemError('INVALID_INPUT', problem('storyboard.resolutionNotOffered', { resolution, shots: without.map((i) => i + 1) }))
  if (changed.length) await writeBoard(file, { ...written, shots })
  return { changed }
}
