import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'

/**
 * Every file and folder under `dir` with what a write would change: its inode (an atomic rename
 * brings a new one), size and modification time (a folder's changes when an entry is added,
 * removed or renamed in it, so even a temp file written and deleted again shows). Two equal
 * snapshots mean nothing was written in between.
 */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  async function visit(full: string, name: string): Promise<void> {
    const info = await stat(full).catch(() => undefined)
    if (!info) return
    out[name] = `${info.isDirectory() ? 'dir' : 'file'} ino ${info.ino} size ${info.size} mtime ${info.mtimeMs}`
    if (info.isDirectory()) for (const entry of await readdir(full)) await visit(path.join(full, entry), path.join(name, entry))
  }
  await visit(dir, '.')
  return out
}
