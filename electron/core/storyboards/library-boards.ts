import { randomBytes } from 'node:crypto'
import { link, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { StoryboardView } from '../../../shared/contract/storyboards'
import { problemError } from '../../../shared/errors'
import type { ImageRef } from '../../../shared/draft'
import type { LibraryItem } from '../../../shared/library'
import { estimate, lineFor } from '../../../shared/rules/price'
import { problem } from '../../../shared/rules/problems'
import type { Storyboard } from '../../../shared/storyboard'
import { isCode } from '../files/atomic'
import { stagingDir } from '../library/naming'
import type { SettingsService } from '../settings/service'
import { SEQUENCES_DIR } from '../sequences/store'
import { writeBoard } from './board-view'
import { type EngineParts, engineRunDeps } from './deps'
import { exportFilm, pickedTakes } from './film'
import { shotsMaking } from './making'
import { planStoryboard } from './run'
import { BOARD_SUFFIX, loadBoard, newShotId, STORYBOARDS_DIR } from './shared-board'

export type BoardParts = EngineParts & { settings: SettingsService }

/** The library's boards folder and a board's file in it, by name (the contract checked the name). */
export function boardsFolder(parts: Pick<EngineParts, 'library'>) {
  const dir = () => path.join(parts.library.folder, STORYBOARDS_DIR)
  return { dir, fileOf: (name: string) => path.join(dir(), `${name}${BOARD_SUFFIX}`) }
}

/** A board as the screen shows it: as written, each shot's state and takes, and what Generate all would cost; `running`: Generate all is under way. */
export async function viewBoard(parts: BoardParts, name: string, running = false): Promise<StoryboardView> {
  const { shared, board, takes, drafts, states, missing, found } = await planStoryboard(engineRunDeps(parts), boardsFolder(parts).fileOf(name))
  const { written } = shared
  const folder = path.dirname(board.file)
  // The keyframes not on disk, by their paths as written: the card shows each as missing.
  const gone = missing.map((found) => found.map(({ file }) => path.relative(folder, file).split(path.sep).join('/')))
  // Each keyframe's picture by the input store's hash, for the card to show (the page names no path).
  const pictures = written.shots.map((shot, i) => {
    const draft = drafts[i]!
    const refs = (shot.refs ?? []).filter((r) => !gone[i]!.includes(r))
    const pairs: Array<[string | undefined, ImageRef | undefined]> = [[shot.image, draft.image], [shot.first, draft.first], [shot.last, draft.last], ...refs.map((r, j): [string, ImageRef | undefined] => [r, draft.references?.[j]])]
    return Object.fromEntries(pairs.flatMap(([at, ref]) => (at && ref?.kind === 'file' ? [[at, ref.hash]] : [])))
  })
  // A shot being made, or still to come in the run under way (one a page before a reload asked for, say), is not to make again.
  const making = shotsMaking(board, drafts, takes, parts.jobs.list())
  const toMake = drafts.filter((_, i) => !running && states[i] !== 'made' && !making[i]).map((draft) => lineFor(parts.catalog.model(draft.modelId), draft))
  return {
    name,
    running,
    board: written,
    shots: states.map((state, index) => {
      const recorded = takes.shots[index]
      // A take deleted since is not offered; the picked one is still named (the shot is `missing`).
      const present = (recorded?.takes ?? []).filter((id) => found.get(id)?.gone !== true)
      const takeName = recorded ? (found.get(recorded.picked)?.name ?? null) : null
      const overruled = shared.overruled[index]!.map(({ field, who, mine }) => ({ field, who, mine }))
      return { index, id: shared.ids[index]!, state, making: making[index]!, takes: present, picked: recorded?.picked ?? null, takeName, pictures: pictures[index]!, missing: gone[index]!, overruled }
    }),
    estimate: estimate(toMake, { free: parts.settings.activeConnection()?.sandbox === true }),
  }
}

/** The library's boards, by name; a board that does not read is still listed, so it can be opened and mended. */
export async function listBoards(parts: Pick<EngineParts, 'library'>): Promise<Array<{ name: string; title: string; shots: number }>> {
  const { dir, fileOf } = boardsFolder(parts)
  const names = await readdir(dir()).catch((error: unknown) => {
    if (isCode(error, 'ENOENT')) return [] as string[]
    throw problemError('DISK', problem('folder.unreadable', { folder: dir(), reason: (error as Error).message }))
  })
  const boards = await Promise.all(
    names
      .filter((n) => n.endsWith(BOARD_SUFFIX) && !n.startsWith('.'))
      .map(async (n) => {
        const name = n.slice(0, -BOARD_SUFFIX.length)
        const board = await loadBoard(parts.library.studio, parts.library.folder, fileOf(name)).catch(() => undefined)
        return { name, title: board?.written.title ?? name, shots: board?.ids.length ?? 0 }
      }),
  )
  return boards.sort((a, b) => a.name.localeCompare(b.name))
}

/** A file name from a title: what a file name cannot hold becomes a dash; never a leading dot. */
function nameFrom(title: string): string {
  const name = [...title]
    .map((c) => (c.charCodeAt(0) < 32 ? '-' : c))
    .join('')
    .replace(/[/\\:*?"<>|]+/g, '-')
    .replace(/^[.\s-]+/, '')
    .trim()
    .slice(0, 100)
    .trim()
  return name || 'Storyboard'
}

/**
 * A new board (New board on the screen), named after its title: "Launch film", else "Launch film 2"
 * and so on. The file is written aside and linked into place, which fails rather than replace a
 * board that is there already (a board another window or the CLI made at the same moment).
 */
export async function createBoard(parts: BoardParts, board: Storyboard): Promise<StoryboardView> {
  const { dir, fileOf } = boardsFolder(parts)
  const base = nameFrom(board.title)
  const aside = path.join(dir(), `.new-${process.pid}-${randomBytes(6).toString('hex')}${BOARD_SUFFIX}`)
  // Its own id and this machine as its writer: the file's name may change, the board stays itself.
  await writeBoard(aside, { ...board, id: newShotId(), writer: parts.library.studio.machine, shots: board.shots.map((shot) => ({ ...shot, id: shot.id ?? newShotId() })) })
  try {
    for (let n = 1; ; n++) {
      const name = n === 1 ? base : `${base} ${n}`
      try {
        await link(aside, fileOf(name))
        return await viewBoard(parts, name)
      } catch (error) {
        if (!isCode(error, 'EEXIST')) throw error
      }
    }
  } finally {
    await rm(aside, { force: true })
  }
}

/** The film: the picked takes joined by packet copy into the library's `Sequences/` folder. */
export async function exportBoard(parts: BoardParts, name: string): Promise<{ item: LibraryItem; durationSec: number }> {
  const file = boardsFolder(parts).fileOf(name)
  const { board, takes } = await loadBoard(parts.library.studio, parts.library.folder, file)
  const picked = await pickedTakes(parts, board, takes, name)
  const staged = path.join(stagingDir(parts.library.folder), `storyboard-${randomBytes(6).toString('hex')}.mp4`)
  const joined = await exportFilm(board, picked, staged)
  const item = await parts.library.addVideo(staged, { folder: SEQUENCES_DIR, name: board.title || name })
  return { item, durationSec: joined.durationSec }
}
