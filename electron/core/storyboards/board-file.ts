import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { AppError } from '../../../shared/errors'
import { Storyboard, StoryboardTakes, type StoryboardShot } from '../../../shared/storyboard'
import { writeFileAtomic } from '../files/atomic'

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

/** "shot 2: duration" from a schema path like ['shots', 1, 'duration']. */
function whereOf(issuePath: ReadonlyArray<PropertyKey>): string {
  const [head, index, ...rest] = issuePath
  if (head === 'shots' && typeof index === 'number') return `shot ${index + 1}${rest.length ? `: ${rest.map(String).join('.')}` : ''}`
  return issuePath.map(String).join('.') || 'the storyboard'
}

function refused(file: string, where: string, reason: string, shot?: number, field?: string): AppError {
  return new AppError('INVALID_INPUT', `${path.basename(file)}: ${where}: ${reason}`, { details: { file, ...(shot !== undefined && { shot }), ...(field && { field }) } })
}

/**
 * Reads and checks a storyboard file. Every refusal names the file, the shot (counted from 1)
 * and the field; the rules that involve two shots (what `continues` can follow) are checked here
 * too, so a board that reads is one the engine can plan.
 */
export async function readBoard(file: string): Promise<Board> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new AppError(error.code === 'ENOENT' ? 'NOT_FOUND' : 'INVALID_INPUT', `${file}: ${error.code === 'ENOENT' ? 'no such storyboard file' : `cannot be read (${error.code ?? error.message})`}`, { details: { file } })
  })
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw refused(file, 'the storyboard', `is not JSON (${(error as Error).message})`)
  }
  const parsed = Storyboard.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const [, index, field] = issue.path
    throw refused(file, whereOf(issue.path), issue.message, typeof index === 'number' ? index + 1 : undefined, typeof field === 'string' ? field : undefined)
  }
  parsed.data.shots.forEach((shot, i) => {
    if (!shot.continues) return
    if (i === 0) throw refused(file, 'shot 1: continues', 'the first shot has no shot before it to continue', 1, 'continues')
    if (shot.mode !== 'i2v') throw refused(file, `shot ${i + 1}: continues`, `a continuing shot is image-to-video on the last frame of shot ${i} (mode "i2v", not "${shot.mode}")`, i + 1, 'continues')
    if (shot.image) throw refused(file, `shot ${i + 1}: image`, `a continuing shot's first frame is the last frame of shot ${i}; remove "image" or "continues"`, i + 1, 'image')
  })
  const folder = path.dirname(file)
  const resolve = (p: string | undefined) => (p === undefined ? undefined : path.resolve(folder, p))
  return {
    file,
    title: parsed.data.title,
    shots: parsed.data.shots.map((shot) => ({
      ...shot,
      ...(shot.image && { image: resolve(shot.image) }),
      ...(shot.first && { first: resolve(shot.first) }),
      ...(shot.last && { last: resolve(shot.last) }),
      ...(shot.refs && { refs: shot.refs.map((r) => resolve(r)!) }),
    })),
  }
}

/** The takes recorded beside a board; none yet is an empty record. An unreadable file is refused, never overwritten. */
export async function readTakes(boardFile: string): Promise<StoryboardTakes> {
  const file = takesFileOf(boardFile)
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw new AppError('INVALID_INPUT', `${file}: cannot be read (${error.code ?? error.message})`, { details: { file } })
  })
  if (text === undefined) return { reelbox: 1, shots: [] }
  const parsed = StoryboardTakes.safeParse((() => {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return undefined
    }
  })())
  if (!parsed.success) throw new AppError('INVALID_INPUT', `${file}: is not a Reelbox takes file; move it aside and run again (its shots will be made anew)`, { details: { file } })
  return parsed.data
}

export async function writeTakes(boardFile: string, takes: StoryboardTakes): Promise<void> {
  await writeFileAtomic(takesFileOf(boardFile), `${JSON.stringify(takes, null, 2)}\n`)
}
