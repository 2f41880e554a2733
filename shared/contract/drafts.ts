import { z } from 'zod'
import { Draft, PreparedImage } from '../draft'
import { asideKeys } from '../rules/fields'
import { readProblem, type Problem } from '../rules/problems'
import { procedure } from './define'

/** A field problem as data (shared/rules/problems.ts): the renderer and the CLI word it. */
export const ProblemSchema = z.custom<Problem>((value) => readProblem(value) !== undefined, 'expected a problem {code, params}')

export const DraftCheck = z.object({
  ok: z.boolean(),
  /** What would be sent: the draft asked for, adapted to its model and mode (shared/rules/fields.ts `adaptDraft`). */
  draft: Draft,
  /** What the draft asked for that this model and mode will not send. */
  aside: z.array(z.enum(asideKeys)),
  /** Images the draft holds for another mode: kept for it, not sent, and no loss (shared/rules/fields.ts `adaptDraft`). */
  kept: z.array(z.enum(asideKeys)),
  /** Draft key → problems of the adapted draft (modelId, mode, prompt, image, first, last, references, duration …). */
  fields: z.record(z.string(), z.array(ProblemSchema)),
  /** By body role (image, headtailImages.first, characterImages.0 …): each local image as it will be sent. */
  images: z.record(z.string(), PreparedImage),
})
export type DraftCheck = z.infer<typeof DraftCheck>

export const draftsProcedures = {
  /**
   * The Create form's live check: cheap to call as the designer types (fitting is cached). It
   * takes what the designer asked for and answers with the draft that would be sent, what was
   * set aside, and what is wrong with it.
   */
  'drafts.check': procedure(z.strictObject({ draft: Draft }), DraftCheck),
}
