import { mkdir, rename } from 'node:fs/promises'
import path from 'node:path'
import type { LibraryDetail } from '../../../shared/contract/library'
import type { Draft, ImageRef, InputImage } from '../../../shared/draft'
import { AppError } from '../../../shared/errors'
import type { AddedSidecar, LibraryItem, Sidecar } from '../../../shared/library'
import { isCode, SHARED_FILE_MODE, syncDir, writeFileAtomic } from '../files/atomic'
import type { LibraryContext } from './context'
import type { Entry } from './entry'
import { fromRel, libraryTrashDir, posterOf, sidecarOf, toRel } from './naming'
import { normalizePoster } from './posters'
import { readSidecar } from './sidecar'
import { sequenceOf } from './sequence-of'
import { recordMarks } from './item-marks'
import type { MarkEdit } from './marks'

export async function entryOf(ctx: LibraryContext, id: string): Promise<Entry> {
  await ctx.ready
  const entry = ctx.store.get(id)
  if (!entry) throw new AppError('NOT_FOUND', `No library item "${id}".`, { details: { fields: { id: ['no such item'] } } })
  return entry
}

/** The sidecar as the folder has it now (the designer may have edited it since the index). */
async function currentSidecar(ctx: LibraryContext, entry: Entry): Promise<{ kind: 'generated'; sidecar: Sidecar } | { kind: 'added'; sidecar: AddedSidecar } | undefined> {
  if (entry.sidecar === 'none') return undefined
  const file = sidecarOf(fromRel(ctx.root, entry.rel))
  if (entry.sidecar === 'invalid') throw unreadable(file, 'it is not a sidecar Reelbox can read')
  let read: Awaited<ReturnType<typeof readSidecar>>
  try {
    read = await readSidecar(file)
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined
    throw unreadable(file, (error as Error).message)
  }
  if (read.parsed.kind === 'invalid') throw unreadable(file, read.parsed.reason)
  return read.parsed
}

const unreadable = (file: string, why: string): AppError =>
  new AppError('DISK', `${path.basename(file)} cannot be used (${why}). Fix or move that file, then try again.`, { details: { file } })

export async function getDetail(ctx: LibraryContext, id: string): Promise<LibraryDetail> {
  const entry = await entryOf(ctx, id)
  const current = entry.sidecar === 'invalid' ? undefined : await currentSidecar(ctx, entry)
  const sidecar = current?.kind === 'generated' ? current.sidecar : undefined
  const inputs = await Promise.all(
    (sidecar?.inputs ?? []).map(async (input) => ({ ...input, available: input.hash ? (await ctx.inputs?.pathOf(input.hash).catch(() => undefined)) !== undefined : false })),
  )
  const sequence = entry.item.origin === 'sequence' ? await sequenceOf(ctx, fromRel(ctx.root, entry.rel)) : undefined
  return { item: entry.item, sidecar, inputs, ...(sequence && { sequence }) }
}

/** What `library.update` asks: the marks to set, the tags to add and to remove (never a whole list: see the contract). */
export interface ItemPatch extends MarkEdit {
  id: string
}

/** Records the marks set (see item-marks.ts): every machine's edits are kept. */
export async function updateItem(ctx: LibraryContext, patch: ItemPatch): Promise<LibraryItem> {
  const entry = await entryOf(ctx, patch.id)
  // The designer's own `.json` beside the video: marks it cannot show are not taken.
  if (entry.sidecar === 'invalid') throw unreadable(sidecarOf(fromRel(ctx.root, entry.rel)), 'it is not a sidecar Reelbox can read')
  return recordMarks(ctx, patch.id, patch)
}

function commit(ctx: LibraryContext, entry: Entry): void {
  ctx.touch(entry.item.id)
  ctx.store.upsert(entry)
  ctx.emit({ kind: 'updated', ids: [entry.item.id] })
}

/** The item's files, video first: a crash midway leaves at worst a sidecar without its video, which no scan shows. */
function filesOf(ctx: LibraryContext, entry: Entry): string[] {
  const video = fromRel(ctx.root, entry.rel)
  const files = [video]
  // A `.json` we cannot read as a sidecar is the designer's own file: it stays.
  if (entry.sidecar === 'ok') files.push(sidecarOf(video))
  if (entry.poster) files.push(fromRel(ctx.root, entry.poster))
  return files
}

