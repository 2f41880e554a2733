import type { TakeUse } from '@shared/contract/storyboards'

type Translate = (key: string, named: Record<string, unknown>, plural: number) => string

/** Boards named in full before the rest are counted: a confirmation is read at a glance. */
export const BOARDS_NAMED = 3

/**
 * The storyboard shots whose film plays the videos about to be deleted, as one sentence ("Used by
 * shots 2, 4 of Harbour night and shot 1 of Pier: …"), each board once, its shots in order;
 * null when no board plays them. Lists are joined the language's way (Intl.ListFormat).
 */
export function usesText(uses: readonly TakeUse[], t: Translate, locale: string): string | null {
  if (uses.length === 0) return null
  const boards = new Map<string, { title: string; shots: Set<number> }>()
  for (const use of uses) {
    const board = boards.get(use.name) ?? { title: use.title.trim() || use.name, shots: new Set<number>() }
    board.shots.add(use.shot)
    boards.set(use.name, board)
  }
  const list = (items: string[], style: Intl.ListFormatStyle = 'long'): string => new Intl.ListFormat(locale, { type: 'conjunction', style }).format(items)
  const pieces = [...boards.values()].slice(0, BOARDS_NAMED).map(({ title, shots }) => {
    const numbers = [...shots].sort((a, b) => a - b).map(String)
    // A board's shots by commas ("shots 2, 4 of …"), so the "and" between boards is the only one.
    return t('library.delete.usedShots', { shots: list(numbers, 'narrow'), board: title }, numbers.length)
  })
  const more = boards.size - BOARDS_NAMED
  if (more > 0) pieces.push(t('library.delete.usedMore', { n: more }, more))
  const shots = [...boards.values()].reduce((sum, board) => sum + board.shots.size, 0)
  return t('library.delete.used', { uses: list(pieces) }, shots)
}
