import path from 'node:path'
import { AppError } from '../../../shared/errors'
import { BOARD_SUFFIX } from '../../core/storyboards/shared-board'
import { renameBoard } from '../../core/storyboards/rename'
import { setBoardResolution } from '../../core/storyboards/resolution'
import type { GlobalFlags } from '../args'
import { openEngine } from '../engine'
import { EXIT } from '../exit-codes'
import { json, note, out } from '../output'
import { say } from '../words'

/**
 * `reelbox storyboard rename FILE NAME` and `reelbox storyboard resolution FILE R` (issue 28 items
 * 3 and 4): the Storyboard screen's board changes, on a board in any folder, recorded in the
 * library's change log as the app records them. Neither sends anything or touches the journal.
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
  const core = await openEngine(globals)
  const renamed = await renameBoard(core, board, name).finally(() => core.dispose())
  if (globals.json) json({ file: renamed })
  else out(renamed)
  return EXIT.ok
}

export async function resolutionCommand([file, resolution, ...rest]: string[], globals: GlobalFlags): Promise<number> {
  const board = boardFile(file, 'resolution')
  if (resolution === undefined || rest.length) throw new AppError('INVALID_INPUT', say('cli.storyboard.resolutionNeeds'))
  const core = await openEngine(globals)
  const { changed } = await setBoardResolution(core, board, resolution).finally(() => core.dispose())
  const shots = changed.map((i) => i + 1)
  if (globals.json) json({ changed: shots })
  else note(shots.length ? say('cli.storyboard.resolutionSet', { resolution, shots: shots.join(', ') }) : say('cli.storyboard.resolutionAlready', { resolution }))
  return EXIT.ok
}
