import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from '../logger'
import type { Studio } from '../studio/studio'
import { SHARED_FILE_MODE, writeFileAtomic } from '../files/atomic'
import type { Storyboard } from '../../../shared/storyboard'
import { digestOf, loadBoard, type SharedBoard } from './shared-board'

/** A board file as Reelbox writes one: readable by others, pretty-printed for people and their scripts. */
export async function writeBoard(file: string, board: Storyboard): Promise<void> {
  await writeFileAtomic(file, textOf(board), { mode: SHARED_FILE_MODE })
}

const textOf = (board: Storyboard): string => `${JSON.stringify(board, null, 2)}\n`

/** What a machine records of each view it writes, so every reader knows the file as a view (not a hand edit). */
export const viewDigestOf = (board: Storyboard): string => digestOf(textOf(board))

const keeping = new Map<string, Promise<unknown>>()

/**
 * Rewrites the board's file with the merged board, when this machine is its writer, so that
 * other tools (and a designer's text editor) see every machine's edits. Only the writer named in
 * the file writes it; `claim`: a file that names none becomes this machine's, as the one that
 * changed it. The digest of each view is recorded, so a file changed since by hand is known as
 * such (shared-board.ts). One write at a time per board; a write that fails costs only the view.
 */
export function keepView(studio: Studio, library: string, file: string, log: Logger, { claim = false } = {}): Promise<void> {
  const run = (keeping.get(file) ?? Promise.resolve()).then(async () => {
    try {
      const board = await loadBoard(studio, library, file)
      if (!board.ours || (board.written.writer === undefined && !claim)) return
      const next: Storyboard = { ...board.written, writer: studio.machine, shots: board.written.shots }
      const text = textOf(next)
      if ((await readFile(file, 'utf8').catch(() => '')) === text) return
      await migrateTakes(studio, board)
      // The view is known before its file is there: a reader that finds the file (on this disk
      // at least) has the line that says it is a view, and never takes it for a hand edit.
      await studio.set(board.subject, { view: viewDigestOf(next) })
      await writeBoard(file, next)
    } catch (error) {
      log.warn('studio.viewNotWritten', { file: path.basename(file), reason: (error as Error).message })
    }
  })
  keeping.set(file, run)
  void run.finally(() => keeping.get(file) === run && keeping.delete(file))
  return run
}

/**
 * The takes a build from before kept by the shots' places: recorded as registers before the
 * file's order can change (the file then says the shots' ids), and the old takes file is not
 * read again.
 */
async function migrateTakes(studio: Studio, board: SharedBoard): Promise<void> {
  if (studio.valueOf(board.subject, 'takesMigrated') === true) return
  for (const [i, shot] of board.takes.shots.entries()) {
    if (!shot) continue
    const id = board.ids[i]!
    await studio.set(`${board.subject}/shot/${id}`, { ...Object.fromEntries(shot.takes.map((t) => [`take/${t}`, shot.fingerprint])), picked: shot.picked })
  }
  await studio.set(board.subject, { takesMigrated: true })
}
