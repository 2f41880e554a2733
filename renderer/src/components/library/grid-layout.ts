/**
 * The virtual grid's geometry, pure: columns and row heights from the container's width, and day
 * groups (a sticky header plus rows of tiles) stacked from per-day counts. Everything is computed
 * from numbers, so scrolling through 100,000 items costs a binary search over the days, never a
 * walk over rows or items.
 */
export interface GridMetrics {
  columns: number
  tileWidth: number
  posterHeight: number
  /** A row of tiles including the gap below it. */
  rowHeight: number
  headerHeight: number
  gap: number
  padX: number
}

/** Tiles are at least this wide; the grid fills the width with as many as fit. */
export const MIN_TILE = 232
export const GAP = 16
export const PAD_X = 24
export const HEADER_HEIGHT = 48
/** Under the poster: the prompt (three lines at 13 px × 1.45) and one line of chips. */
export const CAPTION_HEIGHT = 92

export function metricsFor(width: number): GridMetrics {
  const inner = Math.max(0, width - 2 * PAD_X)
  const columns = Math.max(1, Math.floor((inner + GAP) / (MIN_TILE + GAP)))
  const tileWidth = columns > 0 ? (inner - GAP * (columns - 1)) / columns : inner
  const posterHeight = Math.round((tileWidth * 9) / 16)
  return { columns, tileWidth, posterHeight, rowHeight: posterHeight + CAPTION_HEIGHT + GAP, headerHeight: HEADER_HEIGHT, gap: GAP, padX: PAD_X }
}

export interface GroupLayout {
  day: string
  count: number
  /** Index of the group's first item in the query's order. */
  start: number
  /** Offset of the group's header from the top of the grid. */
  top: number
  rows: number
  height: number
}

export interface GridLayout {
  groups: GroupLayout[]
  height: number
  metrics: GridMetrics
}

export function layoutGroups(days: ReadonlyArray<{ day: string; count: number }>, metrics: GridMetrics, padTop = 0): GridLayout {
  const groups: GroupLayout[] = []
  let top = padTop
  let start = 0
  for (const { day, count } of days) {
    const rows = Math.ceil(count / metrics.columns)
    const height = metrics.headerHeight + rows * metrics.rowHeight
    groups.push({ day, count, start, top, rows, height })
    top += height
    start += count
  }
  return { groups, height: top, metrics }
}

/** The last group whose top is at or above `y` (binary search). */
export function groupAt(layout: GridLayout, y: number): number {
  let lo = 0
  let hi = layout.groups.length - 1
  if (hi < 0) return -1
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1
    if ((layout.groups[mid] as GroupLayout).top <= y) lo = mid
    else hi = mid - 1
  }
  return lo
}

/** The group holding item `index` (binary search by first item). */
export function groupOfIndex(layout: GridLayout, index: number): number {
  let lo = 0
  let hi = layout.groups.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1
    if ((layout.groups[mid] as GroupLayout).start <= index) lo = mid
    else hi = mid - 1
  }
  return lo
}

export interface VisibleGroup {
  group: GroupLayout
  /** Rows of this group in view (plus overscan), first inclusive, last exclusive. */
  firstRow: number
  lastRow: number
}

/** What intersects [top − overscan, top + height + overscan]. */
export function visibleGroups(layout: GridLayout, scrollTop: number, viewport: number, overscan: number): VisibleGroup[] {
  const from = Math.max(0, scrollTop - overscan)
  const to = scrollTop + viewport + overscan
  const out: VisibleGroup[] = []
  const { rowHeight, headerHeight } = layout.metrics
  for (let g = Math.max(0, groupAt(layout, from)); g < layout.groups.length; g++) {
    const group = layout.groups[g] as GroupLayout
    if (group.top > to) break
    if (group.top + group.height < from) continue
    const rowsTop = group.top + headerHeight
    const firstRow = Math.max(0, Math.floor((from - rowsTop) / rowHeight))
    const lastRow = Math.min(group.rows, Math.max(0, Math.ceil((to - rowsTop) / rowHeight)))
    out.push({ group, firstRow, lastRow })
  }
  return out
}

/** The first and one-past-last item index that `visibleGroups` shows. */
export function itemRange(slices: readonly VisibleGroup[], columns: number): { start: number; end: number } {
  const first = slices[0]
  const last = slices[slices.length - 1]
  if (!first || !last) return { start: 0, end: 0 }
  const start = first.group.start + first.firstRow * columns
  const end = Math.min(last.group.start + last.group.count, last.group.start + last.lastRow * columns)
  return { start, end: Math.max(start, end) }
}

/** Where item `index`'s row starts, from the top of the grid. */
export function topOfIndex(layout: GridLayout, index: number): number {
  const g = groupOfIndex(layout, index)
  const group = layout.groups[g]
  if (!group) return 0
  const row = Math.floor((index - group.start) / layout.metrics.columns)
  return group.top + layout.metrics.headerHeight + row * layout.metrics.rowHeight
}

export type Move = 'left' | 'right' | 'up' | 'down' | 'home' | 'end'

/**
 * Arrow-key moves through a grid broken into day groups: left/right go item by item; up/down go
 * a row, into the previous or next day's nearest column when the row is the day's first or last.
 */
export function moveIndex(layout: GridLayout, index: number, move: Move, total: number): number {
  const columns = layout.metrics.columns
  if (total <= 0) return 0
  if (move === 'home') return 0
  if (move === 'end') return total - 1
  if (move === 'left') return Math.max(0, index - 1)
  if (move === 'right') return Math.min(total - 1, index + 1)
  const g = groupOfIndex(layout, index)
  const group = layout.groups[g]
  if (!group) return index
  const local = index - group.start
  const row = Math.floor(local / columns)
  const column = local % columns
  if (move === 'down') {
    if (row + 1 < group.rows) return Math.min(group.start + group.count - 1, index + columns)
    const next = layout.groups[g + 1]
    return next ? next.start + Math.min(column, next.count - 1) : index
  }
  if (row > 0) return index - columns
  const previous = layout.groups[g - 1]
  if (!previous) return index
  const lastRow = previous.rows - 1
  return previous.start + Math.min(lastRow * columns + column, previous.count - 1)
}
