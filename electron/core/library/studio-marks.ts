import type { LibraryItem, MarkStamps } from '../../../shared/library'
import type { Register } from '../studio/registers'
import type { MarkEdit } from './marks'

/**
 * An item's marks as registers of the studio (electron/core/studio): `favourite`, `rating`, and
 * `tag/<name>` true or false. A click records the value set, never a toggle, so two designers who
 * both favourite get a favourite, and a tag one adds while another removes a different one keeps both edits.
 */
export const itemSubject = (id: string): string => `item/${id}`
export const idOfSubject = (subject: string): string | undefined => (subject.startsWith('item/') ? subject.slice('item/'.length) : undefined)

const TAG = 'tag/'

/** The fields one edit sets; none when it sets nothing. */
export function fieldsOfEdit(edit: MarkEdit): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  if (edit.favourite !== undefined) fields.favourite = edit.favourite
  if (edit.rating !== undefined) fields.rating = edit.rating
  for (const tag of edit.removeTags ?? []) fields[`${TAG}${tag}`] = false
  for (const tag of edit.addTags ?? []) fields[`${TAG}${tag}`] = true
  return fields
}

type Marked = Pick<LibraryItem, 'favourite' | 'rating' | 'tags'>

/**
 * The marks an item shows: what its sidecar says, with every field the studio's machines set
 * over it. The sidecar is older than any register (it is either from before the registers, or a
 * view written from them), so a register wins; applying this twice gives the same marks.
 */
export function mergedMarks<T extends Marked>(item: T, fields: ReadonlyMap<string, Register> | undefined): T {
  if (!fields || fields.size === 0) return item
  const favourite = fields.get('favourite')?.winner.value
  const rating = fields.get('rating')?.winner.value
  const set = new Map<string, boolean>()
  const added: Array<{ tag: string; at: readonly [number, number]; by: string }> = []
  for (const [field, register] of fields) {
    if (!field.startsWith(TAG)) continue
    const tag = field.slice(TAG.length)
    set.set(tag, register.winner.value === true)
    if (register.winner.value === true) added.push({ tag, at: register.winner.at, by: register.winner.by })
  }
  const kept = item.tags.filter((tag) => set.get(tag) !== false)
  // In the order they were added; tags of one edit in the order the designer gave them (the
  // fields of one change line, which every reader takes in that order).
  const fresh = added.filter((a) => !kept.includes(a.tag)).sort((a, b) => a.at[0] - b.at[0] || a.at[1] - b.at[1] || (a.by < b.by ? -1 : a.by > b.by ? 1 : 0))
  return {
    ...item,
    favourite: typeof favourite === 'boolean' ? favourite : item.favourite,
    rating: typeof rating === 'number' && Number.isInteger(rating) && rating >= 0 && rating <= 5 ? rating : item.rating,
    tags: [...kept, ...fresh.map((a) => a.tag)],
  }
}

export const sameMarks = (a: Marked, b: Marked): boolean =>
  a.favourite === b.favourite && a.rating === b.rating && a.tags.length === b.tags.length && a.tags.every((tag, i) => b.tags[i] === tag)

/**
 * The stamps a sidecar view carries, for builds before the registers that merge sidecars by
 * stamp: each register's wall clock, an untag as an add removed at the same moment.
 */
export function stampsOfView(stamps: MarkStamps | undefined, fields: ReadonlyMap<string, Register>): MarkStamps {
  const next: MarkStamps = { ...stamps, tags: { ...stamps?.tags } }
  for (const [field, { winner }] of fields) {
    const at = winner.at[0]
    if (field === 'favourite' && typeof winner.value === 'boolean') next.favourite = { value: winner.value, at }
    else if (field === 'rating' && typeof winner.value === 'number') next.rating = { value: winner.value, at }
    else if (field.startsWith(TAG)) next.tags[field.slice(TAG.length)] = winner.value === true ? { added: at } : { added: at, removed: at }
  }
  return next
}
