/**
 * The Library screen's filters as the designer sets them, and the `LibraryQuery` they become
 * (pure, zod-free). Dates are local calendar days, like the day headers.
 */
import type { Mode } from '@shared/catalog'
import type { LibraryFacets } from '@shared/contract/library'
import type { LibraryQuery } from '@shared/library'
import { localMidnight } from '@shared/format'

export type DateRange = 'any' | 'today' | 'week' | 'month' | 'custom'
export type LibrarySort = 'newest' | 'oldest'

export interface LibraryFilters {
  search: string
  modelIds: string[]
  families: string[]
  modes: Mode[]
  range: DateRange
  /** `YYYY-MM-DD`, first day shown (custom range). */
  fromDay?: string
  /** `YYYY-MM-DD`, last day shown, inclusive (custom range). */
  toDay?: string
  favourite: boolean
  minRating: number
  tags: string[]
  /** Who made them (`madeBy.user`): any of these. */
  makers: string[]
  sort: LibrarySort
}

/** A query without paging: what the grid pages through. */
export type ViewQuery = Omit<LibraryQuery, 'offset' | 'limit'>

export function emptyFilters(): LibraryFilters {
  return { search: '', modelIds: [], families: [], modes: [], range: 'any', favourite: false, minRating: 0, tags: [], makers: [], sort: 'newest' }
}

/** Whether anything narrows the list (the sort does not). */
export function isFiltered(f: LibraryFilters): boolean {
  return f.search.trim() !== '' || f.modelIds.length > 0 || f.families.length > 0 || f.modes.length > 0 || f.range !== 'any' || f.favourite || f.minRating > 0 || f.tags.length > 0 || f.makers.length > 0
}

/** How many filters are on, for the Filters button's badge (search and sort are shown elsewhere). */
export function filterCount(f: LibraryFilters): number {
  return f.modelIds.length + f.families.length + f.modes.length + (f.range !== 'any' ? 1 : 0) + (f.favourite ? 1 : 0) + (f.minRating > 0 ? 1 : 0) + f.tags.length + f.makers.length
}

/** `2025-03-14` → local midnight of that day (undefined for anything else). */
export function dayStart(day: string | undefined, plusDays = 0): number | undefined {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null
  if (!match) return undefined
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays).getTime()
}

function dateBounds(f: LibraryFilters, now: number): { from?: number; to?: number } {
  switch (f.range) {
    case 'today':
      return { from: localMidnight(now) }
    case 'week':
      return { from: localMidnight(now, -6) }
    case 'month':
      return { from: localMidnight(now, -29) }
    case 'custom':
      // `to` is exclusive: the start of the day after the last one shown.
      return { from: dayStart(f.fromDay), to: dayStart(f.toDay, 1) }
    default:
      return {}
  }
}

/**
 * The engine combines filters with AND, and models with families too; a designer who picks
 * "every Kling model" and "Veo 3" means either. So a mix of families and single models is sent as
 * model ids: the chosen models plus every model of the chosen families the library has.
 */
function modelFilter(f: LibraryFilters, facets: LibraryFacets | undefined): Pick<ViewQuery, 'modelIds' | 'families'> {
  if (f.families.length && f.modelIds.length) {
    const families = new Set(f.families)
    const ids = new Set(f.modelIds)
    for (const model of facets?.models ?? []) if (families.has(model.family)) ids.add(model.id)
    return { modelIds: [...ids] }
  }
  if (f.families.length) return { families: [...f.families] }
  if (f.modelIds.length) return { modelIds: [...f.modelIds] }
  return {}
}

export function buildQuery(f: LibraryFilters, facets?: LibraryFacets, now = Date.now()): ViewQuery {
  const query: ViewQuery = { sort: f.sort }
  const search = f.search.trim()
  if (search) query.search = search.slice(0, 500)
  Object.assign(query, modelFilter(f, facets))
  if (f.modes.length) query.modes = [...f.modes]
  const { from, to } = dateBounds(f, now)
  if (from !== undefined) query.from = from
  if (to !== undefined) query.to = to
  if (f.favourite) query.favourite = true
  if (f.minRating > 0) query.minRating = f.minRating
  if (f.tags.length) query.tags = [...f.tags]
  if (f.makers.length) query.makers = [...f.makers]
  return query
}
