import { readFile, rename } from 'node:fs/promises'
import path from 'node:path'
import type { SandboxLogger } from '../options'
import { STATE_VERSION, StateFile, StoredTask } from './schema'

export const STATE_FILE = 'state.json'
/** Where an unreadable state file is set aside (one, the latest), for a person to look at. */
export const CORRUPT_FILE = 'state.json.corrupt'

export interface LoadedState {
  file: StateFile
  tasks: StoredTask[]
}

/**
 * Reads `<stateDir>/state.json`. None yet: undefined. Unreadable, not JSON, another version, or
 * not the shape: a warning, the file set aside as state.json.corrupt, and undefined (start fresh:
 * a broken demo state must never stop the app). Task records that do not match are dropped alone.
 */
export async function readState(stateDir: string, log: SandboxLogger): Promise<LoadedState | undefined> {
  const file = path.join(stateDir, STATE_FILE)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined
    log.warn('sandbox.stateUnreadable', { file, reason: (error as Error).message })
    return undefined
  }
  const problem = problemOf(text)
  if (typeof problem === 'string') {
    const aside = path.join(stateDir, CORRUPT_FILE)
    const kept = await rename(file, aside).then(
      () => true,
      () => false,
    )
    if (kept) log.warn('sandbox.stateNotUsableKept', { file, reason: problem, kept: aside })
    else log.warn('sandbox.stateNotUsable', { file, reason: problem })
    return undefined
  }
  const tasks: StoredTask[] = []
  let dropped = 0
  for (const record of problem.tasks) {
    const parsed = StoredTask.safeParse(record)
    if (parsed.success) tasks.push(parsed.data)
    else dropped += 1
  }
  if (dropped > 0) log.warn('sandbox.tasksDropped', { file, count: dropped })
  return { file: problem, tasks }
}

/** What is wrong with the text, or the parsed file when nothing is. */
function problemOf(text: string): string | StateFile {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return `not valid JSON: ${(error as Error).message}`
  }
  const version = typeof json === 'object' && json !== null ? (json as { version?: unknown }).version : undefined
  if (version !== STATE_VERSION) return `version ${JSON.stringify(version) ?? 'missing'}, this Sandbox reads version ${STATE_VERSION}`
  const parsed = StateFile.safeParse(json)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  return `${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'does not match'}`
}
