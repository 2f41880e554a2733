import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { AppError, type ErrorCode } from '../../../shared/errors'
import { problem, problemLine, type ProblemParams } from '../../../shared/rules/problems'
import { Storyboard, StoryboardTakes, type StoryboardShot } from '../../../shared/storyboard'

/** A board as read: its file, its shots, and each image path resolved against the file's folder. */
export interface Board {
  file: string
  title: string
  shots: StoryboardShot[]
}

const BOARD_SUFFIX = '.storyboard.json'

/** `NAME.storyboard.json` → `NAME.takes.json` beside it. */
export function takesFileOf(boardFile: string): string {
  const base = path.basename(boardFile)
  const stem = base.endsWith(BOARD_SUFFIX) ? base.slice(0, -BOARD_SUFFIX.length) : path.parse(base).name
  return path.join(path.dirname(boardFile), `${stem}.takes.json`)
}

/** A change or export of a board refused, as a problem its readers word (`storyboard.refused`). */
export function boardRefused(code: ErrorCode, params: ProblemParams['storyboard.refused'], details: Record<string, unknown> = {}): AppError {
  const found = problem('storyboard.refused', params)
  return new AppError(code, problemLine(found), { details: { ...details, problem: found } })
}

/** A storyboard or takes file refused, as a problem its readers word, naming the shot and the field when there are. */
function invalid(code: ErrorCode, file: string, params: ProblemParams['storyboard.invalid'], field?: string): AppError {
  const found = problem('storyboard.invalid', params)
  return new AppError(code, problemLine(found), { details: { file, problem: found, ...(params.shot !== undefined && { shot: params.shot }), ...(field && { field }) } })
}

/** Where a schema issue is: the shot (from 1) and the path inside it, or the path in the board. */
function whereOf(issuePath: ReadonlyArray<PropertyKey>): { shot?: number; at?: string } {
  const [head, index, ...rest] = issuePath
  if (head === 'shots' && typeof index === 'number') return { shot: index + 1, ...(rest.length && { at: rest.map(String).join('.') }) }
  const at = issuePath.map(String).join('.')
  return at ? { at } : {}
}

/** A board file's text and its board as written, checked (paths still relative to the file). */
export async function readBoardFile(file: string): Promise<{ text: string; written: Storyboard; mtimeMs: number }> {
  const { text, mtimeMs } = await readBoardText(file)
  return { text, written: parseBoard(file, text), mtimeMs }
}

/** A board file's text and when it was last written. */
export async function readBoardText(file: string): Promise<{ text: string; mtimeMs: number }> {
  const [text, mtimeMs] = await Promise.all([readFile(file, 'utf8'), stat(file).then((s) => s.mtimeMs)]).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw invalid('NOT_FOUND', file, { file, why: 'missing' })
    throw invalid('INVALID_INPUT', file, { file, why: 'unreadable', detail: error.code ?? error.message })
  })
  return { text, mtimeMs }
}

/** A board file's text as its board, checked against the schema; a refusal names the shot and the field. */
export function parseBoard(file: string, text: string): Storyboard {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw invalid('INVALID_INPUT', file, { file: path.basename(file), why: 'notJson', detail: (error as Error).message })
  }
  const parsed = Storyboard.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const [, , field] = issue.path
    throw invalid('INVALID_INPUT', file, { file: path.basename(file), why: 'schema', ...whereOf(issue.path), detail: issue.message }, typeof field === 'string' ? field : undefined)
  }
  return parsed.data
}

/**
 * A board as written, checked for the rules that involve two shots (what `continues` can
 * follow): a board that passes is one the engine can plan. Every refusal names the file, the
 * shot (counted from 1) and the field.
 */
export function checkShots(file: string, written: Storyboard): void {
  written.shots.forEach((shot, i) => {
    if (!shot.continues) return
    const name = path.basename(file)
    if (i === 0) throw invalid('INVALID_INPUT', file, { file: name, why: 'firstContinues', shot: 1 }, 'continues')
    if (shot.mode !== 'i2v') throw invalid('INVALID_INPUT', file, { file: name, why: 'continueMode', shot: i + 1, mode: shot.mode }, 'continues')
    if (shot.image) throw invalid('INVALID_INPUT', file, { file: name, why: 'continueImage', shot: i + 1 }, 'image')
  })
}

/** A board as written, checked (checkShots), with each image path resolved against the file's folder. */
export function checkBoard(file: string, written: Storyboard): Board {
  checkShots(file, written)
  const folder = path.dirname(file)
  const resolve = (p: string | undefined) => (p === undefined ? undefined : path.resolve(folder, p))
  return {
    file,
    title: written.title,
    shots: written.shots.map((shot) => !(shot.image || shot.first || shot.last || shot.refs) ? shot : ({
      ...shot,
      ...(shot.image && { image: resolve(shot.image) }),
      ...(shot.first && { first: resolve(shot.first) }),
      ...(shot.last && { last: resolve(shot.last) }),
      ...(shot.refs && { refs: shot.refs.map((r) => resolve(r)!) }),
    })),
  }
}

/** Reads and checks a storyboard file as it is on disk (no other machine's edits: see shared-board.ts). */
export async function readBoard(file: string): Promise<Board> {
  return checkBoard(file, (await readBoardFile(file)).written)
}

/**
 * The takes a build from before recorded beside a board (by the shots' places in the file then);
 * none is an empty record. Read once as the base of the board's takes, never written again: the
 * takes are every machine's registers now (board-state.ts).
 */
export async function readTakes(boardFile: string): Promise<StoryboardTakes> {
  const file = takesFileOf(boardFile)
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw invalid('INVALID_INPUT', file, { file, why: 'takesUnreadable', detail: error.code ?? error.message })
  })
  if (text === undefined) return { reelbox: 1, shots: [] }
  const parsed = StoryboardTakes.safeParse((() => {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return undefined
    }
  })())
  if (!parsed.success) throw invalid('INVALID_INPUT', file, { file, why: 'takesNotOurs' })
  return parsed.data
}
