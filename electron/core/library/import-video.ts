import { randomBytes } from 'node:crypto'
import { constants, copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { EmbeddedSettings } from '../../../shared/embedded'
import { AppError, problemError } from '../../../shared/errors'
import type { LibraryItem } from '../../../shared/library'
import { problem } from '../../../shared/rules/problems'
import { flawOf, verifyVideo } from '../downloads/verify'
import { syncDir, syncFile } from '../files/atomic'
import { checkDroppedFile, unreadableFile } from '../files/dropped'
import type { LibraryContext } from './context'
import { freeName, importResult, type ImportRequest, monthOf } from './importer'
import { stagingDir, toRel } from './naming'
import { entryFromVideo } from './scanner'
import { readSettings } from './settings'

/** How a video brought in by hand ended up: its settings rebuilt a sidecar, it was already here, or it was added as it is. */
export type BroughtOutcome = 'imported' | 'known' | 'added'
export interface Brought {
  item: LibraryItem
  outcome: BroughtOutcome
}

/** A dropped video: its bytes (web mode) or the path Electron gave for the drop (and the CLI's argument). */
export type VideoSource = { path: string } | { name: string; bytes: Uint8Array }

/** A copy of the source in staging (same disk as the library, so it is renamed into place). */
async function stageSource(ctx: LibraryContext, source: VideoSource, maxBytes: number): Promise<{ staged: string; name: string }> {
  const dir = stagingDir(ctx.root)
  await mkdir(dir, { recursive: true })
  const staged = path.join(dir, `import-${randomBytes(6).toString('hex')}.mp4`)
  if ('bytes' in source) {
    await writeFile(staged, source.bytes)
    return { staged, name: source.name }
  }
  await checkDroppedFile(source.path, { maxBytes })
  // A clone where the file system can (APFS, btrfs, XFS): instant at any size.
  await copyFile(source.path, staged, constants.COPYFILE_FICLONE).catch((error: unknown) => {
    throw unreadableFile(source.path, error)
  })
  return { staged, name: path.basename(source.path) }
}

/** What a sidecar rebuilt from a video's own settings records (the library measures the rest). */
function importFields(settings: EmbeddedSettings): Omit<ImportRequest, 'stagedFile'> {
  const { reelbox: _version, ...fields } = settings
  return fields
}

/**
 * Brings a video into the library by hand (issue 16 item 5: dropped on the Library, or `reelbox
 * library import FILE`). It must be a whole MP4/MOV, like every result. A video that carries
 * Reelbox settings becomes an item with its sidecar rebuilt from them, under its own id, so a copy
 * of an item already here is recognised; any other video is added as it is, like a video put into
 * the folder by hand. Nothing partial is ever shown: the copy is checked in staging first.
 */
export async function importVideo(ctx: LibraryContext, source: VideoSource, options: { maxBytes: number }): Promise<Brought> {
  const { staged, name } = await stageSource(ctx, source, options.maxBytes)
  try {
    await verifyVideo(staged).catch((error: unknown) => {
      const flaw = flawOf(error)
      throw problemError('INVALID_INPUT', problem('video.notWhole', flaw ? { name, why: flaw } : { name, why: 'unreadable', detail: AppError.from(error).message }))
    })
    const read = await readSettings(staged)
    if (read.found === 'unreadable') ctx.log.warn('library.unusableSettings', { file: name, reason: read.reason })
    if (read.found === 'settings') {
      const known = ctx.store.get(read.settings.id)
      if (known) return { item: known.item, outcome: 'known' }
      return { item: await importResult(ctx, { ...importFields(read.settings), stagedFile: staged }), outcome: 'imported' }
    }
    return { item: await addVideo(ctx, staged, { folder: monthOf(ctx.clock.now()), name }), outcome: 'added' }
  } finally {
    await rm(staged, { force: true })
  }
}

/** A file name the designer chose, kept as it reads, minus what no file system takes. */
function safeStem(name: string): string {
  const stem = path.basename(name).replace(/\.[^.]*$/, '')
  const cleaned = [...stem]
    .map((char) => (char.charCodeAt(0) < 0x20 || '<>:"/\\|?*'.includes(char) ? '-' : char))
    .join('')
    .replace(/-{2,}/g, '-')
    .replace(/^[.\s-]+|[.\s]+$/g, '')
  return cleaned.slice(0, 120) || 'video'
}

/**
 * Moves a checked video from staging into `<folder>/<name>.mp4` (another number when taken) and
 * indexes it as a video added by hand: what the file itself says, no sidecar until the designer
 * marks it. Used for imported videos without settings and for exported sequences.
 */
export async function addVideo(ctx: LibraryContext, staged: string, target: { folder: string; name: string }): Promise<LibraryItem> {
  await ctx.validated()
  return ctx.exclusive(async () => {
    const video = await freeName(path.join(ctx.root, target.folder, safeStem(target.name)), '.mp4')
    await mkdir(path.dirname(video), { recursive: true })
    await syncFile(staged)
    await rename(staged, video)
    await syncDir(path.dirname(video))
    const entry = await entryFromVideo(ctx.root, toRel(ctx.root, video))
    ctx.touch(entry.item.id)
    ctx.store.upsert(entry)
    ctx.emit({ kind: 'added', ids: [entry.item.id] })
    ctx.log.info('library.added', { file: entry.rel })
    return entry.item
  })
}