export async function deleteItem(ctx: LibraryContext, id: string): Promise<{ id: string; trashed: 'os-trash' | 'library-trash'; location?: string }> {
  await entryOf(ctx, id)
  return ctx.exclusive(async () => {
    const entry = await entryOf(ctx, id)
    const files = filesOf(ctx, entry)
    let outcome: { id: string; trashed: 'os-trash' | 'library-trash'; location?: string }
    const trash = ctx.shell?.trash?.bind(ctx.shell)
    if (trash) {
      for (const file of files) await ignoreMissing(trash(file))
      outcome = { id, trashed: 'os-trash' }
    } else {
      const folder = path.join(libraryTrashDir(ctx.root), `${ctx.clock.now()}-${id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80)}`)
      await mkdir(folder, { recursive: true })
      for (const file of files) await ignoreMissing(rename(file, path.join(folder, path.basename(file))))
      await syncDir(path.dirname(files[0] as string))
      outcome = { id, trashed: 'library-trash', location: toRel(ctx.root, folder) }
    }
    ctx.touch(id)
    ctx.store.remove(id)
    ctx.emit({ kind: 'removed', ids: [id] })
    ctx.log.info('library.deleted', { file: entry.rel, how: outcome.trashed })
    return outcome
  })
}

async function ignoreMissing(work: Promise<void>): Promise<void> {
  try {
    await work
  } catch (error) {
    // Already gone (the designer deleted it by hand meanwhile): that is the goal anyway.
    if (!isCode(error, 'ENOENT')) throw new AppError('DISK', `Could not move to the trash: ${(error as Error).message}`)
  }
}

export async function shellAction(ctx: LibraryContext, id: string, action: 'openPath' | 'reveal'): Promise<{ done: boolean; message?: string }> {
  const entry = await entryOf(ctx, id)
  const run = ctx.shell?.[action]?.bind(ctx.shell)
  if (!run) {
    const verb = action === 'openPath' ? 'open videos in another app' : 'show files in the file manager'
    return { done: false, message: `This window cannot ${verb}; the video is ${entry.rel} in the library folder ${ctx.root}.` }
  }
  try {
    await run(fromRel(ctx.root, entry.rel))
    return { done: true }
  } catch (error) {
    return { done: false, message: (error as Error).message }
  }
}

function fileRefs(draft: Draft): Array<Extract<ImageRef, { kind: 'file' }>> {
  const refs = [draft.image, draft.first, draft.last, ...(draft.references ?? [])]
  return refs.filter((r): r is Extract<ImageRef, { kind: 'file' }> => r?.kind === 'file')
}

/** The draft and its images from the input store: the form refills with no network at all. */
export async function reuseItem(ctx: LibraryContext, id: string): Promise<{ draft: Draft; images: InputImage[]; missing: string[] }> {
  const entry = await entryOf(ctx, id)
  const current = await currentSidecar(ctx, entry)
  if (current?.kind !== 'generated') {
    throw new AppError('NOT_FOUND', `${entry.item.fileName} was added to the folder by hand; there are no settings to reuse.`)
  }
  return { draft: current.sidecar.draft, ...(await imagesOf(ctx, current.sidecar.draft)) }
}

/** A draft's local images as the input store has them now; the hashes it no longer has are `missing`. */
export async function imagesOf(ctx: LibraryContext, draft: Draft): Promise<{ images: InputImage[]; missing: string[] }> {
  const images: InputImage[] = []
  const missing: string[] = []
  const seen = new Set<string>()
  for (const ref of fileRefs(draft)) {
    if (seen.has(ref.hash)) continue
    seen.add(ref.hash)
    const info = await ctx.inputs?.get(ref.hash).catch(() => undefined)
    if (info) images.push({ ...info, name: ref.name || info.name })
    else missing.push(ref.hash)
  }
  return { images, missing }
}

export async function setPoster(ctx: LibraryContext, id: string, bytes: Uint8Array): Promise<LibraryItem> {
  const jpeg = await normalizePoster(bytes)
  await entryOf(ctx, id)
  return ctx.exclusive(async () => {
    const entry = await entryOf(ctx, id)
    const file = posterOf(fromRel(ctx.root, entry.rel))
    await writeFileAtomic(file, jpeg, { mode: SHARED_FILE_MODE })
    const item = { ...entry.item, hasPoster: true }
    commit(ctx, { ...entry, item, poster: toRel(ctx.root, file) })
    return item
  })
}
