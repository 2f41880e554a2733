import path from 'node:path'
import { AppError } from '../../../shared/errors'
import type { ShotState } from '../../../shared/storyboard'
import { engineRunDeps } from '../../core/storyboards/deps'
import { BOARD_SUFFIX } from '../../core/storyboards/shared-board'
import { shotsMaking } from '../../core/storyboards/making'
import { planStoryboard } from '../../core/storyboards/run'
import type { GlobalFlags } from '../args'
import { openEngine } from '../engine'
import { EXIT } from '../exit-codes'
import { json, out, table } from '../output'
import { say } from '../words'
import { boardFile } from './storyboard-edit'

/** A shot's state as scripts read it: words of the command line, the same in every language. */
const STATES = { made: 'made', new: 'to-make', stale: 'stale', missing: 'missing-take' } as const satisfies Record<ShotState, string>
export type ShownState = (typeof STATES)[ShotState] | 'making'

/**
 * `reelbox storyboard show FILE [--json]`: the board as the engine reads it, each shot where it
 * stands. Its takes are looked up in the library (one deleted, here or on another machine, is a
 * missing take) and its jobs in this machine's journal (a shot whose take is being made). Reads
 * only: nothing is sent or written but the names of the takes seen (take-names.ts).
 */
export async function showCommand([file, ...rest]: string[], globals: GlobalFlags): Promise<number> {
  const board = boardFile(file, 'show')
  if (rest.length) throw new AppError('INVALID_INPUT', say('cli.storyboard.showNeeds'))
  const core = await openEngine(globals)
  try {
    const plan = await planStoryboard(engineRunDeps(core), board)
    const making = shotsMaking(plan.board, plan.drafts, plan.takes, core.jobs.list())
    const shots = plan.board.shots.map((shot, i) => ({
      n: i + 1,
      prompt: shot.prompt,
      mode: shot.mode,
      model: shot.model,
      take: plan.takes.shots[i]?.picked ?? null,
      state: (making[i] ? 'making' : STATES[plan.states[i]!]) as ShownState,
    }))
    if (globals.json) return json({ name: path.basename(board, BOARD_SUFFIX), shots }), EXIT.ok
    const columns = (['shot', 'state', 'model', 'mode', 'take', 'prompt'] as const).map((column) => say(`cli.storyboard.columns.${column}`))
    // A take by its file (a gone one as this machine last saw it), else its id.
    const take = (id: string | null) => (id === null ? '-' : (plan.found.get(id)?.name ?? id))
    out(table([columns, ...shots.map((s) => [String(s.n), say(`cli.storyboard.states.${s.state}`), s.model, s.mode, take(s.take), s.prompt.slice(0, 60)])]))
    return EXIT.ok
  } finally {
    await core.dispose()
  }
}
