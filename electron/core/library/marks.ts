import type { MarkStamps } from '../../../shared/library'

/** The designer's marks as a sidecar carries them (plain values, and their stamps when written by issue 27's builds). */
export interface Marks {
  favourite: boolean
  rating: number
  tags: string[]
  stamps?: MarkStamps
}

/** One edit: what the designer changed, never the whole set (so it merges with edits made elsewhere). */
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
 * Applies one edit to the marks as the sidecar has them now (read under the edit lock). Each new
 * stamp is later than the one it replaces even when this machine's clock is behind the other's:
 * the writer saw that value, so its write is the last one.
 */
export function applyEdit(current: Marks, edit: MarkEdit, now: number): Marks {
  const stamps = stampsOf(current)
  const after = (at = -1): number => Math.max(now, at + 1)
  const next: MarkStamps = { ...stamps, tags: { ...stamps.tags } }
  if (edit.favourite !== undefined && edit.favourite !== stamps.favourite?.value) next.favourite = { value: edit.favourite, at: after(stamps.favourite?.at) }
  if (edit.rating !== undefined && edit.rating !== stamps.rating?.value) next.rating = { value: edit.rating, at: after(stamps.rating?.at) }
  for (const tag of edit.removeTags ?? []) {
    const seen = next.tags[tag]
    // An untag removes the add it saw, and only that one.
    if (present(seen)) next.tags[tag] = { added: seen!.added, removed: seen!.added }
  }
  for (const tag of edit.addTags ?? []) {
    const seen = next.tags[tag]
    if (!present(seen)) next.tags[tag] = { added: after(Math.max(seen?.added ?? -1, seen?.removed ?? -1)) }
  }
  return resolve(next)
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
