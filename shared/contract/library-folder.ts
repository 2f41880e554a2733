import { z } from 'zod'
import { LogNote } from './app'
import { procedure } from './define'

/**
 * The library folder itself: choosing one (a native dialog where the shell has one) and moving
 * the whole library to another folder. Moving can take minutes across disks, so `library.move`
 * answers once the move has started and reports through `library.moveProgress`.
 */

// The same rule as settings.libraryDir (shared/settings.ts): an absolute folder on any OS.
const AbsoluteDir = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(4096)
  .regex(/^(\/|[A-Za-z]:[\\/]|\\\\)/, 'must be an absolute folder path')

export const MoveProgress = z.object({
  from: z.string(),
  to: z.string(),
  /** copying → switching → cleaning → done; failed leaves the library where it was. */
  phase: z.enum(['copying', 'switching', 'cleaning', 'done', 'failed']),
  /** Files placed (copying) or removed (cleaning) so far, of `total`. */
  done: z.number().int(),
  total: z.number().int(),
  items: z.number().int(),
  /** Why it failed, or what it left behind: a line of the engine's log (its code under `log.` in shared/locales, its parameters), worded by the page. */
  note: LogNote.optional(),
})
export type MoveProgress = z.infer<typeof MoveProgress>

export const libraryFolderProcedures = {
  /** A native folder dialog (Electron); web mode and the CLI answer `supported: false`. */
  'app.chooseFolder': procedure(
    z.strictObject({ title: z.string().max(200).optional(), defaultPath: z.string().max(4096).optional() }).optional(),
    z.object({ supported: z.boolean(), path: z.string().nullable() }),
  ),
  /** Starts moving every item (video, sidecar, poster, subfolders kept) to an empty or new folder. */
  'library.move': procedure(z.strictObject({ to: AbsoluteDir }), MoveProgress),
  /** The move in progress or the last one of this run (null when none). */
  'library.moveStatus': procedure(z.void(), MoveProgress.nullable()),
}

export const libraryFolderEvents = {
  'library.moveProgress': MoveProgress,
}
