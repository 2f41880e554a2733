import { z } from 'zod'
import { Draft, InputImage } from '../draft'
import { MAX_EMBEDDED_CHARS } from '../embedded'
import { LibraryItem } from '../library'
import { MAX_WEB_FILE_BYTES } from '../media'
import { procedure } from './define'

const ItemId = z.strictObject({ id: z.string().min(1).max(200) })

/** A video brought in by hand: `imported` (its settings rebuilt a sidecar), `known` (already here), `added` (a video as it is). */
export const Brought = z.object({ item: LibraryItem, outcome: z.enum(['imported', 'known', 'added']) })
export type Brought = z.infer<typeof Brought>

/** Settings read from a video, turned back into a draft with the images the input store still has. */
export const Recalled = z.discriminatedUnion('found', [
  z.object({
    found: z.literal('settings'),
    draft: Draft,
    images: z.array(InputImage),
    /** Hashes of images this computer's input store does not have. */
    missing: z.array(z.string()),
    /** The library item it was saved as, when this library has it. */
    itemId: z.string().optional(),
  }),
  z.object({ found: z.literal('unreadable'), reason: z.string() }),
])
export type Recalled = z.infer<typeof Recalled>

/**
 * A clip's lineage, and videos brought in by hand (issue 16 items 2 and 5). Paths and bytes follow
 * the house rule: bytes from web mode, the drop's own path from Electron (and the CLI).
 */
export const libraryClipsProcedures = {
  /** The clip it continues and the clips that continue it. */
  'library.lineage': procedure(ItemId, z.object({ before: LibraryItem.optional(), after: z.array(LibraryItem) })),
  /** The chain it belongs to, in playing order (back to the first clip, on along the newest takes). */
  'library.chain': procedure(ItemId, z.object({ items: z.array(LibraryItem) })),
  /**
   * A clip's last frame decoded by the engine (its own decoder, then the system's ffmpeg) and kept
   * in the input store: Continue's way when the page's WebCodecs cannot read the clip (HEVC …).
   */
  'library.lastFrame': procedure(ItemId, z.object({ image: InputImage, atSeconds: z.number() })),
  /** A dropped video's bytes (web mode; the WebSocket carries at most MAX_WEB_FILE_BYTES). */
  'library.import': procedure(
    z.strictObject({ name: z.string().min(1).max(255), bytes: z.instanceof(Uint8Array, { message: 'expected the video’s bytes' }).refine((b) => b.byteLength <= MAX_WEB_FILE_BYTES, 'too large to send from the browser') }),
    Brought,
  ),
  /** Electron: the path `webUtils.getPathForFile` gives for a dropped video. */
  'library.importPath': procedure(z.strictObject({ path: z.string().min(1).max(4096) }), Brought),
  /** The settings text a dropped video carries (the page reads it with mediabunny), as a draft. */
  'library.recall': procedure(z.strictObject({ settings: z.string().max(MAX_EMBEDDED_CHARS) }), Recalled),
}
