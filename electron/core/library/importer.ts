import { rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { z } from 'zod'
import { AppError, fieldErrorsFromZod, invalidInput } from '../../../shared/errors'
import { localDay } from '../../../shared/format'
import { Sidecar, type LibraryItem } from '../../../shared/library'
import { isCode, SHARED_FILE_MODE, syncDir, writeFileAtomic } from '../files/atomic'
import type { LibraryContext } from './context'
import { type Entry, itemFromSidecar, stampOf } from './entry'
import { baseNameOf, isVideoName, posterOf, sidecarOf, stagingDir, toRel } from './naming'
import { normalizePoster } from './posters'
import { addSettingsInPlace, writeWithSettings, type Original } from './embed'
import { probeVideo } from './probe'
import { settingsOf } from './settings'
import { writeSidecar } from './sidecar'

/** Everything the sidecar records except what the library measures or owns. */
export type ImportFields = Omit<z.input<typeof Sidecar>, 'schemaVersion' | 'media'>

export interface ImportRequest extends ImportFields {
  /** `${jobId}-${index}`: deterministic, so importing the same result again is a no-op. */
  id: string
  /** The complete, verified download, inside `stagingDir(library)` (same disk, so a rename moves it). */
  stagedFile: string
  /** A poster the service gave (the profile's `posterPath`); JPEG, PNG or WebP. */
  poster?: Uint8Array
  /**
   * The staged file's size and SHA-256 as the download hashed them on the way: then its settings
   * go into it in place (embed.ts `addSettingsInPlace`), and its bytes are never read again.
   */
  original?: Original
  /**
   * No process can have imported this result before (a job made by this engine in this run):
   * the import needs the index open, not the whole folder checked first.
   */
  unseen?: boolean
}

// Never written to a sidecar whatever the caller passes (issue 4 item 4: "minus secrets").
const SECRET_KEY = /(^|_|-)(api[_-]?key|authorization|token|secret|password)$/i

export function withoutSecrets(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([key]) => !SECRET_KEY.test(key)))
}

/**
 * Moves a finished download into the library, exactly once. The order is what makes it
 * crash-safe (docs/LIBRARY.md):
 *   1. measure the staged file;  2. put its settings inside: in the staged file itself when the
 *   download hashed it (a crash after this finds a part longer than the result and fetches it
 *   again), else in a copy beside it, hashing the original on the way;  3. write the poster, then
 *   the sidecar (atomic each);  4. rename the result into place, fsync the folder, remove an original left in staging;
 *   5. index it, announce it.
 * A scan only shows a video, so a crash before 4 leaves nothing visible (a sidecar without its
 * video is ignored, and the staged original is still there for the retry, which rewrites the same
 * names); a crash after 4 leaves a complete item that the next scan indexes and that a retry
 * finds by id (removing an original a crash left in staging). The id is the caller's, so a second
 * call returns the first item.
 */
