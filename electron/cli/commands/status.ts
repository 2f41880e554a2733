import { AppError } from '../../../shared/errors'
import { createServiceClient } from '../../core/service/client'
import { systemClock } from '../../core/ports'
import { parse } from '../args'
import { openEngine } from '../engine'
import { EXIT } from '../exit-codes'
import { json, out } from '../output'
import { say } from '../words'

/** `reelbox status TASK_ID`: one query (§4.2) through the active connection, nothing stored. */
export async function status(args: string[]): Promise<number> {
  const { positionals, globals, help } = parse(args, {})
  if (help || positionals.length !== 1) {
    out('reelbox status TASK_ID [--json]')
    return help ? EXIT.ok : EXIT.usage
  }
  const core = await openEngine(globals)
  try {
    const active = core.settings.activeConnection()
    if (!active) throw new AppError('UNAUTHORIZED', say('cli.flags.noService'))
    // The same address and key a job would use (the Sandbox's own, or the keychain's).
    const connection = await core.connections.connectionFor(active.id)
    const client = createServiceClient({ fetch, clock: systemClock, log: core.log.scope('service') })
    const state = await client.query(connection, positionals[0]!)
    if (globals.json) json(state)
    else {
      out(`${state.taskId}: ${state.status ?? say('cli.status.noStatus')} → ${state.outcome}${state.progress !== undefined ? ` ${Math.round(state.progress * 100)}%` : ''}`)
      if (state.reason) out(say('cli.status.reason', { reason: state.reason }))
      for (const url of state.urls) out(url)
    }
    return state.outcome === 'failure' ? EXIT.failed : EXIT.ok
  } finally {
    await core.dispose()
  }
}
