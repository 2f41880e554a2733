import path from 'node:path'
import { AppError } from '../../../shared/errors'
import type { Core } from '../../core'
import { engineRunDeps } from '../../core/storyboards/deps'
import { loadBoard } from '../../core/storyboards/shared-board'
import { exportFilm, pickedTakes } from '../../core/storyboards/film'
import { runStoryboard, type RunDeps, type ShotOutcome } from '../../core/storyboards/run'
import { parse } from '../args'
import { openEngine } from '../engine'
import { EXIT } from '../exit-codes'
import { describe, describeProblem } from '../messages'
import { json, note, out } from '../output'
import { storyboardHelp } from '../usage'
import { renameCommand, resolutionCommand, setCommand } from './storyboard-edit'
import { showCommand } from './storyboard-show'
import { jobState } from './wait'
import { say } from '../words'

const options = {
  wait: { type: 'boolean' },
  out: { type: 'string' },
  verbose: { type: 'boolean' },
  shot: { type: 'string' },
  prompt: { type: 'string' },
  duration: { type: 'string' },
  resolution: { type: 'string' },
  seed: { type: 'string' },
} as const

/** Each verb's own flags (besides the global ones): one given to another verb is refused, naming it. */
const flagsOf: Record<string, ReadonlyArray<keyof typeof options>> = {
  run: ['wait', 'out', 'verbose'],
  set: ['shot', 'prompt', 'duration', 'resolution', 'seed'],
  show: [],
  rename: [],
  resolution: [],
}

/** The engine as a storyboard run uses it, narrating each job's changes unless `--json`. */
function runDeps(core: Core, narrate: boolean): RunDeps {
  const said = new Map<string, string>()
  return engineRunDeps(core, (job, done) => {
    const line = jobState(job)
    if (narrate && !done && said.get(job.id) !== line) note(`${job.id}: ${line}`)
    said.set(job.id, line)
  })
}

/**
 * `reelbox storyboard run FILE [--wait] [--out FILM.mp4] [--json]` (issue 28 item 5). Opened to
 * resume, like `reelbox resume`: a run killed midway left its shots' jobs in the journal, and this
 * run carries them on rather than sending them again.
 */
export async function storyboard(args: string[]): Promise<number> {
  const { values, positionals, globals, help } = parse(args, options)
  if (help) return out(storyboardHelp), EXIT.ok
  const [verb, file, ...rest] = positionals
  const own = verb === undefined ? undefined : flagsOf[verb]
  if (!own) throw new AppError('INVALID_INPUT', `${say('cli.storyboard.unknownAction', { verb: verb ?? '' })}\n${storyboardHelp}`)
  const foreign = (Object.keys(options) as Array<keyof typeof options>).find((flag) => values[flag] !== undefined && !own.includes(flag))
  if (foreign) throw new AppError('INVALID_INPUT', say('cli.storyboard.notAnOption', { flag: foreign, verb: verb! }))
  if (verb === 'rename') return renameCommand(positionals.slice(1), globals)
  if (verb === 'resolution') return resolutionCommand(positionals.slice(1), globals)
  if (verb === 'set') return setCommand(positionals.slice(1), values, globals)
  if (verb === 'show') return showCommand(positionals.slice(1), globals)
  if (!file) throw new AppError('INVALID_INPUT', say('cli.storyboard.needsFile'))
  if (rest.length) throw new AppError('INVALID_INPUT', say('cli.storyboard.oneFile', { extra: rest[0]! }))
  const board = path.resolve(file)
  const to = values.out === undefined ? undefined : path.resolve(values.out)
  const core = await openEngine(globals, { resume: true, verbose: values.verbose === true })
  try {
    await core.library.validated()
    const { board: read, shots } = await runStoryboard(runDeps(core, !globals.json), board, { wait: values.wait === true || to !== undefined })
    const folder = core.library.folder
    const paths = await Promise.all(shots.map((shot) => (shot.itemId ? core.library.videoFile(shot.itemId).then((v) => v.file, () => null) : null)))
    let film: string | null = null
    const missing = shots.filter((shot) => shot.problem || !shot.itemId)
    if (to && missing.length === 0) {
      const { takes } = await loadBoard(core.library.studio, core.library.folder, board)
      const picked = await pickedTakes(core, read, takes, path.basename(board))
      try {
        await exportFilm(read, picked, to)
      } catch (error) {
        const found = AppError.from(error)
        if (found.problem?.code !== 'sequence.clipDiffers') throw error
        // Worded here with the way out, so the line printed is this message, not the problem alone.
        throw new AppError(found.code, say('cli.storyboard.oneSize', { problem: describe(found) }))
      }
      film = to
    }
    if (globals.json) json({ shots: shots.map((shot, i) => ({ index: shot.index, itemId: shot.itemId, path: paths[i], made: shot.made, ...(shot.problem && { problem: describeProblem(shot.problem) }) })), out: film })
    else {
      for (const [i, shot] of shots.entries()) out(line(shot, paths[i] ?? null))
      if (film) out(film)
      note(say('cli.storyboard.made', { made: shots.filter((s) => s.made).length, count: shots.length, folder }))
    }
    return missing.length ? EXIT.failed : EXIT.ok
  } finally {
    await core.dispose()
  }
}

function line(shot: ShotOutcome, file: string | null): string {
  if (shot.problem) return say('cli.storyboard.notMade', { index: shot.index + 1, why: describeProblem(shot.problem) })
  return say(shot.made ? 'cli.storyboard.madeNow' : 'cli.storyboard.shot', { index: shot.index + 1, file: file ?? shot.itemId ?? '' })
}

