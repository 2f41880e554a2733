import { randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Handlers } from '../../../shared/contract/define'
import type { storyboardsProcedures } from '../../../shared/contract/storyboards'
import type { StoryboardView } from '../../../shared/contract/storyboards'
import { AppError } from '../../../shared/errors'
import { estimate, lineFor } from '../../../shared/rules/price'
import { Storyboard } from '../../../shared/storyboard'
import { isCode, writeFileAtomic } from '../files/atomic'
import { stagingDir } from '../library/naming'
import type { SettingsService } from '../settings/service'
import { SEQUENCES_DIR } from '../sequences/store'
import { readBoard, readTakes, writeTakes } from '../storyboards/board-file'
import { type EngineParts, engineRunDeps } from '../storyboards/deps'
import { exportFilm } from '../storyboards/film'
import { planStoryboard, runStoryboard } from '../storyboards/run'

/** The library's folder of storyboards (and their takes files): never listed as library items. */
export const STORYBOARDS_DIR = 'Storyboards'
const SUFFIX = '.storyboard.json'

/**
 * The Storyboard screen's procedures (issue 28) over boards in `<library>/Storyboards/`, named,
 * never by path: the name is checked by the contract and the file is built here.
 */
export function storyboardsHandlers(parts: EngineParts & { settings: SettingsService }): Handlers<typeof storyboardsProcedures> {
  const dir = () => path.join(parts.library.folder, STORYBOARDS_DIR)
  const fileOf = (name: string) => path.join(dir(), `${name}${SUFFIX}`)
  const deps = () => engineRunDeps(parts)

  async function view(name: string): Promise<StoryboardView> {
    const { board, takes, drafts, states } = await planStoryboard(deps(), fileOf(name))
    // As written: paths relative to the folder again.
    const relative = (p: string | undefined) => (p === undefined ? undefined : path.relative(dir(), p))
    const written: Storyboard = {
      title: board.title,
      ...(board.resolution && { resolution: board.resolution }),
      shots: board.shots.map((shot) => ({
        ...shot,
        ...(shot.image && { image: relative(shot.image) }),
        ...(shot.first && { first: relative(shot.first) }),
        ...(shot.last && { last: relative(shot.last) }),
        ...(shot.refs && { refs: shot.refs.map((r) => relative(r)!) }),
      })),
    }
    const toMake = drafts.filter((_, i) => states[i] !== 'made').map((draft) => lineFor(parts.catalog.model(draft.modelId), draft))
    return {
      name,
      board: written,
      shots: states.map((state, index) => ({ index, state, takes: takes.shots[index]?.takes ?? [], picked: takes.shots[index]?.picked ?? null })),
      estimate: estimate(toMake, { free: parts.settings.activeConnection()?.sandbox === true }),
    }
  }

  return {
    'storyboards.list': async () => {
      const names = await readdir(dir()).catch((error: unknown) => {
        if (isCode(error, 'ENOENT')) return [] as string[]
        throw new AppError('DISK', `Cannot read ${dir()}: ${(error as Error).message}`)
      })
      const boards = await Promise.all(
        names
          .filter((n) => n.endsWith(SUFFIX) && !n.startsWith('.'))
          .map(async (n) => {
            const name = n.slice(0, -SUFFIX.length)
            // A board that does not read is still the designer's: listed, so it can be opened and mended.
            const board = await readBoard(fileOf(name)).catch(() => undefined)
            return { name, title: board?.title ?? name, shots: board?.shots.length ?? 0 }
          }),
      )
      return boards.sort((a, b) => a.name.localeCompare(b.name))
    },
    'storyboards.get': ({ name }) => view(name),
    'storyboards.save': async ({ name, board }) => {
      await writeFileAtomic(fileOf(name), `${JSON.stringify(board, null, 2)}\n`)
      return view(name)
    },
    'storyboards.run': async ({ name, shot }) => ({ shots: (await runStoryboard(deps(), fileOf(name), { wait: true, ...(shot !== undefined && { remake: shot }) })).shots }),
    'storyboards.move': async ({ name, from, to }) => {
      const file = fileOf(name)
      const [written, takes] = await Promise.all([readFile(file, 'utf8').then((text) => Storyboard.parse(JSON.parse(text))), readTakes(file)])
      if (from >= written.shots.length || to >= written.shots.length) throw new AppError('INVALID_INPUT', `${name} has ${written.shots.length} shots.`, { details: { field: from >= written.shots.length ? 'from' : 'to' } })
      const move = <T>(list: T[]): T[] => {
        const next = [...list]
        const [moved] = next.splice(from, 1)
        next.splice(to, 0, moved as T)
        return next
      }
      const shots = move(written.shots).map((shot, i) => (i === 0 && shot.continues ? { ...shot, continues: false } : shot))
      const padded = [...takes.shots, ...Array<null>(Math.max(0, written.shots.length - takes.shots.length)).fill(null)]
      // Takes first: a crash between the two leaves takes that match no shot's settings, so stale, never a wrong pick.
      await writeTakes(file, { ...takes, shots: move(padded) })
      await writeFileAtomic(file, `${JSON.stringify({ ...written, shots }, null, 2)}\n`)
      return view(name)
    },
    'storyboards.pick': async ({ name, shot, itemId }) => {
      const takes = await readTakes(fileOf(name))
      const recorded = takes.shots[shot]
      if (!recorded?.takes.includes(itemId)) throw new AppError('NOT_FOUND', `Shot ${shot + 1} of ${name} has no take ${itemId}.`, { details: { shot: shot + 1, field: 'itemId' } })
      // The fingerprint stays the shot's: picking a take changes what follows it, not the shot.
      await writeTakes(fileOf(name), { ...takes, shots: takes.shots.map((s, i) => (i === shot && s ? { ...s, picked: itemId } : s)) })
      return view(name)
    },
    'storyboards.export': async ({ name }) => {
      const file = fileOf(name)
      const [board, takes] = await Promise.all([readBoard(file), readTakes(file)])
      const picked = await Promise.all(
        board.shots.map(async (_, i) => {
          const itemId = takes.shots[i]?.picked
          if (!itemId) throw new AppError('INVALID_INPUT', `Shot ${i + 1} of ${name} has no take yet: generate it first.`, { details: { shot: i + 1 } })
          const { file: clip, item } = await parts.library.videoFile(itemId)
          return { itemId, file: clip, name: item.fileName }
        }),
      )
      const staged = path.join(stagingDir(parts.library.folder), `storyboard-${randomBytes(6).toString('hex')}.mp4`)
      const joined = await exportFilm(board, picked, staged)
      const item = await parts.library.addVideo(staged, { folder: SEQUENCES_DIR, name: board.title || name })
      return { item, durationSec: joined.durationSec }
    },
  }
}
