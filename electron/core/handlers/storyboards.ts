import path from 'node:path'
import type { Handlers } from '../../../shared/contract/define'
import type { storyboardsProcedures } from '../../../shared/contract/storyboards'
import { boardRuns } from '../storyboards/board-runs'
import { engineRunDeps } from '../storyboards/deps'
import { addShot, editShot, moveShot, pickTake, removeShot, restoreShot, setKeyframe } from '../storyboards/edit'
import { type BoardParts, boardsFolder, createBoard, exportBoard, listBoards, viewBoard } from '../storyboards/library-boards'
import { BOARD_SUFFIX } from '../storyboards/shared-board'
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
  const runs = boardRuns(parts)
  const view = (name: string) => viewBoard(parts, name, runs.has(fileOf(name)))
  return {
    'storyboards.list': () => listBoards(parts),
    'storyboards.get': ({ name }) => view(name),
    'storyboards.create': ({ board }) => createBoard(parts, board),
    'storyboards.edit': async ({ name, shot, set }) => {
      await editShot(parts, name, shot, set)
      return view(name)
    },
    'storyboards.addShot': async ({ name, shot }) => {
      await addShot(parts, name, shot)
      return view(name)
    },
    'storyboards.restoreShot': async ({ name, shot }) => {
      await restoreShot(parts, name, shot)
      return view(name)
    },
    'storyboards.run': async ({ name, shot }) => {
      const file = fileOf(name)
      return { shots: (await runs.during(file, () => runStoryboard(engineRunDeps(parts), file, { wait: true, ...(shot !== undefined && { remake: shot }) }))).shots }
    },
    'storyboards.move': async ({ name, shot, to }) => {
      await moveShot(parts, name, shot, to)
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
      const file = await renameBoard(parts, fileOf(name), to)
      return view(path.basename(file, BOARD_SUFFIX))
    },
    'storyboards.resolution': async ({ name, resolution }) => {
      await setBoardResolution(parts, fileOf(name), resolution)
      return view(name)
    },
    'storyboards.export': ({ name }) => exportBoard(parts, name),
    'storyboards.uses': ({ ids }) => boardsUsing(parts, ids),
  }
}
