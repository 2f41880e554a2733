import path from 'node:path'
import { AppError } from '../../../shared/errors'
import { BOARD_SUFFIX } from '../../core/storyboards/shared-board'
import { renameBoard } from '../../core/storyboards/rename'
import { setBoardResolution } from '../../core/storyboards/resolution'
import { setShotFields, type ShotFields } from '../../core/storyboards/shot-fields'
import { integer, type GlobalFlags } from '../args'
import { openEngine } from '../engine'
import { EXIT } from '../exit-codes'
import { json, note, out } from '../output'
import { say } from '../words'

/**
 * `reelbox storyboard rename FILE NAME`, `reelbox storyboard resolution FILE R` and `reelbox
 * storyboard set FILE --shot N …`: the Storyboard screen's board changes, on a board in any
 * folder, recorded in the library's change log as the app records them. None sends anything or
 * touches the journal.
 */
export function boardFile(file: string | undefined, verb: 'rename' | 'resolution' | 'set' | 'show'): string {
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

/** `set`'s flags, as the command line gave them. */
export interface SetFlags {
  shot?: string
  prompt?: string
  duration?: string
  resolution?: string
  seed?: string
}

/** `reelbox storyboard set FILE --shot N [--prompt TEXT] [--duration N] [--resolution R] [--seed N]`: one shot's fields, by its number from 1. */
export async function setCommand([file, ...rest]: string[], flags: SetFlags, globals: GlobalFlags): Promise<number> {
  const board = boardFile(file, 'set')
  const shot = integer('shot', flags.shot)
  if (shot === undefined || rest.length) throw new AppError('INVALID_INPUT', say('cli.storyboard.setNeeds'))
  const fields: ShotFields = {
    ...(flags.prompt !== undefined && { prompt: flags.prompt }),
    ...(flags.duration !== undefined && { duration: integer('duration', flags.duration) }),
    ...(flags.resolution !== undefined && { resolution: flags.resolution }),
    ...(flags.seed !== undefined && { seed: integer('seed', flags.seed) }),
  }
  const given = Object.keys(fields)
  if (given.length === 0) throw new AppError('INVALID_INPUT', say('cli.storyboard.setNothing'))
  const core = await openEngine(globals)
  const written = await setShotFields(core, board, shot - 1, fields).finally(() => core.dispose()).catch((error: unknown) => {
    const found = AppError.from(error).problem
    // Named by the flag and the board's count: the shots a person counts, from 1.
    if (found?.code === 'storyboard.refused' && found.params.why === 'noSuchShot') throw new AppError('INVALID_INPUT', say('cli.storyboard.noSuchShot', { shot, file: path.basename(board), count: found.params.shots ?? 0 }), { details: { field: 'shot' } })
    throw error
  })
  if (globals.json) json({ n: shot, shot: written })
  else note(say('cli.storyboard.shotSet', { shot, fields: given.join(', ') }))
  return EXIT.ok
}
