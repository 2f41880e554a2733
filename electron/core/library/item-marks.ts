import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { LibraryItem } from '../../../shared/library'
import { isCode } from '../files/atomic'
import type { LibraryContext } from './context'
import { addedSidecarFor, type Entry, stampOf } from './entry'
import type { MarkEdit } from './marks'
import { fromRel, sidecarOf } from './naming'
import { probeVideo } from './probe'
import { readSidecar, writeSidecar } from './sidecar'
import { fieldsOfEdit, itemSubject, mergedMarks, sameMarks, stampsOfView } from './studio-marks'

/**
 * A designer's marks (favourite, rating, tags): recorded as the values set in this machine's
 * change log, merged with every other machine's, then shown. The sidecar beside the video shows
 * the merged marks for other tools, written by its one writer machine only.
 */
export async function recordMarks(ctx: LibraryContext, id: string, edit: MarkEdit): Promise<LibraryItem> {
  const fields = fieldsOfEdit(edit)
  if (Object.keys(fields).length) await ctx.studio.set(itemSubject(id), fields)
  const [item] = await showMarks(ctx, [id], { claim: true })
  return item!
}

/**
 * Shows the merged marks of these items: in the index and every open view, and in each sidecar
 * this machine writes. `claim`: a sidecar without a writer (from before, or none yet beside a
 * video added by hand) becomes this machine's, as the first to change a mark on it.
 */
export async function showMarks(ctx: LibraryContext, ids: readonly string[], { claim = false } = {}): Promise<LibraryItem[]> {
  return ctx.exclusive(async () => {
    const shown: LibraryItem[] = []
    const updated: string[] = []
    for (const id of ids) {
      const entry = ctx.store.get(id)
      if (!entry) continue
      const fields = ctx.studio.fieldsOf(itemSubject(id))
      const item = mergedMarks(entry.item, fields)
      const written = fields ? await writeView(ctx, { ...entry, item }, claim) : undefined
      const next = { ...entry, item, ...written }
      if (!sameMarks(item, entry.item) || written) {
        ctx.touch(id)
        ctx.store.upsert(next)
        if (!sameMarks(item, entry.item)) updated.push(id)
      }
      shown.push(item)
    }
    if (updated.length) ctx.emit({ kind: 'updated', ids: updated })
    return shown
  })
}

/**
 * Rewrites the item's sidecar with its merged marks when this machine is its writer and the file
 * says otherwise; the entry's new sidecar fields when it did. A sidecar that cannot be read is
 * the designer's file, never overwritten; a view that cannot be written costs nothing but the
 * view (the change logs hold the marks), so it is logged, not thrown.
 */
async function writeView(ctx: LibraryContext, entry: Entry, claim: boolean): Promise<Pick<Entry, 'sidecar' | 'stamp'> | undefined> {
  if (entry.sidecar === 'invalid') return undefined
  const video = fromRel(ctx.root, entry.rel)
  const file = sidecarOf(video)
  try {
    const read = await readSidecar(file).catch((error: unknown) => (isCode(error, 'ENOENT') ? undefined : Promise.reject(error)))
    if (read?.parsed.kind === 'invalid') return undefined
    const current = read?.parsed.sidecar ?? (claim ? addedSidecarFor(entry.item.id, entry.rel, { ...(await probeVideo(video)), mtimeMs: entry.item.finishedAt }) : undefined)
    if (!current) return undefined
    const writer = current.writer ?? (claim ? ctx.studio.machine : undefined)
    if (writer !== ctx.studio.machine) return undefined
    const { favourite, rating, tags } = entry.item
    const fields = ctx.studio.fieldsOf(itemSubject(entry.item.id))
    if (read && current.writer && sameMarks(current, entry.item)) return undefined
    await writeSidecar(file, { ...current, favourite, rating, tags, stamps: stampsOfView(current.stamps, fields ?? new Map()), writer })
    return { sidecar: 'ok', stamp: stampOf(await stat(file)) }
  } catch (error) {
    ctx.log.warn('studio.viewNotWritten', { file: path.basename(file), reason: (error as Error).message })
    return undefined
  }
}
