import { z } from 'zod'
import { LibraryQuery } from '../library'
import { MAX_EXPORT } from '../media'
import { procedure } from './define'
import { ShellOutcome } from './library'

/**
 * What the library grid needs beyond pages of items: how many items of a query fall on each
 * calendar day (so the day headers are rows of a virtualized grid before any page is loaded),
 * and taking videos out of the app: a drag to other apps, Save as… and export to a folder.
 */
export const LibraryDays = z.object({
  /** In the query's order; `day` is the local calendar date `YYYY-MM-DD` on the engine's clock. */
  days: z.array(z.object({ day: z.string(), count: z.number().int() })),
  total: z.number().int(),
})
export type LibraryDays = z.infer<typeof LibraryDays>

export const libraryViewProcedures = {
  /** Items per day for a query (its offset and limit are ignored). */
  'library.days': procedure(LibraryQuery, LibraryDays),
  /** Starts a native drag of the video file (Electron `webContents.startDrag`); web mode answers it cannot. */
  'library.startDrag': procedure(z.strictObject({ id: z.string().min(1).max(200) }), ShellOutcome),
  /**
   * Save as… (one item: a native save dialog) or export (several: a folder dialog, every video
   * copied in under its own name, never over a file already there). The app only; web mode
   * downloads through the browser (shared/media.ts `downloadUrl`). `saved` 0: the designer
   * cancelled the dialog. `title`: the dialog's, in the designer's language.
   */
  'library.export': procedure(
    z.strictObject({ ids: z.array(z.string().min(1).max(200)).min(1).max(MAX_EXPORT), title: z.string().max(200).optional() }),
    z.object({ saved: z.number().int(), location: z.string().optional() }),
  ),
}
