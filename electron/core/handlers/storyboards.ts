import path from 'node:path'
import type { Handlers } from '../../../shared/contract/define'
import type { storyboardsProcedures } from '../../../shared/contract/storyboards'
import { engineRunDeps } from '../storyboards/deps'
import { moveShot, pickTake, removeShot, setKeyframe } from '../storyboards/edit'
import { BOARD_SUFFIX, type BoardParts, boardsFolder, createBoard, exportBoard, listBoards, viewBoard, writeBoard } from '../storyboards/library-boards'
import { renameBoard } from '../storyboards/rename'
import { setBoardResolution } from '../storyboards/resolution'
import { runStoryboard } from '../storyboards/run'
import { boardsUsing } from '../storyboards/uses'

/**
 * The Storyboard screen's procedures (issue 28) over boards in `<library>/Storyboards/`, named,
 * never by path: the name is checked by the contract and the file is built by the engine.
 */
export function storyboardsHandlers(parts: BoardParts): Handlers<typeof storyboardsProcedures> {
  const { fileOf } = boardsFolder(parts)
  const view = (name: string) => viewBoard(parts, name)
  return {
    'storyboards.list': () => listBoards(parts),
    'storyboards.get': ({ name }) => view(name),
    'storyboards.create': ({ board }) => createBoard(parts, board),
    'storyboards.save': async ({ name, board }) => {
      await writeBoard(fileOf(name), board)
      return view(name)
    },
    'storyboards.run': async ({ name, shot }) => ({ shots: (await runStoryboard(engineRunDeps(parts), fileOf(name), { wait: true, ...(shot !== undefined && { remake: shot }) })).shots }),
    'storyboards.move': async ({ name, from, to }) => {
      await moveShot(parts, name, from, to)
      return view(name)
    },
    'storyboards.removeShot': async ({ name, shot }) => {
      await removeShot(parts, name, shot)
      return view(name)
    },
    'storyboards.keyframe': async ({ name, shot, slot, hash }) => {
      await setKeyframe(parts, name, shot, slot, hash)
      return view(name)
    },
    'storyboards.pick': async ({ name, shot, itemId }) => {
      await pickTake(parts, name, shot, itemId)
      return view(name)
    },
    'storyboards.rename': async ({ name, to }) => {
      const file = await renameBoard(fileOf(name), to)
      return view(path.basename(file, BOARD_SUFFIX))
    },
    'storyboards.resolution': async ({ name, resolution }) => {
      await setBoardResolution((id) => parts.catalog.model(id), fileOf(name), resolution)
      return view(name)
    },
    'storyboards.export': ({ name }) => exportBoard(parts, name),
    'storyboards.uses': ({ ids }) => boardsUsing(parts, ids),
  }
}
