import { createHash, randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Storyboard, StoryboardShot, StoryboardTakes } from '../../../shared/storyboard'
import type { Stamp } from '../studio/clock'
import type { Register } from '../studio/registers'
import type { Studio } from '../studio/studio'
import { type Board, checkBoard, checkShots, parseBoard, readBoardText, readTakes } from './board-file'
import { mergeBoard, type MergedShot, placesOf } from './board-state'

/** Boards of the library's `Storyboards/` folder, by file name; the folder's name, for the key of a board without an id. */
export const STORYBOARDS_DIR = 'Storyboards'
export const BOARD_SUFFIX = '.storyboard.json'

/**
 * A board as every machine's edits make it: the file (the base, as its writer last wrote it, or
 * as the designer edited it by hand) with the registers of all machines laid over it. `ids` are
 * the shots' ids in board order; `written` is the merged board as its file would say it.
 */
export interface SharedBoard {
  file: string
  subject: string
  board: Board
  takes: StoryboardTakes
  ids: string[]
  written: Storyboard
  /** Per shot in order: fields another machine set over this one's value, with who and the value overruled. */
  overruled: Array<Array<{ field: string; by: string; who: string; mine: unknown }>>
  /** This machine writes the file (it is the writer named in it, or the file names none). */
  ours: boolean
  /** Shot subjects with no place of their own yet (a board from before): a move or an add gives every shot one. */
  unplaced: string[]
}

/** A board file's text as a short digest: how each view its writer wrote is known again. */
export const digestOf = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32)

// A board is read on every change and every look, its file mostly as it was: what its text was
// last read as is kept (frozen: every reader shares it) and the text judged again only when it differs.
const lastRead = new Map<string, { text: string; written: Storyboard; digest?: string }>()
async function readShared(file: string): Promise<{ written: Storyboard; mtimeMs: number; digest: () => string }> {
  const { text, mtimeMs } = await readBoardText(file)
  let last = lastRead.get(file)
  if (last?.text !== text) lastRead.set(file, (last = { text, written: frozen(parseBoard(file, text)) }))
  const read = last
  return { written: read.written, mtimeMs, digest: () => (read.digest ??= digestOf(text)) }
}

function frozen(board: Storyboard): Storyboard {
  for (const shot of board.shots) {
    if (shot.refs) Object.freeze(shot.refs)
    Object.freeze(shot)
  }
  Object.freeze(board.shots)
  return Object.freeze(board)
}

/**
 * The board's key among the studio's registers: the id its file carries, else (a board written by
 * hand or before ids) its name in the library's `Storyboards/` folder, else its path: the same
 * key on every machine, and the first view its writer writes carries it as the id.
 */
export function boardKeyOf(file: string, written: Storyboard, library: string): string {
  if (written.id) return written.id
  const name = path.basename(file, BOARD_SUFFIX)
  if (path.resolve(path.dirname(file)) === path.resolve(library, STORYBOARDS_DIR) && /^[A-Za-z0-9_-]{1,40}$/.test(name)) return name
  return `f${createHash('sha256').update(path.resolve(file)).digest('hex').slice(0, 24)}`
}

export async function loadBoard(studio: Studio, library: string, file: string): Promise<SharedBoard> {
  // Every machine's log read once first: an engine just opened knows no register before.
  const [{ written: onDisk, mtimeMs, digest }] = await Promise.all([readShared(file), studio.ready])
  // A file that breaks a rule is refused as it is, naming its shot and field.
  checkShots(file, onDisk)
  const key = boardKeyOf(file, onDisk, library)
  const subject = `board/${key}`
  // The file as its writer last wrote it is a view of the registers: they win over it. Edited by
  // hand since (its text is no view any machine recorded), it is newer than what came before it.
  // A view this machine has not read the line of yet (its writer logs it first) is not a hand edit.
  const known = () => {
    const view = studio.fieldsOf(subject)?.get('view')
    return view === undefined || viewsOf(view).includes(digest())
  }
  const handEdited = !known() && !(await studio.refresh().then(known))
  const boardFields = studio.fieldsOf(subject)
  const migrated = boardFields?.get('takesMigrated')?.winner.value === true
  const legacy = migrated ? undefined : await readTakes(file)
  const at: Stamp = handEdited ? [Math.trunc(mtimeMs), 0] : [0, 0]
  const shotsPrefix = `${subject}/shot/`
  const shots = new Map(studio.subjectsUnder(shotsPrefix).map((s) => [s.slice(shotsPrefix.length), studio.fieldsOf(s)!] as const))
  const merged = mergeBoard({ title: onDisk.title, shots: onDisk.shots, takes: legacy, at }, { board: boardFields, shots }, studio.machine)
  const writer = onDisk.writer
  const written: Storyboard = { id: key, ...(writer !== undefined && { writer }), title: merged.title, shots: continuingOnlyWhereItCan(merged.shots.map((s) => s.shot)) }
  const board = checkBoard(file, written)
  return {
    file,
    subject,
    board,
    takes: { reelbox: 1, shots: merged.shots.map((s) => s.takes) },
    ids: merged.shots.map((s) => s.id),
    written,
    overruled: merged.shots.map((s) => s.overruled.map((o) => ({ ...o, who: nameOf(studio, o.by) }))),
    ours: writer === undefined || writer === studio.machine,
    unplaced: merged.shots.filter((s) => !shots.get(s.id)?.has('pos')).map((s) => `${shotsPrefix}${s.id}`),
  }
}

/** A register's winning value and the views it beat: a reader may have the file of any recent write. */
const viewsOf = (register: Register): unknown[] => [register.winner.value, ...register.others.map((o) => o.value)]

/** What a machine is called on the board ("Mei changed shot 3's prompt"): its designer's name, else its id. */
export function nameOf(studio: Studio, machine: string): string {
  const name = studio.valueOf(`machine/${machine}`, 'name')
  return typeof name === 'string' && name ? name : machine
}

/**
 * Edits two machines made at once can each be right and together not (one moves a continuing
 * shot first, one gives it a picture of its own): a shot continues only where it can, so the
 * merged board always opens. A shot that lands first continues nothing; a shot with its own first
 * frame, or not image-to-video, starts on its own.
 */
function continuingOnlyWhereItCan(shots: StoryboardShot[]): StoryboardShot[] {
  return shots.map((shot, i) => {
    if (!shot.continues || (i > 0 && shot.mode === 'i2v' && !shot.image)) return shot
    const { continues: _none, ...rest } = shot
    return rest
  })
}

/** A new shot's id: short, and unlike any other machine's at the same moment. */
export const newShotId = (): string => randomBytes(6).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x')

export const shotSubject = (board: SharedBoard, id: string): string => `${board.subject}/shot/${id}`

/**
 * Every shot's place, giving each shot its own first where one has none (a board from before, or
 * a shot typed into the file by hand): all shots are placed afresh in the order they stand, so a
 * move or a new shot lands between places no later rewrite of the file can shift. Two machines
 * placing one board at once place it alike.
 */
export async function placesOfShots(studio: Studio, board: SharedBoard): Promise<readonly string[]> {
  if (board.unplaced.length === 0) return board.ids.map((id) => studio.valueOf(shotSubject(board, id), 'pos') as string)
  const places = placesOf(board.ids.length)
  for (const [i, id] of board.ids.entries()) await studio.set(shotSubject(board, id), { pos: places[i] })
  return places
}

export type { MergedShot }