export async function importResult(ctx: LibraryContext, request: ImportRequest): Promise<LibraryItem> {
  // After a crash between 3 and 4 the item is only known once the folder has been checked; a
  // result nobody can have imported before waits only for the index (a check of a large
  // library takes seconds, and `reelbox submit --wait` would wait for it every time).
  await (request.unseen ? ctx.ready : ctx.validated())
  return ctx.exclusive(async () => {
    const staged = path.resolve(request.stagedFile)
    if (!staged.startsWith(stagingDir(ctx.root) + path.sep)) {
      throw invalidInput({ stagedFile: [`must be inside ${stagingDir(ctx.root)}, got ${staged}`] })
    }
    const existing = ctx.store.get(request.id)
    if (existing) {
      // Already imported (a retry, or a crash between the rename and removing the original).
      await rm(staged, { force: true })
      return existing.item
    }
    const facts = await probeVideo(staged).catch((error: unknown) => {
      if (isCode(error, 'ENOENT')) throw new AppError('NOT_FOUND', `The downloaded file ${staged} is missing.`, { details: { fields: { stagedFile: ['not found'] } } })
      throw new AppError('DISK', `Cannot read the downloaded file ${staged}: ${(error as Error).message}`)
    })
    await ctx.afterStep?.('measured', request.id)

    const ext = isVideoName(staged) ? path.extname(staged).toLowerCase() : '.mp4'
    const video = await freeName(path.join(ctx.root, monthOf(request.finishedAt), baseNameOf({ ...request, modelId: request.model.id })), ext)
    const { stagedFile: _s, poster, original: _o, ...fields } = request
    const parsed = Sidecar.safeParse({
      ...fields,
      // Lineage is what the draft continued (the designer's "Continue from last frame").
      continues: fields.continues ?? fields.draft.continues,
      // Made here, unless the caller knows better (a sidecar rebuilt from another's video).
      madeBy: fields.madeBy ?? ctx.madeBy?.(),
      writer: ctx.studio.machine,
      // A Sandbox clip is labelled as one even when it came through an ordinary connection.
      service: { ...fields.service, sandbox: fields.service.sandbox || facts.sandbox === true },
      schemaVersion: 1,
      params: withoutSecrets(fields.params),
      media: { file: path.basename(video), durationSec: facts.durationSec, width: facts.width, height: facts.height, codec: facts.codec, size: facts.size },
    })
    if (!parsed.success) throw invalidInput(fieldErrorsFromZod(parsed.error))
    const sidecar = parsed.data

    // The settings ride inside the video; the sidecar records the original they were added to.
    // Hashed on the way in: written into the staged file itself. Else (a resumed download, a
    // video from elsewhere) copied once with the settings, hashing the original on the way.
    const settings = JSON.stringify(settingsOf(sidecar))
    const inPlace = request.original !== undefined && request.original.size === facts.size
    const placed = inPlace ? staged : `${staged}.settings`
    const embedded = inPlace ? { ...(await addSettingsInPlace(staged, settings)), original: request.original! } : await writeWithSettings(staged, placed, settings)
    if (!embedded.written) ctx.log.warn('library.sidecarOnly', { file: path.basename(video), reason: embedded.reason })
    sidecar.media.size = (await stat(placed)).size
    sidecar.media.original = embedded.original
    await ctx.afterStep?.('embedded', request.id)

    let hasPoster = false
    if (poster) {
      try {
        await writeFileAtomic(posterOf(video), await normalizePoster(poster, 'poster'), { mode: SHARED_FILE_MODE })
        sidecar.media.poster = path.basename(posterOf(video))
        hasPoster = true
      } catch (error) {
        ctx.log.warn('library.posterNotKept', { id: request.id, reason: (error as Error).message })
      }
    }
    await ctx.afterStep?.('poster', request.id)
    await writeSidecar(sidecarOf(video), sidecar)
    await ctx.afterStep?.('sidecar', request.id)

    await rename(placed, video)
    await syncDir(path.dirname(video))
    await ctx.afterStep?.('video', request.id)
    await rm(staged, { force: true })

    const rel = toRel(ctx.root, video)
    const entry: Entry = {
      item: itemFromSidecar(sidecar, rel, hasPoster),
      rel,
      poster: hasPoster ? toRel(ctx.root, posterOf(video)) : undefined,
      sidecar: 'ok',
      stamp: stampOf(await stat(sidecarOf(video))),
    }
    ctx.touch(entry.item.id)
    ctx.store.upsert(entry)
    ctx.emit({ kind: 'added', ids: [entry.item.id] })
    await ctx.afterStep?.('indexed', request.id)
    ctx.log.info('library.added', { file: rel })
    return entry.item
  })
}

/** `2025-03`: one folder per month keeps folders browsable at 100,000 videos. */
export const monthOf = (time: number): string => localDay(time).slice(0, 7)

/**
 * The deterministic name, or `_2`, `_3`… when another item already has it (only possible for a
 * different id: ours would have been found in the index). A retry after a crash before the
 * rename finds the same free name, so it overwrites its own sidecar and poster, nothing else.
 */
export async function freeName(stem: string, ext: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = `${stem}${n === 1 ? '' : `_${n}`}${ext}`
    try {
      await stat(candidate)
    } catch (error) {
      if (isCode(error, 'ENOENT')) return candidate
      throw error
    }
  }
}
