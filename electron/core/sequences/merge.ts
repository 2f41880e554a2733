import { Sequence } from '../../../shared/sequence'
import type { Register } from '../studio/registers'

export type SequenceFields = ReadonlyMap<string, Register>

/**
 * A sequence as every machine's edits make it: the file (or nothing, when only another machine's
 * log has it yet) with the `name`, `items` and `removed` registers over it; its `updatedAt` the
 * latest edit's. A register whose value is not a sequence's is left out, never trusted.
 */
export function mergedSequence(file: Sequence | undefined, id: string, fields: SequenceFields | undefined): { sequence: Sequence; removed: boolean } | undefined {
  if (!file && !fields?.has('name')) return undefined
  const edited = [...(fields?.values() ?? [])].reduce((latest, r) => Math.max(latest, r.winner.at[0]), 0)
  const candidate = {
    schemaVersion: file?.schemaVersion ?? 1,
    id,
    name: fields?.get('name')?.winner.value ?? file?.name,
    items: fields?.get('items')?.winner.value ?? file?.items,
    createdAt: file?.createdAt ?? edited,
    updatedAt: Math.max(file?.updatedAt ?? 0, edited),
    ...(file?.writer && { writer: file.writer }),
  }
  const parsed = Sequence.safeParse(candidate)
  const sequence = parsed.success ? parsed.data : file
  if (!sequence) return undefined
  return { sequence, removed: fields?.get('removed')?.winner.value === true }
}
