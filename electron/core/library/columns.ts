import type { LibraryFacets } from '../../../shared/contract/library'
import type { LibraryItem } from '../../../shared/library'
import type { ParsedQuery } from './query'

/**
 * What queries filter, sort and count on, kept compact in memory: typed arrays indexed by the
 * index's rowid (about 25 bytes an item: 25 MB at 1,000,000) and the rowids in the library's order
 * (newest first, equal times by id). Prompts, paths and everything else a tile shows stay on disk
 * (index-db.ts) and are read a page at a time.
 */
export type ColumnFields = Pick<LibraryItem, 'finishedAt' | 'modelId' | 'family' | 'mode' | 'rating' | 'favourite' | 'tags'> & {
  /** Who made it (`madeBy.user`): the filter bar's makers. */
  maker?: string
  /** Their display name on this item (`madeBy.name`), which the filter bar shows as the tiles do. */
  makerName?: string
}

const PRESENT = 1
const FAVOURITE = 2
/** Tags with one of the first 32 codes live in a bit mask; rarer ones in a map. */
const TAG_BITS = 32

/** Values to small numbers and back; a value keeps its code for the life of the columns. */
class Dictionary {
  private readonly codes = new Map<string, number>()
  readonly values: string[] = []

  code(value: string): number {
    let code = this.codes.get(value)
    if (code === undefined) {
      code = this.values.length
      this.codes.set(value, code)
      this.values.push(value)
    }
    return code
  }

  find(value: string): number | undefined {
    return this.codes.get(value)
  }
}

/** A filter on one row, from a query's filters (its search words are matched elsewhere, by the index). */
export type RowFilter = (rowid: number) => boolean

export class Columns {
  private readonly models = new Dictionary()
  private readonly families = new Dictionary()
  private readonly modes = new Dictionary()
  private readonly tagNames = new Dictionary()
  private readonly makers = new Dictionary()
  /** Each maker's display name on their newest item (a name changed in Settings shows from then on). */
  private readonly makerNames = new Map<number, { at: number; name?: string }>()
  private time = new Float64Array(1024)
  private model = new Uint16Array(1024)
  private family = new Uint16Array(1024)
  private mode = new Uint8Array(1024)
  private maker = new Uint16Array(1024)
  private rating = new Uint8Array(1024)
  private flags = new Uint8Array(1024)
  private tagBits = new Uint32Array(1024)
  private readonly rareTags = new Map<number, number[]>()
  /** Rowids newest first. Replaced, never changed in place: a sweep under way keeps its snapshot. */
  order = new Int32Array(0)
  /** Bumped by every change: a sweep that saw another version does not cache what it found. */
  version = 0

  get size(): number {
    return this.order.length
  }

  has(rowid: number): boolean {
    return rowid < this.flags.length && (this.flags[rowid]! & PRESENT) !== 0
  }

  timeOf(rowid: number): number {
    return this.time[rowid]!
  }

  /** Appends rows already in order (loading the index, which reads it in that order). */
  appendAll(rows: ReadonlyArray<readonly [number, ColumnFields]>): void {
    const next = new Int32Array(this.order.length + rows.length)
    next.set(this.order)
    rows.forEach(([rowid, fields], i) => {
      this.fill(rowid, fields)
      next[this.order.length + i] = rowid
    })
    this.order = next
    this.version++
  }

