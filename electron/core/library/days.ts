import type { LibraryDays } from '../../../shared/contract/library-view'
import { localDay, localMidnight } from '../../../shared/format'

/**
 * Counts of consecutive items per local day, for items sorted by time either way. One sweep,
 * fed one time at a time (the store feeds it in slices): a day's bounds are computed once when an
 * item leaves the current day, so 100,000 items over a few hundred days cost a few hundred Date
 * constructions (DST days are 23 or 25 hours long, which is why the bounds come from the
 * calendar, not from 24-hour steps).
 */
export function dayCounter(): { add(finishedAt: number): void; readonly days: LibraryDays['days'] } {
  const days: LibraryDays['days'] = []
  let start = Infinity
  let end = -Infinity
  let current: { day: string; count: number } | undefined
  return {
    days,
    add(finishedAt) {
      if (current && finishedAt >= start && finishedAt < end) {
        current.count++
        return
      }
      start = localMidnight(finishedAt)
      end = localMidnight(finishedAt, 1)
      current = { day: localDay(finishedAt), count: 1 }
      days.push(current)
    },
  }
}
