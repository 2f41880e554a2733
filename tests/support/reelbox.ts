import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { spawnTsx, type TsxChild } from './child'

/**
 * `reelbox` as a script runs it: `node bin/reelbox.mjs …`, a real process on the bundle the
 * global setup keeps fresh. `env` adds to the test's environment (data folder, key). It speaks
 * English, as the tests read it, whatever the machine's locale, unless `env` gives one.
 */
const english = { LC_ALL: '', LC_MESSAGES: '', LANG: 'C.UTF-8' }
export interface ReelboxResult {
  code: number
  stdout: string
  stderr: string
}

const run = promisify(execFile)

/** How long one `reelbox` run may take before it counts as hung (a loaded CI box starts Node slowly). */
export const RUN_MS = 60_000
/** A test of `count` runs one after another: each may take its honest worst case. */
export const runsMs = (count: number): number => count * RUN_MS

export async function reelbox(args: readonly string[], env: Record<string, string>, timeout = RUN_MS): Promise<ReelboxResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/reelbox.mjs', ...args], { env: { ...process.env, ...english, ...env }, timeout })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

/** A `reelbox` that keeps running (sandbox, resume): its stdout lines are awaited like a TsxChild's. */
export function spawnReelbox(args: readonly string[], env: Record<string, string>): TsxChild {
  return spawnTsx('bin/reelbox.mjs', { args, env: { ...english, ...env }, execArgv: [] })
}
