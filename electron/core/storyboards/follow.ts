import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { EventBus } from '../events'
import type { Library } from '../library/library'
import type { Logger } from '../logger'
import { readBoardFile } from './board-file'
import { keepView } from './board-view'
import { BOARD_SUFFIX, boardKeyOf, STORYBOARDS_DIR } from './shared-board'

/**
 * What the studio's other machines change on boards: every page showing one is told (it reads
 * the board again), and the boards this machine writes get their files rewritten with the merge.
 * A listener for the library's studio (`Studio.onChange`).
 */
export function followBoards(parts: { library: Library; events: EventBus; log: Logger }): (subjects: ReadonlySet<string>, mine: boolean) => void {
  return (subjects, mine) => {
    const keys = new Set([...subjects].filter((s) => s.startsWith('board/')).map((s) => s.split('/')[1]!))
    if (keys.size === 0) return
    parts.events.emit('storyboards.changed', { boards: [...keys] })
    if (!mine) void rewriteViews(parts, keys)
  }
}

async function rewriteViews(parts: { library: Library; log: Logger }, keys: ReadonlySet<string>): Promise<void> {
  const { studio, folder } = parts.library
  const dir = path.join(folder, STORYBOARDS_DIR)
  const names = await readdir(dir).catch(() => [] as string[])
  for (const name of names.filter((n) => n.endsWith(BOARD_SUFFIX) && !n.startsWith('.'))) {
    const file = path.join(dir, name)
    const read = await readBoardFile(file).catch(() => undefined)
    if (read && keys.has(boardKeyOf(file, read.written, folder))) await keepView(studio, folder, file, parts.log)
  }
}
