import type { LibraryContext } from './context'
import { entryOf } from './actions'
import { fromRel } from './naming'

/**
 * Drags the video out of the window to another app (Electron `webContents.startDrag`, through
 * the shell port): the OS gets the real file, with the poster as the drag image when there is one.
 */
export async function startDrag(ctx: LibraryContext, id: string): Promise<{ done: boolean; message?: string }> {
  const entry = await entryOf(ctx, id)
  const drag = ctx.shell?.startDrag?.bind(ctx.shell)
  if (!drag) return { done: false, message: `This window cannot drag files to other apps; the video is ${entry.rel} in the library folder ${ctx.root}.` }
  try {
    await drag(fromRel(ctx.root, entry.rel), entry.poster ? fromRel(ctx.root, entry.poster) : undefined)
    return { done: true }
  } catch (error) {
    return { done: false, message: (error as Error).message }
  }
}
