import type { LibraryFacets } from '../../../shared/contract/library'
import type { LibraryItem } from '../../../shared/library'
import type { Entry } from './entry'
import { matcherOf, type Matcher, type ParsedQuery, searchable } from './query'

// The prompt in search form, kept on the entry under a symbol: computed on the first search,
// never written to the index (JSON.stringify skips symbol keys), gone when the entry is replaced.
const LOWER = Symbol('searchablePrompt')
type Searchable = Entry & { [LOWER]?: string }

function lowerOf(entry: Searchable): string {
  return (entry[LOWER] ??= searchable(entry.item.prompt))
}

/** Newest first; equal times by id, so every order is total and stable. */
function before(a: LibraryItem, b: LibraryItem): boolean {
  return a.finishedAt !== b.finishedAt ? a.finishedAt > b.finishedAt : a.id < b.id
}

/**
 * Every item in memory, sorted by `finishedAt` (newest first), with lookups by id. Paging a
 * query is a slice of a cached match list: a virtualized grid scrolling through 100,000 items
 * asks for page after page of the same query and only the first costs a scan.
 */
export class ItemStore {
  private sorted: Entry[] = []
  private readonly byId = new Map<string, Entry>()
  private readonly cache = new Map<string, Entry[]>()
  private facetCache: LibraryFacets | undefined

  get size(): number {
    return this.sorted.length
  }

  entries(): readonly Entry[] {
    return this.sorted
  }

  get(id: string): Entry | undefined {
    return this.byId.get(id)
  }

  replaceAll(entries: Entry[]): void {
    this.sorted = [...entries].sort((a, b) => (before(a.item, b.item) ? -1 : before(b.item, a.item) ? 1 : 0))
    this.byId.clear()
    for (const entry of this.sorted) this.byId.set(entry.item.id, entry)
    this.changed()
  }

  /** Adds or replaces one item; answers which it was. */
  upsert(entry: Entry): 'added' | 'updated' {
    const old = this.byId.get(entry.item.id)
    if (old) this.sorted.splice(this.indexOf(old), 1)
    this.sorted.splice(this.insertionPoint(entry.item), 0, entry)
    this.byId.set(entry.item.id, entry)
    this.changed()
    return old ? 'updated' : 'added'
  }

  remove(id: string): boolean {
    const old = this.byId.get(id)
    if (!old) return false
    this.sorted.splice(this.indexOf(old), 1)
    this.byId.delete(id)
    this.changed()
    return true
  }

  query(q: ParsedQuery): { items: LibraryItem[]; total: number; offset: number } {
    const matches = this.matches(q)
    const items: LibraryItem[] = []
    const end = Math.min(q.offset + q.limit, matches.length)
    for (let i = q.offset; i < end; i++) items.push((matches.at(q.sort === 'newest' ? i : -1 - i) as Entry).item)
    return { items, total: matches.length, offset: q.offset }
  }

  /** Where an item sits in a query's order (-1: not in it), for the detail view's arrow keys. */
  locate(id: string, q: ParsedQuery): { index: number; total: number } {
    const entry = this.byId.get(id)
    const matches = this.matches(q)
    const at = entry ? matches.indexOf(entry) : -1
    return { index: at < 0 ? -1 : q.sort === 'newest' ? at : matches.length - 1 - at, total: matches.length }
  }

  facets(): LibraryFacets {
    if (this.facetCache) return this.facetCache
    const models = new Map<string, { id: string; family: string; count: number }>()
    const families = new Map<string, number>()
    const modes = new Map<string, number>()
    const tags = new Map<string, number>()
    let favourites = 0
    for (const { item } of this.sorted) {
      if (item.modelId) {
        const m = models.get(item.modelId) ?? { id: item.modelId, family: item.family, count: 0 }
        m.count++
        models.set(item.modelId, m)
      }
      if (item.family) families.set(item.family, (families.get(item.family) ?? 0) + 1)
      if (item.mode) modes.set(item.mode, (modes.get(item.mode) ?? 0) + 1)
      for (const tag of item.tags) tags.set(tag, (tags.get(tag) ?? 0) + 1)
      if (item.favourite) favourites++
    }
    // Most used first; equal counts by name, so the filter bar does not reshuffle.
    const rank = <T extends { count: number }>(list: T[], name: (x: T) => string): T[] =>
      list.sort((a, b) => b.count - a.count || name(a).localeCompare(name(b)))
    this.facetCache = {
      total: this.sorted.length,
      models: rank([...models.values()], (m) => m.id),
      families: rank([...families].map(([family, count]) => ({ family, count })), (f) => f.family),
      modes: rank([...modes].map(([mode, count]) => ({ mode, count })), (m) => m.mode),
      tags: rank([...tags].map(([tag, count]) => ({ tag, count })), (t) => t.tag),
      favourites,
    }
    return this.facetCache
  }

  /** Matching entries in newest-first order (cached per filter set until the next change). */
  private matches(q: ParsedQuery): Entry[] {
    const matcher: Matcher | undefined = matcherOf(q)
    if (!matcher) return this.sorted
    const cached = this.cache.get(matcher.key)
    if (cached) return cached
    const out: Entry[] = []
    for (const entry of this.sorted) if (matcher.test(entry.item, entry, lowerOf)) out.push(entry)
    if (this.cache.size >= 8) this.cache.delete(this.cache.keys().next().value as string)
    this.cache.set(matcher.key, out)
    return out
  }

  private changed(): void {
    this.cache.clear()
    this.facetCache = undefined
  }

  private indexOf(entry: Entry): number {
    const at = this.insertionPoint(entry.item)
    // Equal (finishedAt, id) pairs cannot exist twice, so the entry is at the insertion point.
    return this.sorted[at] === entry ? at : this.sorted.indexOf(entry)
  }

  private insertionPoint(item: LibraryItem): number {
    let lo = 0
    let hi = this.sorted.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (before((this.sorted[mid] as Entry).item, item)) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}