  /**
   * Adds or changes rows and keeps the order, with one pass over it however many rows change (a
   * scan applies a whole folder at once). `idsOf` gives the ids of rows already here that
   * finished at the same millisecond as a new one (rare: variations of one job), which decide
   * the order among them.
   */
  setMany(rows: ReadonlyArray<{ rowid: number; id: string; fields: ColumnFields }>, idsOf: (rowids: number[]) => Map<number, string>): void {
    const moving = rows.filter((r) => !this.has(r.rowid) || this.time[r.rowid] !== r.fields.finishedAt)
    const leaving = new Set(moving.filter((r) => this.has(r.rowid)).map((r) => r.rowid))
    const kept = leaving.size ? this.order.filter((r) => !leaving.has(r)) : this.order
    for (const row of rows) this.fill(row.rowid, row.fields)
    if (moving.length) {
      const incoming = [...moving].sort((a, b) => b.fields.finishedAt - a.fields.finishedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      const incomingIds = new Map(incoming.map((r) => [r.rowid, r.id]))
      const tied = new Set(incoming.map((r) => r.fields.finishedAt))
      const keptTies = this.rowsAt(kept, tied)
      const ids = keptTies.length ? idsOf(keptTies) : new Map<number, string>()
      const idOf = (r: number): string => incomingIds.get(r) ?? ids.get(r) ?? ''
      // Newest first; equal times by id.
      const before = (a: number, b: number): boolean => this.time[a] !== this.time[b] ? this.time[a]! > this.time[b]! : idOf(a) < idOf(b)
      // Each newcomer's place found by binary search, the kept rows between copied as blocks: a
      // slice of 256 into 100,000 rows costs 256 searches and one copy, not 100,000 comparisons.
      const next = new Int32Array(kept.length + incoming.length)
      let i = 0
      let k = 0
      for (const { rowid } of incoming) {
        let hi = kept.length
        let lo = i
        while (lo < hi) {
          const mid = (lo + hi) >>> 1
          if (before(kept[mid]!, rowid)) lo = mid + 1
          else hi = mid
        }
        next.set(kept.subarray(i, lo), k)
        k += lo - i
        i = lo
        next[k++] = rowid
      }
      next.set(kept.subarray(i), k)
      this.order = next
    } else this.order = kept
    this.version++
  }

  /**
   * The rows of `order` (newest first) that finished at one of these times: found by binary
   * search, not by a pass over the order (a rebuild applies hundreds of slices to a growing one).
   */
  private rowsAt(order: Int32Array, times: ReadonlySet<number>): number[] {
    const out: number[] = []
    for (const t of times) {
      let lo = 0
      let hi = order.length
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if (this.time[order[mid]!]! > t) lo = mid + 1
        else hi = mid
      }
      for (let i = lo; i < order.length && this.time[order[i]!] === t; i++) out.push(order[i]!)
    }
    return out
  }

  deleteMany(rowids: readonly number[]): void {
    const gone = new Set(rowids.filter((r) => this.has(r)))
    if (!gone.size) return
    this.order = this.order.filter((r) => !gone.has(r))
    for (const r of gone) {
      this.flags[r] = 0
      this.tagBits[r] = 0
      this.rareTags.delete(r)
    }
    this.version++
  }

