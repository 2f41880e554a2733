import { randomBytes } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../core/files/atomic'

/** The file, in the data folder, that keeps web mode's token between runs. */
export const TOKEN_FILE = 'web-token'
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/

/**
 * Web mode's token, the same for every run on one data folder (issue 22 item 3), so a tab left
 * open across a restart reconnects by itself instead of holding a dead address.
 *
 * Why this is safe: the token keeps out web pages (with the Host and Origin checks) and other
 * users of this machine (with loopback). Neither can read a file that only its owner may read
 * (0600, in the owner's data folder), so a kept token stops them as a per-run one does. Whoever
 * can read it is the owner (or root), who can already read the journal, the library and the
 * settings beside it: the token gives them nothing new. What it costs: a token that leaks (a
 * pasted address) stays good until renewed, and only on this machine's loopback. `--new-token`
 * renews it; a file others may read, or that is not a token, is replaced by a new one.
 */
export async function keptToken(dataDir: string, options: { renew?: boolean } = {}): Promise<string> {
  const file = path.join(dataDir, TOKEN_FILE)
  if (!options.renew) {
    const kept = await readKept(file)
    if (kept) return kept
  }
  const token = randomBytes(24).toString('base64url')
  // Whole or not at all (a crash leaves the old token or the new one), this user only.
  await writeFileAtomic(file, token)
  return token
}

async function readKept(file: string): Promise<string | undefined> {
  const info = await stat(file).catch(() => undefined)
  if (!info?.isFile()) return undefined
  // Group or others may read it (POSIX; Windows has no such bits here): it is no secret any more.
  if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) return undefined
  const text = (await readFile(file, 'utf8').catch(() => '')).trim()
  return TOKEN_SHAPE.test(text) ? text : undefined
}
