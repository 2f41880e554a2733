import { z } from 'zod'
import { Draft, PreparedImage } from '../draft'
import { procedure } from './define'

export const DraftCheck = z.object({
  ok: z.boolean(),
  /** Draft key → messages (modelId, mode, prompt, image, first, last, references, duration …). */
  fields: z.record(z.string(), z.array(z.string())),
  /** By body role (image, headtailImages.first, characterImages.0 …): each local image as it will be sent. */
  images: z.record(z.string(), PreparedImage),
})
export type DraftCheck = z.infer<typeof DraftCheck>

export const draftsProcedures = {
  /** The Create form's live check: cheap to call as the designer types (fitting is cached). */
  'drafts.check': procedure(z.strictObject({ draft: Draft }), DraftCheck),
}
