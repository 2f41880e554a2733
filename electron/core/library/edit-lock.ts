import path from 'node:path'
import { AppError } from '../../../shared/errors'
import type { Logger } from '../logger'

/**
 * A lock held this long without being refreshed belongs to a holder that died (SIGKILL, power
 * cut, a machine that left the network): the next editor takes it over. The holder refreshes it
 * every STALE_MS / 2 while it works, so a slow disk does not lose it.
 */
export const STALE_MS = 5_000

/** The lock beside a sidecar: a dot-folder (`mkdir` is atomic on local disks, SMB and NFS alike), which no scan lists. */
export const lockPathOf = (sidecar: string): string => path.join(path.dirname(sidecar), `.${path.basename(sidecar)}.lock`)

/**
 * Runs `work` holding the sidecar's edit lock, shared by every machine that opens the library:
 * the only lock that crosses machines (jobs, journal and index stay per machine). Waits out
 * another editor's few milliseconds, and a dead holder's lock until it goes stale.
 */
export async function withEditLock<T>(sidecar: string, log: Logger, work: () => Promise<T>): Promise<T> {
  let release: () => Promise<void>
  // Loaded at the first edit, not with the library: proper-lockfile and its graceful-fs are
  // CommonJS, and importing them would start Node's CommonJS export scanner on every command's
  // start (about 30 ms of CPU; `submit --wait` never edits a sidecar; issue 24).
  const { lock } = await import('proper-lockfile')
  try {
    release = await lock(sidecar, {
      realpath: false, // a video added by hand has no sidecar yet
      lockfilePath: lockPathOf(sidecar),
      stale: STALE_MS,
      retries: { retries: 60, factor: 1.3, minTimeout: 20, maxTimeout: 500 },
      // The default throws from a timer, which would end the engine: a lock lost mid-edit only
      // means the write that follows may race one other editor's, and the merge keeps both.
      onCompromised: (error) => log.warn('library.editLockLost', { file: path.basename(sidecar), reason: error.message }),
    })
  } catch (error) {
    throw new AppError('DISK', `${path.basename(sidecar)} is being edited elsewhere and its lock did not free up (${(error as Error).message}). Try again.`, {
      details: { file: sidecar },
    })
  }
  try {
    return await work()
  } finally {
    await release().catch((error: Error) => log.warn('library.editLockNotReleased', { file: path.basename(sidecar), reason: error.message }))
  }
}
