import type { TakeUse } from '../../../shared/contract/storyboards'
import type { EngineParts } from './deps'
import { findTakes } from './found-takes'
import { boardsFolder, listBoards } from './library-boards'
import { loadBoard } from './shared-board'

/**
 * The shots of the library's boards whose picked take is one of `ids` (what the Library's delete
 * confirmation names). Asked before a deletion, it also remembers the items' file names, so the
 * shot can name its take once it is gone. Another take of a shot, not picked, is not a use: the
 * film does not play it, and the shot keeps its picked one.
 */
export async function boardsUsing(parts: Pick<EngineParts, 'library' | 'takeNames'>, ids: readonly string[]): Promise<TakeUse[]> {
  const asked = new Set(ids)
  const { fileOf } = boardsFolder(parts)
  const [boards] = await Promise.all([listBoards(parts), findTakes(parts, asked)])
  const uses = await Promise.all(
    boards.map(async ({ name, title }): Promise<TakeUse[]> => {
      const board = await loadBoard(parts.library.studio, parts.library.folder, fileOf(name)).catch(() => undefined)
      if (!board) return []
      return board.takes.shots.flatMap((shot, i) => (shot && asked.has(shot.picked) ? [{ itemId: shot.picked, name, title, shot: i + 1 }] : []))
    }),
  )
  return uses.flat()
}
