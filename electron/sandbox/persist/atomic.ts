import { randomBytes } from 'node:crypto'
import { open, rename, rm } from 'node:fs/promises'
import path from 'node:path'

/**
 * temp → write → fsync → rename → fsync(folder): after a crash the file holds its old content or
 * the new, never a mix. The same recipe as electron/core/files/atomic.ts, kept here on purpose so
 * the Sandbox depends on shared/ only (ARCHITECTURE.md: sandbox → shared) and never on the client.
 */
export async function writeAtomic(file: string, data: string | Uint8Array, mode = 0o600): Promise<void> {
  const dir = path.dirname(file)
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  let renamed = false
  try {
    const handle = await open(temp, 'wx', mode)
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

/** A leftover of a write that a crash cut short: safe to delete when the Sandbox starts. */
export function isTempName(name: string): boolean {
  return /^\..+\.tmp$/.test(name) || name.endsWith('.part')
}

async function syncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return // folders cannot be opened there; the rename stands
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } catch (error) {
    // Some file systems (network mounts, FUSE) refuse fsync on a folder; the rename stands.
    const code = (error as { code?: unknown }).code
    if (code !== 'EINVAL' && code !== 'ENOTSUP' && code !== 'EPERM') throw error
  } finally {
    await handle.close()
  }
}
