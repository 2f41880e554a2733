import { access, mkdir, readFile, rename } from 'node:fs/promises'
import path from 'node:path'
import { isCode, syncDir } from '../files/atomic'
import type { Logger } from '../logger'
import { mergeMarks } from './marks'
import { conflictsDir, fromRel } from './naming'
import { parseSidecar, readSidecar, writeSidecar } from './sidecar'
import { conflictOriginal } from './sync-names'

/**
 * What becomes of a sync engine's conflict copy (sync-names.ts) found beside an item (issue 27
 * item 3). A copy of a sidecar holds marks the other machine wrote into it (a build from before
 * the change logs, or two machines taking one old sidecar at once): they are merged into the
 * sidecar by its stamps (marks.ts), a merge whose result holds both. Then every copy,
 * of a sidecar, a video or a poster, moves into `.reelbox/conflicts/`, in the folder it was in:
 * out of the listing, never deleted, there for the designer who wants to look.
 *
 * The scan only reads; this runs in the engine's check of the folder (open.ts `validate`),
 * after the scan has named the copies and before the folders are compared again.
 */
export async function settleConflictCopies(root: string, copies: readonly string[], log: Logger): Promise<number> {
  let settled = 0
  for (const rel of copies) {
    const original = conflictOriginal(rel)
    if (original === undefined) continue
    try {
      if (original.toLowerCase().endsWith('.json')) await mergeInto(fromRel(root, original), fromRel(root, rel), log)
      await moveAside(root, rel)
      settled++
    } catch (error) {
      // Gone already (the other machine's engine moved it first, and the sync engine followed).
      if (isCode(error, 'ENOENT')) continue
      log.warn('library.conflictLeft', { file: rel, reason: (error as Error).message })
    }
  }
  return settled
}

/** Merges the marks of a sidecar's conflict copy into the sidecar, when both are readable sidecars of one item. */
async function mergeInto(sidecar: string, copy: string, log: Logger): Promise<void> {
  const theirs = parseSidecar(await readFile(copy, 'utf8'))
  let read: Awaited<ReturnType<typeof readSidecar>>
  try {
    read = await readSidecar(sidecar)
  } catch (error) {
    if (!isCode(error, 'ENOENT')) throw error
    log.warn('library.conflictOrphan', { copy: path.basename(copy), file: path.basename(sidecar) })
    return
  }
  const mine = read.parsed
  if (mine.kind === 'invalid' || theirs.kind === 'invalid' || mine.sidecar.id !== theirs.sidecar.id) {
    log.warn('library.conflictUnmergeable', { copy: path.basename(copy), file: path.basename(sidecar) })
    return
  }
  await writeSidecar(sidecar, { ...mine.sidecar, ...mergeMarks(mine.sidecar, theirs.sidecar) })
}

/** Into `.reelbox/conflicts/<its folder>/`, under a name not taken there. */
async function moveAside(root: string, rel: string): Promise<void> {
  const slash = rel.lastIndexOf('/')
  const folder = path.join(conflictsDir(root), ...(slash < 0 ? [] : rel.slice(0, slash).split('/')))
  await mkdir(folder, { recursive: true })
  const name = rel.slice(slash + 1)
  let target = path.join(folder, name)
  for (let n = 2; await exists(target); n++) target = path.join(folder, `${n}-${name}`)
  await rename(fromRel(root, rel), target)
  await syncDir(path.dirname(fromRel(root, rel)))
}

const exists = (file: string): Promise<boolean> => access(file).then(() => true, () => false)
