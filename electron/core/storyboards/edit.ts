import { chmod, copyFile, mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { AppError } from '../../../shared/errors'
import { problem, problemLine } from '../../../shared/rules/problems'
import type { ShotEdit } from '../../../shared/contract/storyboards'
import type { StoryboardShot } from '../../../shared/storyboard'
import { SHARED_FILE_MODE, syncFile } from '../files/atomic'
import { boardRefused as refused, checkBoard } from './board-file'
import { placeBetween } from './board-state'
import { keepView } from './board-view'
import { type BoardParts, boardsFolder } from './library-boards'
import { loadBoard, newShotId, placesOfShots, type SharedBoard, shotSubject } from './shared-board'
import { findTakes } from './found-takes'

/**
 * Changes to a board of the library, each recorded as the values it sets in this machine's
 * change log (electron/core/studio), by shot id: two machines editing different shots, or
 * different fields of one, both keep their edits; the same field, the later one wins and the
 * other stays a click away. Then the file is rewritten by its writer (board-view.ts).
 */


async function open(parts: BoardParts, name: string): Promise<{ board: SharedBoard; done: () => Promise<void> }> {
  const file = boardsFolder(parts).fileOf(name)
  const { studio, folder } = parts.library
  const board = await loadBoard(studio, folder, file).catch((error: unknown) => {
    if (AppError.from(error).code === 'NOT_FOUND') throw refused('NOT_FOUND', { board: name, why: 'notFound' }, { file })
    throw error
  })
  return { board, done: () => keepView(studio, folder, file, parts.log, { claim: true }) }
}

function indexOf(board: SharedBoard, name: string, id: string, field = 'shot'): number {
  const index = board.ids.indexOf(id)
  if (index < 0) throw refused('NOT_FOUND', { board: name, why: 'shotGone' }, { field })
  return index
}

/** The board as it would be with these shots, checked before anything is recorded: a refusal names the shot and the field. */
function checked(board: SharedBoard, shots: StoryboardShot[]): void {
  checkBoard(board.file, { ...board.written, shots })
}

/** Sets some of one shot's fields (the card's prompt, duration, model…); the shot goes stale. */
export async function editShot(parts: BoardParts, name: string, id: string, edit: ShotEdit): Promise<void> {
  const { board, done } = await open(parts, name)
  const index = indexOf(board, name, id)
  const next = { ...board.written.shots[index]! } as Record<string, unknown>
  for (const [field, value] of Object.entries(edit)) {
    if (value === null) delete next[field]
    else next[field] = value
  }
  checked(board, board.written.shots.map((shot, i) => (i === index ? (next as StoryboardShot) : shot)))
  if (Object.keys(edit).length) await parts.library.studio.set(shotSubject(board, id), edit)
  await done()
}

/** A new shot after the last (or before `before`); answers its id. */
export async function addShot(parts: BoardParts, name: string, shot: StoryboardShot): Promise<string> {
  const { board, done } = await open(parts, name)
  const { id: _given, ...fields } = shot
  checked(board, [...board.written.shots, fields])
  const places = await placesOfShots(parts.library.studio, board)
  const id = newShotId()
  await parts.library.studio.set(shotSubject(board, id), { new: fields, pos: placeBetween(places.at(-1) ?? null, null) })
  await done()
  return id
}

/** Moves a shot to another place, its takes with it (a shot that lands first continues nothing). */
export async function moveShot(parts: BoardParts, name: string, id: string, to: number): Promise<void> {
  const { board, done } = await open(parts, name)
  const from = indexOf(board, name, id)
  if (to < 0 || to >= board.ids.length) throw refused('INVALID_INPUT', { board: name, why: 'noSuchShot', shot: to + 1, shots: board.ids.length }, { field: 'to' })
  if (from === to) return
  const places = await placesOfShots(parts.library.studio, board)
  const others = places.filter((_, i) => i !== from)
  await parts.library.studio.set(shotSubject(board, id), { pos: placeBetween(others[to - 1] ?? null, others[to] ?? null) })
  await done()
}

/**
 * Removes a shot (its takes and their videos stay, for Undo); a board keeps at least one shot.
 * The shot is recorded whole with its place, as its file will no longer hold it.
 */
export async function removeShot(parts: BoardParts, name: string, id: string): Promise<void> {
  const { board, done } = await open(parts, name)
  const index = indexOf(board, name, id)
  if (board.ids.length === 1) throw refused('INVALID_INPUT', { board: name, why: 'lastShot' }, { field: 'shot' })
  await placesOfShots(parts.library.studio, board)
  const { id: _id, ...shot } = board.written.shots[index]!
  await parts.library.studio.set(shotSubject(board, id), { removed: true, new: shot })
  await done()
}

/** Brings a removed shot back where it was, with its takes (Undo). */
export async function restoreShot(parts: BoardParts, name: string, id: string): Promise<void> {
  const { board, done } = await open(parts, name)
  if (parts.library.studio.fieldsOf(shotSubject(board, id))?.get('removed') === undefined) throw refused('NOT_FOUND', { board: name, why: 'shotGone' }, { field: 'shot' })
  await parts.library.studio.set(shotSubject(board, id), { removed: false })
  await done()
}

export async function pickTake(parts: BoardParts, name: string, id: string, itemId: string): Promise<void> {
  const { board, done } = await open(parts, name)
  const index = indexOf(board, name, id)
  if (!board.takes.shots[index]?.takes.includes(itemId)) throw refused('NOT_FOUND', { board: name, why: 'noSuchTake', shot: index + 1, take: itemId }, { shot: index + 1, field: 'itemId' })
  // A take deleted since (here or on another machine) can never be picked again.
  const take = (await findTakes(parts, [itemId])).get(itemId)
  if (take?.gone) throw refused('NOT_FOUND', { board: name, why: 'takeGone', shot: index + 1, take: take.name ?? itemId }, { shot: index + 1, field: 'itemId' })
  await parts.library.studio.set(shotSubject(board, id), { picked: itemId })
  await done()
}

export type KeyframeSlot = 'image' | 'first' | 'last' | 'refs'

/**
 * A keyframe for a shot (dropped or chosen on its card): an image already taken into the input
 * store (`inputs.import` / `inputs.importPath`, which judged its format and size and names a bad
 * file), copied beside the board as `<board>/<its name>-<hash>.<ext>`, so the board and its
 * pictures travel together and the board names it by a short relative path a person can read.
 * The same picture dropped twice is one file. `refs` gets one more reference; the other slots are set.
 */
export async function setKeyframe(parts: BoardParts, name: string, id: string, slot: KeyframeSlot, hash: string): Promise<void> {
  const { board, done } = await open(parts, name)
  const target = board.written.shots[indexOf(board, name, id)]!
  const [image, stored] = await Promise.all([parts.inputs.get(hash), parts.inputs.pathOf(hash)])
  if (!image || !stored) {
    const gone = problem('image.gone', { name: `${hash.slice(0, 12)}…` })
    throw new AppError('NOT_FOUND', problemLine(gone), { details: { problem: gone, field: 'hash' } })
  }
  const stem = path.parse(image.name).name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'image'
  const relative = `${name}/${stem}-${hash.slice(0, 12)}${path.extname(stored)}`
  const to = path.join(path.dirname(board.file), ...relative.split('/'))
  // Built from the checked name and hash only; never outside the board's folder.
  if (path.relative(path.dirname(board.file), to).startsWith('..')) throw new AppError('INVALID_INPUT', `keyframe outside the board: ${relative}`, { details: { field: 'name' } })
  await copyToFolder(stored, to)
  const edit: ShotEdit = slot === 'refs' ? { refs: [...(target.refs ?? []).filter((r) => r !== relative), relative] } : { [slot]: relative }
  await parts.library.studio.set(shotSubject(board, id), edit)
  await done()
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
