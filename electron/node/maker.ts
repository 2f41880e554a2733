import os from 'node:os'
import type { MadeBy } from '../../shared/library'

/**
 * Who is making results here (issue 27 `madeBy`): the OS user and the machine's host name, read
 * by the shell and passed to the engine as a port (the engine never reads the OS itself).
 * `os.userInfo` throws where the user has no passwd entry (some containers): then the
 * environment's USER / USERNAME, else nothing rather than a guess.
 */
export function makerOf(env: NodeJS.ProcessEnv): MadeBy {
  let user = ''
  try {
    user = os.userInfo().username
  } catch {
    user = env['USER'] ?? env['USERNAME'] ?? ''
  }
  return { user, machine: os.hostname() }
}
