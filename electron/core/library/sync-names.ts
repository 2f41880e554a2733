import { isVideoName, posterExtensions } from './naming'

/**
 * The names sync engines give their own files in a shared library (issue 27 item 3), so that a
 * studio's Syncthing, Dropbox, Google Drive or Unison never makes Reelbox show a second item.
 * Plain string rules, shared by the scan and the folder check's thread.
 *
 * In flight: a file still arriving is a dot-file (`.syncthing.<name>.tmp`, Dropbox's `.~<name>`,
 * Unison's `.unison.<name>.<hash>.unison.tmp`, Drive's `.tmp.drivedownload/`), which no walk
 * lists, or carries a suffix of its own (`<name>.partial`, `<name>.crdownload`), which is no
 * video's extension. Conflict copies keep their extension, so they are told by name:
 *
 * - Syncthing: `<stem>.sync-conflict-YYYYMMDD-HHMMSS-XXXXXXX<.ext>`
 * - Dropbox:   `<stem> (<who>'s conflicted copy <date>)<.ext>`, possibly ` (1)` inside
 * - Unison:    `<stem> (conflict_on_YYYY-MM-DD)<.ext>` (its `-copyonconflict`)
 */
const CONFLICT_COPY: readonly RegExp[] = [
  /^(.+)\.sync-conflict-\d{8}-\d{6}-[0-9A-Z]{7}(\.[^./]+)?$/,
  /^(.+) \([^/]*conflicted copy[^/]*\)(\.[^./]+)?$/i,
  /^(.+) \(conflict_on_\d{4}-\d{2}-\d{2}[^/]*\)(\.[^./]+)?$/,
]

/** Every conflict copy's name holds this (any case): one test of each name before the three above. */
const CONFLICT_WORD = /conflict/i

/** The file a conflict copy is a copy of (`a/clip.sync-conflict-….json` → `a/clip.json`), or undefined for any other name. */
export function conflictOriginal(rel: string): string | undefined {
  const slash = rel.lastIndexOf('/')
  const name = rel.slice(slash + 1)
  // Checked for every file of every scan and folder check: nearly none is a conflict copy.
  if (!CONFLICT_WORD.test(name)) return undefined
  for (const pattern of CONFLICT_COPY) {
    const match = pattern.exec(name)
    if (match) return `${rel.slice(0, slash + 1)}${match[1]}${match[2] ?? ''}`
  }
  return undefined
}

/** A conflict copy of one of an item's files (its video, sidecar or poster): merged or moved aside, never an item. */
export function isItemConflictCopy(rel: string): boolean {
  const original = conflictOriginal(rel)
  if (original === undefined) return false
  const lower = original.toLowerCase()
  return isVideoName(original) || lower.endsWith('.json') || posterExtensions.some((ext) => lower.endsWith(ext))
}

/** A video the library lists: a video's name that is not a sync engine's conflict copy of one. */
export const isItemVideo = (rel: string): boolean => isVideoName(rel) && conflictOriginal(rel) === undefined
