import { compareStamps, type Stamp } from './clock'

/** One value set for one field, by one machine at one moment. */
export interface Version {
  at: Stamp
  by: string
  value: unknown
}

/** A field as merged: the winning version, and the latest others it beat, newest first. */
export interface Register {
  winner: Version
  others: readonly Version[]
}

/**
 * How many beaten versions a field keeps for the designer to go back to. The top few of every
 * version ever seen, so any order of arrival keeps the same ones.
 */
export const KEPT_OTHERS = 4

/**
 * The last-writer-wins order: the later stamp, and at the same stamp the larger machine id. A
 * total order on versions, so every machine picks the same winner whatever it read first.
 */
export function compareVersions(a: Version, b: Version): number {
  return compareStamps(a.at, b.at) || (a.by < b.by ? -1 : a.by > b.by ? 1 : 0)
}

/**
 * Every subject's fields (an item's favourite, a shot's prompt) merged from all machines' changes.
 * Putting a version is commutative, associative and idempotent: duplicates and any order give
 * the same state (tests/core/studio/merge.test.ts).
 */
export class Registers {
  private readonly subjects = new Map<string, Map<string, Register>>()
  /** Each subject under its parent (`board/harbour/shot/s3` under `board/harbour/shot`): a board's shots are found without a look at 100,000 items. */
  private readonly children = new Map<string, Set<string>>()

  /** Takes in one version; true when the field's winner changed. */
  put(subject: string, field: string, version: Version): boolean {
    let fields = this.subjects.get(subject)
    if (!fields) {
      this.subjects.set(subject, (fields = new Map()))
      const parent = subject.slice(0, Math.max(0, subject.lastIndexOf('/')))
      let siblings = this.children.get(parent)
      if (!siblings) this.children.set(parent, (siblings = new Set()))
      siblings.add(subject)
    }
    const held = fields.get(field)
    if (!held) {
      fields.set(field, { winner: version, others: [] })
      return true
    }
    const all = [held.winner, ...held.others]
    if (all.some((v) => compareVersions(v, version) === 0)) return false
    const sorted = [...all, version].sort((a, b) => compareVersions(b, a))
    fields.set(field, { winner: sorted[0]!, others: sorted.slice(1, KEPT_OTHERS + 1) })
    return sorted[0] === version
  }

  fieldsOf(subject: string): ReadonlyMap<string, Register> | undefined {
    return this.subjects.get(subject)
  }

  /** The winning value of one field, or undefined when no machine set it. */
  valueOf(subject: string, field: string): unknown {
    return this.subjects.get(subject)?.get(field)?.winner.value
  }

  /**
   * The subjects right under a parent, by the parent and a slash (`board/harbour/shot/`: that
   * board's shots; `item/`: every item), in no particular order; `''`: every subject.
   */
  subjectsUnder(prefix: string): string[] {
    if (prefix === '') return [...this.subjects.keys()]
    if (!prefix.endsWith('/')) throw new Error(`a parent and a slash, not "${prefix}"`)
    return [...(this.children.get(prefix.slice(0, -1)) ?? [])]
  }
}
