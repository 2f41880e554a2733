import { z } from 'zod'
import { MAX_SEQUENCE_CLIPS } from './sequence-limits'

export { MAX_SEQUENCE_CLIPS }

/** The sequence format this build writes. */
export const SEQUENCE_VERSION = 1

export const SequenceName = z.string().trim().min(1, 'a sequence needs a name').max(120, 'a name has at most 120 characters')

/**
 * An ordered list of library items (issue 16 item 3): a chain of continued clips, or clips the
 * designer picked and ordered. Kept as a small JSON file in the library folder
 * (`Sequences/<name>_<id>.sequence.json`), so it survives, syncs and backs up with the videos.
 */
export const Sequence = z.object({
  schemaVersion: z.literal(SEQUENCE_VERSION),
  id: z.string().regex(/^[a-f0-9]{8,32}$/),
  name: SequenceName,
  /** Library item ids, in playing order (the same clip may come twice). */
  items: z.array(z.string().min(1).max(200)).max(MAX_SEQUENCE_CLIPS),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** The one machine that rewrites this file, with every machine's edits merged; absent in files from before. */
  writer: z.string().max(40).optional(),
})
export type Sequence = z.infer<typeof Sequence>

/**
 * What an exported sequence carries inside its video (`com.reelbox.sequence`, shared/media.ts):
 * its name and its clips, each by library id and the file name it had, so the video says what it
 * is made of wherever it goes (issue 22 item 10).
 */
export const SequenceTag = z.object({
  reelbox: z.literal(1),
  name: z.string().max(200),
  clips: z.array(z.object({ id: z.string().max(200), file: z.string().max(300) })).max(MAX_SEQUENCE_CLIPS),
})
export type SequenceTag = z.infer<typeof SequenceTag>
