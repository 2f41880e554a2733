import type { Model } from '../../../shared/catalog'
import { problemError } from '../../../shared/errors'
import { withResolution } from '../../../shared/rules/board-resolution'
import { problem } from '../../../shared/rules/problems'
import type { Library } from '../library/library'
import type { Logger } from '../logger'
import { keepView } from './board-view'
import { loadBoard, shotSubject } from './shared-board'

export interface BoardSizeParts {
  catalog: { model(id: string): Model | undefined }
  library: Library
  log: Logger
}

/**
 * One resolution for the whole board (issue 28 item 4), so the takes join into the film without
 * re-encoding: set as each shot's `resolution` (the board file keeps the format). Every
 * shot's model must offer it in the shot's mode, by the same rules Create uses; otherwise nothing
 * is recorded and the refusal names the shots. A shot already making that size is left as it is
 * (not remade); the shots changed go stale, as after any change.
 */
export async function setBoardResolution(parts: BoardSizeParts, file: string, resolution: string): Promise<{ changed: number[] }> {
  const { studio, folder } = parts.library
  const board = await loadBoard(studio, folder, file)
  const { shots, changed, without } = withResolution((id) => parts.catalog.model(id), board.written.shots, resolution)
  if (without.length) throw problemError('INVALID_INPUT', problem('storyboard.resolutionNotOffered', { resolution, shots: without.map((i) => i + 1) }))
  for (const i of changed) await studio.set(shotSubject(board, board.ids[i]!), { resolution: shots[i]!.resolution ?? null })
  if (changed.length) await keepView(studio, folder, file, parts.log, { claim: true })
  return { changed }
}