  /**
   * The stretch [start, end) of the order whose items finished within the query's dates: the
   * order is by time, so two binary searches, and the filter need not test the dates.
   */
  span(q: Pick<ParsedQuery, 'from' | 'to'>): [start: number, end: number] {
    const order = this.order
    // The first place in the order of an item older than `t` (finished before it).
    const olderThan = (t: number): number => {
      let lo = 0
      let hi = order.length
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if (this.time[order[mid]!]! >= t) lo = mid + 1
        else hi = mid
      }
      return lo
    }
    const start = q.to === undefined ? 0 : olderThan(q.to)
    return [start, q.from === undefined ? order.length : Math.max(start, olderThan(q.from))]
  }

  /** The query's filters other than search and dates (`span`) as one test; `undefined` when nothing can match. */
  filterOf(q: ParsedQuery): RowFilter | undefined {
    // Per dictionary, a byte per code (1: asked for): a search sweeps the rows a search found
    // through this test, and a byte read costs less than a Set's lookup.
    const masks = (dict: Dictionary, values: readonly string[] | undefined): Uint8Array | undefined | null => {
      if (!values?.length) return undefined
      const mask = new Uint8Array(dict.values.length)
      let known = false
      for (const value of values) {
        const code = dict.find(value)
        if (code === undefined) continue
        mask[code] = 1
        known = true
      }
      return known ? mask : null
    }
    const models = masks(this.models, q.modelIds)
    const families = masks(this.families, q.families)
    const modes = masks(this.modes, q.modes)
    const makers = masks(this.makers, q.makers)
    const tags = q.tags?.length ? q.tags.map((t) => this.tagNames.find(t)) : undefined
    // A value no item has: nothing can match.
    if (models === null || families === null || modes === null || makers === null || tags?.includes(undefined)) return undefined
    const tagMask = (tags ?? []).reduce<number>((mask, c) => (c! < TAG_BITS ? (mask | (1 << c!)) >>> 0 : mask), 0)
    const rare = (tags ?? []).filter((c): c is number => c! >= TAG_BITS)
    const { favourite, minRating } = q
    return (r) => {
      if (favourite !== undefined && ((this.flags[r]! & FAVOURITE) !== 0) !== favourite) return false
      if (minRating && this.rating[r]! < minRating) return false
      if (models && models[this.model[r]!] !== 1) return false
      if (families && families[this.family[r]!] !== 1) return false
      // Code 0 is "no mode" (a video added by hand), which no mode filter matches.
      if (modes && modes[this.mode[r]!] !== 1) return false
      if (makers && makers[this.maker[r]!] !== 1) return false
      if (tagMask && ((this.tagBits[r]! & tagMask) >>> 0) !== tagMask) return false
      if (rare.length && !rare.every((c) => this.rareTags.get(r)?.includes(c))) return false
      return true
    }
  }

  /** A counter for the filter bar's facets; `add` every row, then `result()`. */
  facetCounter(): { add(rowid: number): void; result(): LibraryFacets } {
    const models = new Map<number, { family: number; count: number }>()
    const families = new Map<number, number>()
    const modes = new Map<number, number>()
    const tags = new Map<number, number>()
    const makers = new Map<number, number>()
    let favourites = 0
    let total = 0
    const bump = (map: Map<number, number>, code: number): void => void map.set(code, (map.get(code) ?? 0) + 1)
    return {
      add: (r) => {
        total++
        const model = this.model[r]!
        if (this.models.values[model]) {
          const m = models.get(model)
          if (m) m.count++
          else models.set(model, { family: this.family[r]!, count: 1 })
        }
        if (this.families.values[this.family[r]!]) bump(families, this.family[r]!)
        if (this.mode[r]) bump(modes, this.mode[r]!)
        if (this.maker[r]) bump(makers, this.maker[r]!)
        for (let bits = this.tagBits[r]!, c = 0; bits; bits >>>= 1, c++) if (bits & 1) bump(tags, c)
        for (const c of this.rareTags.get(r) ?? []) bump(tags, c)
        if (this.flags[r]! & FAVOURITE) favourites++
      },
      result: () => {
        // Most used first; equal counts by name, so the filter bar does not reshuffle.
        const rank = <T extends { count: number }>(list: T[], name: (x: T) => string): T[] => list.sort((a, b) => b.count - a.count || name(a).localeCompare(name(b)))
        return {
          total,
          models: rank([...models].map(([code, m]) => ({ id: this.models.values[code]!, family: this.families.values[m.family]!, count: m.count })), (m) => m.id),
          families: rank([...families].map(([code, count]) => ({ family: this.families.values[code]!, count })), (f) => f.family),
          modes: rank([...modes].map(([code, count]) => ({ mode: this.modes.values[code]!, count })), (m) => m.mode),
          tags: rank([...tags].map(([code, count]) => ({ tag: this.tagNames.values[code]!, count })), (t) => t.tag),
          makers: rank(
            [...makers].map(([code, count]) => {
              const name = this.makerNames.get(code)?.name
              return { user: this.makers.values[code]!, ...(name && { name }), count }
            }),
            (m) => m.name ?? m.user,
          ),
          favourites,
        }
      },
    }
  }

  private fill(rowid: number, fields: ColumnFields): void {
    if (rowid >= this.flags.length) this.grow(rowid + 1)
    this.time[rowid] = fields.finishedAt
    this.model[rowid] = this.models.code(fields.modelId)
    this.family[rowid] = this.families.code(fields.family)
    this.mode[rowid] = this.modes.code(fields.mode ?? '')
    const maker = this.makers.code(fields.maker ?? '')
    this.maker[rowid] = maker
    const named = this.makerNames.get(maker)
    if (maker && (!named || fields.finishedAt >= named.at)) this.makerNames.set(maker, { at: fields.finishedAt, name: fields.makerName })
    this.rating[rowid] = fields.rating
    this.flags[rowid] = PRESENT | (fields.favourite ? FAVOURITE : 0)
    let bits = 0
    const rare: number[] = []
    for (const tag of fields.tags) {
      const code = this.tagNames.code(tag)
      if (code < TAG_BITS) bits |= 1 << code
      else rare.push(code)
    }
    this.tagBits[rowid] = bits >>> 0
    if (rare.length) this.rareTags.set(rowid, rare)
    else this.rareTags.delete(rowid)
  }

  private grow(min: number): void {
    const size = Math.max(min, this.flags.length * 2)
    const grown = <T extends Float64Array | Uint32Array | Uint16Array | Uint8Array>(old: T, make: (n: number) => T): T => {
      const next = make(size)
      next.set(old)
      return next
    }
    this.time = grown(this.time, (n) => new Float64Array(n))
    this.model = grown(this.model, (n) => new Uint16Array(n))
    this.family = grown(this.family, (n) => new Uint16Array(n))
    this.mode = grown(this.mode, (n) => new Uint8Array(n))
    this.maker = grown(this.maker, (n) => new Uint16Array(n))
    this.rating = grown(this.rating, (n) => new Uint8Array(n))
    this.flags = grown(this.flags, (n) => new Uint8Array(n))
    this.tagBits = grown(this.tagBits, (n) => new Uint32Array(n))
  }

  constructor() {
    // Code 0 of each dictionary is the empty value: no model, family or mode (added by hand), no maker (made before issue 27).
    this.models.code('')
    this.families.code('')
    this.modes.code('')
    this.makers.code('')
  }
}
