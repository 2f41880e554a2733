import { createHash } from 'node:crypto'
import path from 'node:path'
import { localMinute } from '../../../shared/format'

/**
 * How things are named on disk. The library is the designer's folder, so names must read well in
 * a file manager (date first so they sort by time), survive every filesystem the app runs on,
 * and be deterministic: the same result always gets the same name, which is what makes a
 * re-import after a crash land on the same files instead of a second copy.
 */

/** Reelbox's own corner of the library: staging for downloads, the fallback trash. Never scanned. */
export const RESERVED_DIR = '.reelbox'

/** Where the downloader writes `.part` files and verified results before `importResult`. */
export function stagingDir(library: string): string {
  return path.join(library, RESERVED_DIR, 'staging')
}

/** Where sync engines' conflict copies go once merged (sync-copies.ts): kept, never listed. */
export function conflictsDir(library: string): string {
  return path.join(library, RESERVED_DIR, 'conflicts')
}

/** Where deleted items go when the shell has no OS trash (web mode, CLI). */
export function libraryTrashDir(library: string): string {
  return path.join(library, RESERVED_DIR, 'trash')
}

export const videoExtensions: ReadonlySet<string> = new Set(['.mp4', '.m4v', '.mov', '.webm'])
export const posterExtensions = ['.jpg', '.png', '.webp'] as const

export function isVideoName(name: string): boolean {
  return videoExtensions.has(path.extname(name).toLowerCase())
}

/** `a/b/clip.mp4` → `a/b/clip` (the stem its sidecar and poster share). */
export function stemOf(file: string): string {
  return file.slice(0, file.length - path.extname(file).length)
}

export const sidecarOf = (video: string): string => `${stemOf(video)}.json`
/** The poster beside a video (`stem` without its extension), of the files in its folder. */
export const posterBeside = (stem: string, present: ReadonlySet<string>): string | undefined => posterExtensions.map((ext) => `${stem}${ext}`).find((p) => present.has(p))
export const posterOf = (video: string): string => `${stemOf(video)}.jpg`

const MAX_SLUG_BYTES = 48
// Latin letters with accents fold to plain ASCII ("café" → "cafe"); other marks (Japanese
// dakuten, Devanagari vowel signs) are part of their letter and stay.
const LATIN_WITH_MARKS = /(\p{Script=Latin})\p{M}+/gu
// Letters and digits of any script survive; everything else (spaces, punctuation, emoji and the
// characters Windows or macOS reserve: <>:"/\|?* and control codes) becomes a single hyphen.
const NOT_WORD = /[^\p{L}\p{N}]+/gu

/**
 * A short, safe slug of the prompt. ASCII for Latin-script prompts; a CJK prompt keeps its first
 * characters (a Chinese designer reads "一只猫在雨中" in their file manager, not "untitled"), which
 * every filesystem Reelbox supports (NTFS, APFS, ext4) stores as is. Capped in UTF-8 bytes so the
 * whole name stays far under the 255-byte limit.
 */
export function slugify(prompt: string | undefined): string {
  const text = (prompt ?? '').normalize('NFKD').replace(LATIN_WITH_MARKS, '$1').normalize('NFC').toLowerCase()
  const words = text.split(NOT_WORD).filter(Boolean)
  let slug = ''
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word
    if (Buffer.byteLength(next) <= MAX_SLUG_BYTES) {
      slug = next
      continue
    }
    if (!slug) {
      // One very long word (or an unspaced CJK sentence): cut it by whole code points.
      for (const char of word) {
        if (Buffer.byteLength(slug + char) > MAX_SLUG_BYTES) break
        slug += char
      }
    }
    break
  }
  return slug || 'untitled'
}

/** 8 hex digits of the item id's hash: unique enough beside date, prompt and model. */
export function shortId(id: string): string {
  return createHash('sha256').update(id).digest('hex').slice(0, 8)
}

/** `YYYY-MM-DD_HHMM_<prompt-slug>_<model>_<shortid>` (no extension). */
export function baseNameOf(item: { id: string; prompt?: string; modelId: string; finishedAt: number }): string {
  return `${localMinute(item.finishedAt)}_${slugify(item.prompt)}_${slugify(item.modelId)}_${shortId(item.id)}`
}

/** Library-relative paths are stored with `/` on every platform, so an index moves with the folder. */
export function toRel(library: string, file: string): string {
  return path.relative(library, file).split(path.sep).join('/')
}

export function fromRel(library: string, rel: string): string {
  return path.join(library, ...rel.split('/'))
}
