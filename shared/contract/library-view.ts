import { z } from 'zod'
import { LibraryQuery } from '../library'
import { procedure } from './define'
import { ShellOutcome } from './library'

/**
 * What the library grid needs beyond pages of items: how many items of a query fall on each
 * calendar day (so the day headers are rows of a virtualized grid before any page is loaded),
 * and dragging a video out to other apps.
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
}
