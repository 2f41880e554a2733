import type { Recalled } from '../../../shared/contract/library-clips'
import { imagesOf } from './actions'
import type { LibraryContext } from './context'
import { parseSettings } from './settings'

/**
 * A dropped video's settings back as a draft (issue 16 item 5), with the usual partial recall:
 * every setting, and the images the input store on this computer still has (the others are
 * named as missing). Works offline. Settings that are not Reelbox's are `unreadable`, with why.
 */
export async function recallSettings(ctx: LibraryContext, text: string): Promise<Recalled> {
  const read = parseSettings(text)
  if (read.found === 'none') return { found: 'unreadable', reason: 'no settings' }
  if (read.found === 'unreadable') return read
  const { settings } = read
  const known = ctx.store.get(settings.id)
  return { found: 'settings', draft: settings.draft, ...(await imagesOf(ctx, settings.draft)), ...(known ? { itemId: known.item.id } : {}) }
}
