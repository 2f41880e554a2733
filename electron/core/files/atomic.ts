import { randomBytes } from 'node:crypto'
import { mkdir, open, rename, rm } from 'node:fs/promises'
import path from 'node:path'

/**
 * The mode of a file meant for others to read: the library's sidecars, posters and sequences,
 * which a studio shares on a NAS or through a sync engine. As for any new file, the umask
 * applies (a designer whose umask is 077 keeps even these to themselves).
 */
export const SHARED_FILE_MODE = 0o644

export interface AtomicWriteOptions {
  /**
   * File mode (default 0o600: this user only). What Reelbox keeps in its data folder this way
   * (journal, settings, index, caches) can hold a prompt, a service's words or an address the
   * designer keeps to themselves; a library file, meant for others, passes SHARED_FILE_MODE.
   */
  readonly mode?: number
  /** Create the parent folder when missing (default true). */
  readonly mkdir?: boolean
}

/**
 * Writes `data` to `file` so that after a crash or power loss the file holds either its old
 * content or the new, never a mix or nothing: temp file in the same folder → write → fsync →
 * rename over the target → fsync the folder (so the rename itself is durable). The temp file is
 * removed when anything fails. Concurrent writers each use their own temp file; the last rename
 * wins whole.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const dir = path.dirname(file)
  if (options.mkdir !== false) await mkdir(dir, { recursive: true })
  // Same folder as the target: rename is only atomic within one file system.
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  let renamed = false
  try {
    const handle = await open(temp, 'wx', options.mode ?? 0o600)
    try {
      await handle.writeFile(data)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, file)
    renamed = true
    await syncDir(dir)
  } finally {
    if (!renamed) await rm(temp, { force: true }).catch(() => undefined)
  }
}

/** fsync a file written by other means (a download, a copy) before it is renamed into place. */
export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** fsync a folder so a rename in it survives power loss. Windows cannot open folders; skip there. */
export async function syncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } catch (error) {
    // Some file systems (network mounts, some FUSE) refuse fsync on folders; the rename stands.
    if (!isCode(error, 'EINVAL') && !isCode(error, 'ENOTSUP') && !isCode(error, 'EPERM')) throw error
  } finally {
    await handle.close()
  }
}

export function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code
}
