import type { z } from 'zod'
import type { LibraryItem, LibraryQuery } from '../../../shared/library'

export type ParsedQuery = z.output<typeof LibraryQuery>

/** Full-width letters fold to ASCII and case folds, so "ＣＡＴ" finds "cat"; CJK is matched as is. */
export function searchable(text: string): string {
  return text.normalize('NFKC').toLowerCase()
}

export interface Matcher {
  /** The same filters give the same key (offset, limit and sort are not filters). */
  readonly key: string
  /** `lower(ref)` gives the prompt in search form; asked only once the cheap filters pass. */
  test<R>(item: LibraryItem, ref: R, lower: (ref: R) => string): boolean
}

/**
 * A query's filters as one predicate, or undefined when it has none. Search words must all
 * appear in the prompt (substring, so CJK without spaces works); models, families and modes
 * match any of those chosen; tags must all be present; filters combine with AND.
 */
export function matcherOf(q: ParsedQuery): Matcher | undefined {
  const words = q.search ? searchable(q.search).split(/\s+/u).filter(Boolean) : []
  const models = q.modelIds?.length ? new Set(q.modelIds) : undefined
  const families = q.families?.length ? new Set(q.families) : undefined
  const modes = q.modes?.length ? new Set<string>(q.modes) : undefined
  const tags = q.tags?.length ? q.tags : undefined
  const { from, to, favourite, minRating } = q
  const key = JSON.stringify([words, q.modelIds, q.families, q.modes, tags, from, to, favourite, minRating])
  if (!words.length && !models && !families && !modes && !tags && from === undefined && to === undefined && favourite === undefined && !minRating) {
    return undefined
  }
  return {
    key,
    test(item, ref, lower) {
      if (from !== undefined && item.finishedAt < from) return false
      if (to !== undefined && item.finishedAt >= to) return false
      if (favourite !== undefined && item.favourite !== favourite) return false
      if (minRating && item.rating < minRating) return false
      if (models && !models.has(item.modelId)) return false
      if (families && !families.has(item.family)) return false
      if (modes && (!item.mode || !modes.has(item.mode))) return false
      if (tags && !tags.every((t) => item.tags.includes(t))) return false
      if (!words.length) return true
      const prompt = lower(ref)
      for (const word of words) if (!prompt.includes(word)) return false
      return true
    },
  }
}
