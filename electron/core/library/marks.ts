import type { MarkStamps } from '../../../shared/library'

/** The designer's marks as a sidecar carries them (plain values, and their stamps when written by issue 27's builds). */
export interface Marks {
  favourite: boolean
  rating: number
  tags: string[]
  stamps?: MarkStamps
}

/** One edit: the values the designer set, never the whole set of marks (so it merges with edits made elsewhere). */
export interface MarkEdit {
  favourite?: boolean
  rating?: number
  addTags?: readonly string[]
  removeTags?: readonly string[]
}

/**
 * The stamps a sidecar stands for. A sidecar from before stamps (or a tag typed into the file by
 * hand) counts as set at time 0, so any stamped edit wins over it and its tags are kept.
 */
export function stampsOf(marks: Marks): MarkStamps {
  const stamps = marks.stamps ?? { tags: {} }
  const tags = { ...stamps.tags }
  for (const tag of marks.tags) if (!present(tags[tag])) tags[tag] = { added: 0 }
  return {
    favourite: stamps.favourite ?? { value: marks.favourite, at: 0 },
    rating: stamps.rating ?? { value: marks.rating, at: 0 },
    tags,
  }
}

const present = (stamp: { added: number; removed?: number } | undefined): boolean =>
  stamp !== undefined && (stamp.removed === undefined || stamp.added > stamp.removed)

/** The plain values the stamps resolve to, tags in the order they were added. */
export function resolve(stamps: MarkStamps): Marks {
  const tags = Object.entries(stamps.tags)
    .filter(([, stamp]) => present(stamp))
    .map(([tag, stamp], order) => ({ tag, added: stamp.added, order }))
    .sort((a, b) => a.added - b.added || a.order - b.order)
    .map((entry) => entry.tag)
  return { favourite: stamps.favourite?.value ?? false, rating: stamps.rating?.value ?? 0, tags, stamps }
}

/**
 * Two versions of one item's marks (a sync engine's conflict copy and the sidecar) as one:
 * commutative and idempotent, so merging copies in any order gives the same marks.
 */
export function mergeMarks(a: Marks, b: Marks): Marks {
  const x = stampsOf(a)
  const y = stampsOf(b)
  const tags: MarkStamps['tags'] = { ...x.tags }
  for (const [tag, stamp] of Object.entries(y.tags)) {
    const mine = tags[tag]
    if (!mine) tags[tag] = stamp
    else {
      const removed = Math.max(mine.removed ?? -Infinity, stamp.removed ?? -Infinity)
      tags[tag] = { added: Math.max(mine.added, stamp.added), ...(Number.isFinite(removed) ? { removed } : {}) }
    }
  }
  return resolve({ favourite: later(x.favourite, y.favourite), rating: later(x.rating, y.rating), tags })
}

/** The later of two stamped values; at the same moment the larger value, so the merge does not depend on order. */
function later<T extends boolean | number>(a?: { value: T; at: number }, b?: { value: T; at: number }): { value: T; at: number } | undefined {
  if (!a || !b) return a ?? b
  if (a.at !== b.at) return a.at > b.at ? a : b
  return Number(a.value) >= Number(b.value) ? a : b
}
