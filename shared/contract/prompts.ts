import { z } from 'zod'
import { procedure } from './define'

/**
 * One prompt the designer sent (issue 17 item 5), kept once however often it was sent: the
 * models it went to (newest first), when it was last sent, whether it is starred as a saved
 * prompt, and its latest result in the library (for a thumbnail), if it is still there.
 */
export const PromptEntry = z.object({
  text: z.string(),
  models: z.array(z.string()),
  usedAt: z.number(),
  starred: z.boolean(),
  latest: z.object({ id: z.string(), hasPoster: z.boolean() }).optional(),
})
export type PromptEntry = z.infer<typeof PromptEntry>

export const promptsProcedures = {
  /** Newest first; `search`: every word in the prompt (case and width folded), like the library's search. */
  'prompts.list': procedure(
    z.strictObject({ search: z.string().max(500).optional(), starred: z.boolean().optional(), limit: z.number().int().min(1).max(200).default(50) }),
    z.object({ entries: z.array(PromptEntry), total: z.number().int() }),
  ),
  /** Starred prompts are the designer's saved prompts: kept when the history is cleared. */
  'prompts.star': procedure(z.strictObject({ text: z.string().min(1).max(20_000), starred: z.boolean() }), PromptEntry),
  /** Settings → Clear prompt history: every prompt but the starred ones. */
  'prompts.clear': procedure(z.void(), z.object({ removed: z.number().int() })),
}
