import type { LibraryItem } from '@shared/library'

/**
 * A designer's change to an item's marks, as `library.update` takes it: tags as the ones added
 * and removed, never the whole list. The list a page shows can lag the folder (another machine
 * tagged the item a moment ago); a whole list would untag what the designer never saw.
 */
export interface MarkPatch {
  favourite?: boolean
  rating?: number
  addTags?: string[]
  removeTags?: string[]
}

/** The item as the change will leave it, shown until the engine answers with what the sidecar says. */
export function withMarks(item: LibraryItem, patch: MarkPatch): LibraryItem {
  const removed = new Set(patch.removeTags)
  const kept = item.tags.filter((tag) => !removed.has(tag))
  const tags = [...kept, ...(patch.addTags ?? []).filter((tag) => !kept.includes(tag))]
  return {
    ...item,
    ...(patch.favourite !== undefined && { favourite: patch.favourite }),
    ...(patch.rating !== undefined && { rating: patch.rating }),
    tags,
  }
}
