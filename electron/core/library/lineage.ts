import type { LibraryItem } from '../../../shared/library'
import { entryOf } from './actions'
import type { LibraryContext } from './context'

/** The most clips a chain follows: far beyond any real one, and a guard against a loop a hand edit made. */
const MAX_CHAIN = 500

/**
 * What an item continues and what continues it (issue 16 item 2): `before` from its sidecar's
 * lineage, `after` from the index (oldest first; a clip continued twice has two). An item whose
 * `before` was deleted simply has none.
 */
export async function lineageOf(ctx: LibraryContext, id: string): Promise<{ before?: LibraryItem; after: LibraryItem[] }> {
  const { item } = await entryOf(ctx, id)
  const before = item.continues ? ctx.store.get(item.continues)?.item : undefined
  const after = ctx.store.continuing(id).flatMap((next) => ctx.store.get(next)?.item ?? [])
  return { ...(before ? { before } : {}), after }
}

/**
 * The chain an item belongs to, in playing order: back to the clip it all started from, then on
 * from this item along the newest continuation of each clip (the latest take).
 */
export async function chainOf(ctx: LibraryContext, id: string): Promise<LibraryItem[]> {
  const { item } = await entryOf(ctx, id)
  const seen = new Set([item.id])
  const earlier: LibraryItem[] = []
  for (let at = item; at.continues && seen.size < MAX_CHAIN; ) {
    const previous = ctx.store.get(at.continues)?.item
    if (!previous || seen.has(previous.id)) break
    seen.add(previous.id)
    earlier.unshift(previous)
    at = previous
  }
  const later: LibraryItem[] = []
  for (let at = item; seen.size < MAX_CHAIN; ) {
    const next = ctx.store.continuing(at.id).reverse().map((n) => ctx.store.get(n)?.item).find((n) => n && !seen.has(n.id))
    if (!next) break
    seen.add(next.id)
    later.push(next)
    at = next
  }
  return [...earlier, item, ...later]
}
