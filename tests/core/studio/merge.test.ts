import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HybridClock } from '../../../electron/core/studio/clock'
import { Registers, type Version } from '../../../electron/core/studio/registers'
import { fieldsOfEdit, mergedMarks } from '../../../electron/core/library/studio-marks'

/**
 * The one rule every reader merges by: whatever order the machines' lines arrive in, however
 * often a line is read again, and whichever prefix of a log a reader has got so far (a sync
 * engine's partial copy), all lines read give one state.
 */
interface Line {
  by: string
  at: readonly [number, number]
  of: string
  set: Record<string, unknown>
}

const line: fc.Arbitrary<Line> = fc.record({
  by: fc.constantFrom('m1', 'm2', 'm3'),
  at: fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 3 })),
  of: fc.constantFrom('item/a', 'item/b', 'board/x/shot/1'),
  set: fc.dictionary(fc.constantFrom('favourite', 'rating', 'tag/sky', 'prompt'), fc.oneof(fc.boolean(), fc.integer({ min: 0, max: 5 }), fc.string({ maxLength: 3 })), { minKeys: 1 }),
})

/** One machine writes a stamp once: lines of one machine with one stamp are one line. */
const distinct = (lines: Line[]): Line[] => [...new Map(lines.map((l) => [`${l.by}@${l.at.join('.')}`, l])).values()]

function stateOf(lines: readonly Line[]): unknown {
  const registers = new Registers()
  for (const l of lines) for (const [field, value] of Object.entries(l.set)) registers.put(l.of, field, { at: l.at, by: l.by, value } satisfies Version)
  const subjects = registers.subjectsUnder('').sort()
  return subjects.map((s) => [s, [...registers.fieldsOf(s)!].sort(([a], [b]) => (a < b ? -1 : 1)).map(([f, r]) => [f, r.winner, r.others])])
}

describe('the merge of every machine’s changes', () => {
  it('gives one state for any order of arrival, duplicates and partial copies read again later', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }).map(distinct), fc.nat(), fc.nat(), (lines, seed, cut) => {
        const shuffled = fc.sample(fc.shuffledSubarray(lines, { minLength: lines.length, maxLength: lines.length }), { seed, numRuns: 1 })[0]!
        // A reader that first got a prefix of the lines (a partial copy), then everything, twice over.
        const partial = shuffled.slice(0, lines.length ? cut % lines.length : 0)
        expect(stateOf([...partial, ...shuffled, ...shuffled.slice().reverse()])).toEqual(stateOf(lines))
      }),
      { numRuns: 300 },
    )
  })

  it('keeps the versions a field’s winner beat, the same ones whatever the order', () => {
    const versions: Version[] = [1, 2, 3, 4, 5, 6].map((n) => ({ at: [n, 0], by: 'm1', value: `prompt ${n}` }))
    const a = new Registers()
    const b = new Registers()
    for (const v of versions) a.put('shot', 'prompt', v)
    for (const v of [...versions].reverse()) b.put('shot', 'prompt', v)
    expect(a.fieldsOf('shot')).toEqual(b.fieldsOf('shot'))
    expect(a.fieldsOf('shot')!.get('prompt')!.winner.value).toBe('prompt 6')
    expect(a.fieldsOf('shot')!.get('prompt')!.others.map((v) => v.value)).toEqual(['prompt 5', 'prompt 4', 'prompt 3', 'prompt 2'])
  })
})

describe('intent, never toggles', () => {
  const unmarked = { favourite: false, rating: 0, tags: ['fox'] }

  it('two designers who both favourite get a favourite, in either order', () => {
    const registers = new Registers()
    registers.put('item/a', 'favourite', { at: [100, 0], by: 'mei', value: true })
    registers.put('item/a', 'favourite', { at: [100, 0], by: 'tom', value: true })
    expect(mergedMarks(unmarked, registers.fieldsOf('item/a'))).toMatchObject({ favourite: true })
    expect(fieldsOfEdit({ favourite: true })).toEqual({ favourite: true })
  })

  it('a register wins over the sidecar; an untag removes a sidecar’s tag; applying twice changes nothing', () => {
    const registers = new Registers()
    for (const [field, value] of Object.entries(fieldsOfEdit({ rating: 4, addTags: ['hero', 'client-x'], removeTags: ['fox'] }))) registers.put('item/a', field, { at: [5, 0], by: 'mei', value })
    const once = mergedMarks(unmarked, registers.fieldsOf('item/a'))
    expect(once).toEqual({ favourite: false, rating: 4, tags: ['hero', 'client-x'] })
    expect(mergedMarks(once, registers.fieldsOf('item/a'))).toEqual(once)
  })

  it('a machine whose clock is behind still stamps after what it has seen', () => {
    const slow = new HybridClock(() => 1_000)
    slow.observe([5_000, 2])
    expect(slow.next()).toEqual([5_000, 3])
    expect(slow.next()).toEqual([5_000, 4])
  })
})
