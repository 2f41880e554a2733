import { z } from 'zod'
import { LibraryItem } from '../library'
import { MAX_SEQUENCE_CLIPS, Sequence, SequenceName } from '../sequence'
import { procedure } from './define'

const Items = z.array(z.string().min(1).max(200)).min(1, 'a sequence needs a clip').max(MAX_SEQUENCE_CLIPS)
const SequenceId = z.strictObject({ id: z.string().min(1).max(64) })

/** One clip of a sequence: its library item, absent when the library no longer has it. */
export const SequenceClip = z.object({ id: z.string(), item: LibraryItem.optional() })

export const sequencesProcedures = {
  /** The saved sequences of this library, most recently changed first. */
  'sequences.list': procedure(z.void(), z.array(Sequence)),
  'sequences.get': procedure(SequenceId, z.object({ sequence: Sequence, clips: z.array(SequenceClip) })),
  /** Saves a new sequence (no id) or replaces one. */
  'sequences.save': procedure(z.strictObject({ id: z.string().min(1).max(64).optional(), name: SequenceName, items: Items }), Sequence),
  'sequences.delete': procedure(SequenceId, z.object({ id: z.string() })),
  /**
   * Joins the clips into one MP4 in the library's `Sequences` folder, without re-encoding; a clip
   * that cannot follow the first that way is refused by name (`sequence.clipDiffers`).
   */
  'sequences.export': procedure(z.strictObject({ name: SequenceName, items: Items }), z.object({ item: LibraryItem, durationSec: z.number() })),
}
