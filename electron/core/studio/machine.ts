import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { isCode } from '../files/atomic'

const ID = /^[a-z0-9]{8,32}$/

/**
 * This machine's id: the name of every file it alone writes in a shared library. Kept in the data
 * folder, never in the library, so two machines (two data folders) never share one, and a library
 * copied to a new machine is written there under a new name. Read once, when a library opens.
 */
export function machineIdOf(dataDir: string): string {
  const file = path.join(dataDir, 'machine-id')
  const held = readId(file)
  if (held) return held
  mkdirSync(dataDir, { recursive: true })
  try {
    // `wx`: of two processes starting at once, one writes and both then read its id.
    writeFileSync(file, `${randomBytes(8).toString('hex')}\n`, { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if (!isCode(error, 'EEXIST')) throw error
  }
  const id = readId(file)
  if (!id) throw new Error(`${file} does not hold a machine id; delete it and open the library again.`)
  return id
}

function readId(file: string): string | undefined {
  try {
    const text = readFileSync(file, 'utf8').trim()
    return ID.test(text) ? text : undefined
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined
    throw error
  }
}
