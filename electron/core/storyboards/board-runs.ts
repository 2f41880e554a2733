import type { EventBus } from '../events'
import type { Library } from '../library/library'
import { loadBoard } from './shared-board'

/**
 * The boards this engine is running Generate all on, by file: the board's view says so, so a
 * page that reloads (or another page) shows the run under way and never sends it again. The run's
 * end is told as a change of the board, so every page showing it reads it once more.
 */
export function boardRuns(parts: { library: Library; events: EventBus }) {
  const running = new Set<string>()
  return {
    has: (file: string): boolean => running.has(file),
    async during<T>(file: string, run: () => Promise<T>): Promise<T> {
      running.add(file)
      try {
        return await run()
      } finally {
        running.delete(file)
        const board = await loadBoard(parts.library.studio, parts.library.folder, file).catch(() => undefined)
        if (board) parts.events.emit('storyboards.changed', { boards: [board.subject.slice('board/'.length)] })
      }
    },
  }
}
