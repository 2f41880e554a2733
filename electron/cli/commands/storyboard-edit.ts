import path from 'node:path'
import { AppError } from '../../../shared/errors'
import { BOARD_SUFFIX } from '../../core/storyboards/library-boards'
import { renameBoard } from '../../core/storyboards/rename'
import { setBoardResolution } from '../../core/storyboards/resolution'
import type { GlobalFlags } from '../args'
import { openCatalog } from '../catalog'
import { EXIT } from '../exit-codes'
import { json, note, out } from '../output'
import { say } from '../words'

/**
 * `reelbox storyboard rename FILE NAME` and `reelbox storyboard resolution FILE R` (issue 28 items
 * 3 and 4): the Storyboard screen's board changes, on a board in any folder. Neither sends
 * anything or touches the journal; each changes only the board's own files.
 */
function boardFile(file: string | undefined, verb: 'rename' | 'resolution'): string {
  if (!file) throw new AppError('INVALID_INPUT', say(`cli.storyboard.${verb}Needs`))
  const board = path.resolve(file)
  if (!board.endsWith(BOARD_SUFFIX)) throw new AppError('INVALID_INPUT', say('cli.storyboard.notBoardFile', { file }))
  return board
}

export async function renameCommand([file, name, ...rest]: string[], globals: GlobalFlags): Promise<number> {
  const board = boardFile(file, 'rename')
  if (name === undefined || rest.length) throw new AppError('INVALID_INPUT', say('cli.storyboard.renameNeeds'))
  const renamed = await renameBoard(board, name)
  if (globals.json) json({ file: renamed })
  else out(renamed)
  return EXIT.ok
}

export async function resolutionCommand([file, resolution, ...rest]: string[], globals: GlobalFlags): Promise<number> {
  const board = boardFile(file, 'resolution')
  if (resolution === undefined || rest.length) throw new AppError('INVALID_INPUT', say('cli.storyboard.resolutionNeeds'))
  const { catalog } = await openCatalog(globals)
  const { changed } = await setBoardResolution((id) => catalog.models.find((model) => model.id === id), board, resolution)
  const shots = changed.map((i) => i + 1)
  if (globals.json) json({ changed: shots })
  else note(shots.length ? say('cli.storyboard.resolutionSet', { resolution, shots: shots.join(', ') }) : say('cli.storyboard.resolutionAlready', { resolution }))
  return EXIT.ok
}
