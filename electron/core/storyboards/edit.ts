import { chmod, copyFile, mkdir, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { AppError } from '../../../shared/errors'
import { problem, problemLine } from '../../../shared/rules/problems'
import { Storyboard, type StoryboardShot } from '../../../shared/storyboard'
import { SHARED_FILE_MODE, syncFile } from '../files/atomic'
import { boardRefused as refused, readTakes, writeTakes } from './board-file'
import { findTakes } from './found-takes'
import { type BoardParts, boardsFolder, writeBoard } from './library-boards'

/**
 * Changes to a board of the library that touch more than its text: a shot moved or removed (its
 * takes go with it, as the takes file records them by place) and a keyframe dropped on a shot.
 */

/** The board as written (paths relative), read for a change. */
export async function readWritten(file: string, name: string): Promise<Storyboard> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw refused('NOT_FOUND', { board: name, why: 'notFound' }, { file })
    throw new AppError('DISK', `${name}: ${error.message}`, { details: { file } })
  })
  const parsed = Storyboard.safeParse((() => {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return undefined
    }
  })())
  if (!parsed.success) throw refused('INVALID_INPUT', { board: path.basename(file), why: 'notChangeable' }, { file })
  return parsed.data
}

function shotOf(board: Storyboard, name: string, shot: number, field = 'shot'): StoryboardShot {
  const found = board.shots[shot]
  if (!found) throw refused('INVALID_INPUT', { board: name, why: 'noSuchShot', shot: shot + 1, shots: board.shots.length }, { field })
  return found
}

/** A shot that lands first continues nothing: there is no shot before it. */
function firstContinuesNothing(shots: StoryboardShot[]): StoryboardShot[] {
  return shots.map((shot, i) => {
    if (i > 0 || !shot.continues) return shot
    const { continues: _none, ...rest } = shot
    return rest
  })
}

/**
 * Rewrites the board's shots and their takes in one go: takes first, so a crash between the two
 * leaves takes that match no shot's settings (stale, remade), never a take on the wrong shot.
 */
async function reshape(parts: BoardParts, name: string, change: <T>(list: T[]) => T[]): Promise<void> {
  const file = boardsFolder(parts).fileOf(name)
  const [written, takes] = await Promise.all([readWritten(file, name), readTakes(file)])
  const padded = [...takes.shots, ...Array<null>(Math.max(0, written.shots.length - takes.shots.length)).fill(null)]
  await writeTakes(file, { ...takes, shots: change(padded) })
  await writeBoard(file, { ...written, shots: firstContinuesNothing(change(written.shots)) })
}

export async function moveShot(parts: BoardParts, name: string, from: number, to: number): Promise<void> {
  const written = await readWritten(boardsFolder(parts).fileOf(name), name)
  shotOf(written, name, from, 'from')
  shotOf(written, name, to, 'to')
  await reshape(parts, name, (list) => {
    const next = [...list]
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved as (typeof list)[number])
    return next
  })
}

/** Removes a shot and its takes (the videos stay in the library); a board keeps at least one shot. */
export async function removeShot(parts: BoardParts, name: string, shot: number): Promise<void> {
  const written = await readWritten(boardsFolder(parts).fileOf(name), name)
  shotOf(written, name, shot)
  if (written.shots.length === 1) throw refused('INVALID_INPUT', { board: name, why: 'lastShot' }, { field: 'shot' })
  await reshape(parts, name, (list) => list.filter((_, i) => i !== shot))
}

export async function pickTake(parts: BoardParts, name: string, shot: number, itemId: string): Promise<void> {
  const file = boardsFolder(parts).fileOf(name)
  const takes = await readTakes(file)
  const recorded = takes.shots[shot]
  if (!recorded?.takes.includes(itemId)) throw refused('NOT_FOUND', { board: name, why: 'noSuchTake', shot: shot + 1, take: itemId }, { shot: shot + 1, field: 'itemId' })
  // A take deleted since (here or on another machine) can never be picked again.
  const take = (await findTakes(parts, [itemId])).get(itemId)
  if (take?.gone) throw refused('NOT_FOUND', { board: name, why: 'takeGone', shot: shot + 1, take: take.name ?? itemId }, { shot: shot + 1, field: 'itemId' })
  // The fingerprint stays the shot's: picking a take changes what follows it, not the shot.
  await writeTakes(file, { ...takes, shots: takes.shots.map((s, i) => (i === shot && s ? { ...s, picked: itemId } : s)) })
}

export type KeyframeSlot = 'image' | 'first' | 'last' | 'refs'

/**
 * A keyframe for a shot (dropped or chosen on its card): an image already taken into the input
 * store (`inputs.import` / `inputs.importPath`, which judged its format and size and names a bad
 * file), copied beside the board as `<board>/<its name>-<hash>.<ext>`, so the board and its
 * pictures travel together and the board names it by a short relative path a person can read.
 * The same picture dropped twice is one file. `refs` gets one more reference; the other slots are set.
 */
export async function setKeyframe(parts: BoardParts, name: string, shot: number, slot: KeyframeSlot, hash: string): Promise<void> {
  const file = boardsFolder(parts).fileOf(name)
  const written = await readWritten(file, name)
  const target = shotOf(written, name, shot)
  const [image, stored] = await Promise.all([parts.inputs.get(hash), parts.inputs.pathOf(hash)])
  if (!image || !stored) {
    const gone = problem('image.gone', { name: `${hash.slice(0, 12)}…` })
    throw new AppError('NOT_FOUND', problemLine(gone), { details: { problem: gone, field: 'hash' } })
  }
  const stem = path.parse(image.name).name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'image'
  const relative = `${name}/${stem}-${hash.slice(0, 12)}${path.extname(stored)}`
  const to = path.join(path.dirname(file), ...relative.split('/'))
  // Built from the checked name and hash only; never outside the board's folder.
  if (path.relative(path.dirname(file), to).startsWith('..')) throw new AppError('INVALID_INPUT', `keyframe outside the board: ${relative}`, { details: { field: 'name' } })
  await copyToFolder(stored, to)
  const changed: StoryboardShot = slot === 'refs' ? { ...target, refs: [...(target.refs ?? []).filter((r) => r !== relative), relative] } : { ...target, [slot]: relative }
  await writeBoard(file, { ...written, shots: written.shots.map((s, i) => (i === shot ? changed : s)) })
}

/** A whole copy or none: written aside, synced, renamed into place; readable by others, like the board. */
async function copyToFolder(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true })
  const part = `${to}.${process.pid}.part`
  try {
    await copyFile(from, part)
    await chmod(part, SHARED_FILE_MODE)
    await syncFile(part)
    await rename(part, to)
  } finally {
    await rm(part, { force: true })
  }
}
