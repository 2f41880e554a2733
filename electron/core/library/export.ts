import { copyFile, lstat, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { AppError } from '../../../shared/errors'
import { numberedName } from '../../../shared/media'
import { isCode, syncDir } from '../files/atomic'
import { entryOf } from './actions'
import type { LibraryContext } from './context'
import { containedRealpath } from './media'
import { fromRel } from './naming'

/**
 * Save as… and export to a folder (issue 15 item 2), through the shell's dialogs: one item asks
 * where to save it (the OS dialog asks before replacing a file), several ask for a folder and
 * land there under their own names, numbered rather than written over a file already there.
 * Each copy goes to a hidden part file first and takes its name only once whole, so a full disk
 * or a quit midway leaves no half video that looks like a whole one.
 */
export async function exportItems(ctx: LibraryContext, ids: readonly string[], title?: string): Promise<{ saved: number; location?: string }> {
  const sources = await Promise.all(ids.map((id) => sourceOf(ctx, id)))
  const shell = ctx.shell
  if (sources.length === 1) {
    const choose = shell?.chooseSaveFile?.bind(shell)
    if (!choose) throw cannot()
    const [source] = sources as [Source]
    const target = await choose({ title, defaultPath: source.name })
    if (!target) return { saved: 0 }
    await copyWhole(source.file, target)
    ctx.log.info('library.saved', { file: source.name, target })
    return { saved: 1, location: target }
  }
  const choose = shell?.chooseFolder?.bind(shell)
  if (!choose) throw cannot()
  const folder = await choose({ title })
  if (!folder) return { saved: 0 }
  for (const source of sources) await copyWhole(source.file, await freeName(folder, source.name))
  ctx.log.info('library.exported', { count: sources.length, folder })
  return { saved: sources.length, location: folder }
}

interface Source {
  file: string
  name: string
}

/** The video's real path, still inside the library folder (the same check as the media responder). */
async function sourceOf(ctx: LibraryContext, id: string): Promise<Source> {
  const entry = await entryOf(ctx, id)
  const file = await containedRealpath(ctx.root, fromRel(ctx.root, entry.rel))
  if (!file) throw new AppError('NOT_FOUND', `${entry.item.fileName} is no longer in the library folder.`, { details: { file: entry.item.fileName } })
  return { file, name: entry.item.fileName }
}

const cannot = (): AppError => new AppError('INVALID_INPUT', 'This window cannot save files through a dialog; download the video instead.')

async function freeName(folder: string, name: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = path.join(folder, numberedName(name, n))
    const taken = await lstat(candidate).then(
      () => true,
      (error: unknown) => !isCode(error, 'ENOENT'),
    )
    if (!taken) return candidate
  }
}

async function copyWhole(from: string, to: string): Promise<void> {
  const part = path.join(path.dirname(to), `.${path.basename(to)}.part`)
  try {
    await copyFile(from, part)
    await rename(part, to)
    await syncDir(path.dirname(to))
  } catch (error) {
    await rm(part, { force: true })
    throw new AppError('DISK', `Cannot save ${path.basename(to)} in ${path.dirname(to)}: ${(error as Error).message}`, { details: { file: to } })
  }
}
