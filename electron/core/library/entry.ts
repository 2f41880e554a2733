import path from 'node:path'
import type { AddedSidecar, LibraryItem, Sidecar } from '../../../shared/library'
import type { VideoFacts } from './probe'

/**
 * One item as the engine keeps it: the tile the renderer sees, plus where its files are. This is
 * what the index cache stores, so opening a library needs no file but the index.
 */
export interface Entry {
  item: LibraryItem
  /** The video, relative to the library, `/`-separated. */
  rel: string
  /** The poster beside it, when there is one. */
  poster?: string
  /**
   * `ok`: a readable sidecar (generated or added); `none`: a video added by hand, no sidecar yet;
   * `invalid`: a `.json` beside it that is not a sidecar we can read (never overwritten).
   */
  sidecar: 'ok' | 'none' | 'invalid'
  /** The sidecar's `mtimeMs:size` when it was read: if the folder still says so, it is unchanged. */
  stamp?: string
}

/**
 * Where a file system keeps whole seconds (SFTP and HFS+ one, FAT and some exFAT two), a file
 * rewritten to the same size within that time keeps its stamp. A stamp read sooner than this
 * after its mtime (two seconds, and one for two machines' clocks to disagree) is not kept: the
 * next check reads the sidecar again, and keeps the stamp once the time has passed. Finer mtimes
 * (nanoseconds on ext4, APFS, NTFS, SMB) change with every write: their stamps are kept at once.
 */
export const COARSE_MTIME_TRUST_MS = 3_000

/**
 * The stamp a sidecar is remembered by and compared with (`mtimeMs:size`), or undefined where it
 * cannot be trusted yet (COARSE_MTIME_TRUST_MS): compared with a remembered one, never the same.
 * `now` is the wall clock (a file's mtime is), when the file was stat'ed.
 */
export function stampOf(info: { mtimeMs: number; size: number }, now = Date.now()): string | undefined {
  if (info.mtimeMs % 1000 === 0 && now - info.mtimeMs < COARSE_MTIME_TRUST_MS) return undefined
  return `${Math.trunc(info.mtimeMs)}:${info.size}`
}

/** What the index holds of a video's sidecar, as the scan and the folder check compare it. */
export interface Remembered {
  sidecar: Entry['sidecar']
  stamp?: string | null
}

/**
 * The folder-unchanged rule for one video's sidecar, for scanner.ts and the folder check's thread
 * alike: without a sidecar beside the video, unchanged when the index has none either; with one,
 * when the index read one there and the file still has that stamp. Answers that stamp when it is
 * the question (the caller stats the file: on the engine's thread without blocking, on the check's
 * thread synchronously), else whether the sidecar is unchanged.
 */
export function sidecarUnchangedIf(old: Remembered, hasSidecar: boolean): boolean | string {
  if (!hasSidecar) return old.sidecar === 'none'
  return old.sidecar !== 'none' && old.stamp ? old.stamp : false
}

function placeOf(rel: string): { fileName: string; folder: string } {
  const slash = rel.lastIndexOf('/')
  return { fileName: rel.slice(slash + 1), folder: slash < 0 ? '' : rel.slice(0, slash) }
}

export function itemFromSidecar(sidecar: Sidecar, rel: string, hasPoster: boolean): LibraryItem {
  return {
    id: sidecar.id,
    origin: 'generated',
    prompt: sidecar.prompt,
    modelId: sidecar.model.id,
    family: sidecar.model.family,
    version: sidecar.model.version,
    mode: sidecar.mode,
    finishedAt: sidecar.finishedAt,
    durationSec: sidecar.media.durationSec,
    width: sidecar.media.width,
    height: sidecar.media.height,
    favourite: sidecar.favourite,
    rating: sidecar.rating,
    tags: sidecar.tags,
    sandbox: sidecar.service.sandbox,
    hasPoster,
    ...placeOf(rel),
    ...(sidecar.continues ? { continues: sidecar.continues.itemId } : {}),
    ...(sidecar.madeBy ? { madeBy: sidecar.madeBy } : {}),
  }
}

export function itemFromAdded(sidecar: AddedSidecar, rel: string, hasPoster: boolean): LibraryItem {
  return {
    id: sidecar.id,
    origin: sidecar.sequence ? 'sequence' : 'added',
    prompt: '',
    modelId: '',
    family: '',
    version: '',
    finishedAt: sidecar.finishedAt,
    durationSec: sidecar.media.durationSec,
    width: sidecar.media.width,
    height: sidecar.media.height,
    favourite: sidecar.favourite,
    rating: sidecar.rating,
    tags: sidecar.tags,
    sandbox: false,
    hasPoster,
    ...placeOf(rel),
  }
}

/** A video without a sidecar: what the file itself says, under an id derived from where it is. */
export function addedSidecarFor(id: string, rel: string, facts: VideoFacts): AddedSidecar {
  return {
    schemaVersion: 1,
    id,
    origin: 'added',
    ...(facts.sequence && { sequence: true }),
    finishedAt: facts.mtimeMs,
    media: { file: path.posix.basename(rel), durationSec: facts.durationSec, width: facts.width, height: facts.height, codec: facts.codec, size: facts.size },
    favourite: false,
    rating: 0,
    tags: [],
  }
}
