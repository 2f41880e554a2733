import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { StoryboardName } from '../../../shared/contract/storyboards'
import { problemError } from '../../../shared/errors'
import { problem } from '../../../shared/rules/problems'
import type { StoryboardShot } from '../../../shared/storyboard'
import { isCode, syncDir } from '../files/atomic'
import type { Library } from '../library/library'
import { takesFileOf } from './board-file'
import { viewDigestOf, writeBoard } from './board-view'
import { BOARD_SUFFIX, loadBoard, shotSubject } from './shared-board'

/**
 * Renames a board (the name a designer gives it on the screen): `<name>.storyboard.json`, a `<name>.takes.json` from before
 * and its keyframe folder `<name>/` become `<to>…`, the keyframe paths in the board follow (recorded
 * as every machine's edits are), and its title becomes the new name. The board keeps its id, so
 * every machine's edits stay its own. A name that is not a file name, or that another board, takes file or
 * folder already has, is refused by name and nothing changes.
 *
 * Several files cannot be renamed in one step, so the new board is made whole beside the old one
 * (its takes and keyframes linked, never moved) and only then is the old one removed: at every
 * moment one complete board stands, and a crash leaves the old board, or the old and the new one,
 * never half of either. Answers the new board file.
 */
export async function renameBoard(parts: { library: Library }, file: string, to: string): Promise<string> {
  const folder = path.dirname(file)
  const name = path.basename(file).slice(0, -BOARD_SUFFIX.length)
  const checked = StoryboardName.safeParse(to)
  if (!checked.success) throw problemError('INVALID_INPUT', problem('storyboard.nameInvalid', { name: to }), `"${to}": not a storyboard name (${checked.error.issues[0]?.message ?? 'invalid'})`)
  const next = checked.data
  const { studio } = parts.library
  const shared = await loadBoard(studio, parts.library.folder, file)
  const written = { ...shared.written, writer: shared.written.writer ?? studio.machine }
  const target = path.join(folder, `${next}${BOARD_SUFFIX}`)
  const renamed = { ...written, title: next, shots: written.shots.map((shot) => moved(shot, name, next)) }
  // The new title and keyframe paths, as every machine's edits are recorded, and the new file as a view.
  const record = async (): Promise<void> => {
    await studio.set(shared.subject, { title: next, view: viewDigestOf(renamed) })
    for (const [i, shot] of written.shots.entries()) {
      const after = moved(shot, name, next)
      const paths = Object.fromEntries((['image', 'first', 'last', 'refs'] as const).filter((f) => after[f] !== undefined && JSON.stringify(after[f]) !== JSON.stringify(shot[f])).map((f) => [f, after[f]]))
      if (Object.keys(paths).length) await studio.set(shotSubject(shared, shared.ids[i]!), paths)
    }
  }
  if (next === name) {
    if (written.title !== next) {
      await record()
      await writeBoard(file, { ...written, title: next })
    }
    return file
  }
  const [from, there] = [places(folder, name), places(folder, next)]
  // A change of letter case on a disk that ignores case: the same files under another spelling.
  if (await sameFile(file, target)) return record().then(() => renameInPlace(from, there, renamed))
  for (const place of [there.board, there.takes, there.keyframes]) {
    if (await exists(place)) throw problemError('INVALID_INPUT', problem('storyboard.nameTaken', { name: next }), `${path.basename(place)} is there already`)
  }

  const made: string[] = []
  try {
    if (await exists(from.takes)) made.push(await linkOrCopy(from.takes, there.takes))
    if (await exists(from.keyframes)) {
      await mkdir(there.keyframes)
      made.push(there.keyframes)
      for (const entry of await readdir(from.keyframes, { withFileTypes: true })) {
        if (entry.isFile()) await linkOrCopy(path.join(from.keyframes, entry.name), path.join(there.keyframes, entry.name))
      }
    }
    // The new board last, linked into place so it never replaces a board made meanwhile.
    const aside = path.join(folder, `.rename-${process.pid}-${randomBytes(6).toString('hex')}${BOARD_SUFFIX}`)
    try {
      await writeBoard(aside, renamed)
      made.push(await linkOrCopy(aside, there.board))
    } finally {
      await rm(aside, { force: true })
    }
  } catch (error) {
    for (const place of made.reverse()) await rm(place, { recursive: true, force: true })
    if (isCode(error, 'EEXIST')) throw problemError('INVALID_INPUT', problem('storyboard.nameTaken', { name: next }), `${next} was taken meanwhile`)
    throw error
  }
  // The new board stands whole: the old one goes, then what only it used.
  await record()
  await rm(from.board)
  await syncDir(folder)
  await rm(from.takes, { force: true })
  await rm(from.keyframes, { recursive: true, force: true })
  return there.board
}

function places(folder: string, name: string) {
  const board = path.join(folder, `${name}${BOARD_SUFFIX}`)
  return { board, takes: takesFileOf(board), keyframes: path.join(folder, name) }
}

/** A keyframe the board keeps in its own folder (`<name>/…`) is in the renamed folder now; any other path stays. */
function moved(shot: StoryboardShot, name: string, next: string): StoryboardShot {
  const follow = (p: string) => (p.startsWith(`${name}/`) ? `${next}/${p.slice(name.length + 1)}` : p)
  return {
    ...shot,
    ...(shot.image && { image: follow(shot.image) }),
    ...(shot.first && { first: follow(shot.first) }),
    ...(shot.last && { last: follow(shot.last) }),
    ...(shot.refs && { refs: shot.refs.map(follow) }),
  }
}

const exists = (file: string) => stat(file).then(() => true, (error: unknown) => (isCode(error, 'ENOENT') ? false : Promise.reject(error)))

async function sameFile(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([stat(a), stat(b).catch(() => undefined)])
  return y !== undefined && x.ino === y.ino && x.dev === y.dev
}

/** A second name for a file that is never written over: a hard link, or a copy where the disk has none (exFAT). */
async function linkOrCopy(from: string, to: string): Promise<string> {
  try {
    await link(from, to)
  } catch (error) {
    if (isCode(error, 'EEXIST') || !['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'EMLINK'].some((code) => isCode(error, code))) throw error
    await copyFile(from, to, constants.COPYFILE_EXCL)
  }
  return to
}

/** Only the letter case changes: each file renamed under its new spelling (the disk treats both as one name). */
async function renameInPlace(from: ReturnType<typeof places>, there: ReturnType<typeof places>, board: Parameters<typeof writeBoard>[1]): Promise<string> {
  if (await exists(from.keyframes)) await rename(from.keyframes, there.keyframes)
  if (await exists(from.takes)) await rename(from.takes, there.takes)
  await rename(from.board, there.board)
  await writeBoard(there.board, board)
  return there.board
}
