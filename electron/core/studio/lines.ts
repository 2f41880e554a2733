import { z } from 'zod'
import type { Stamp } from './clock'

/**
 * One line of a machine's change log: the fields it set on one subject at one moment, as values
 * ("favourite: true"), never as toggles. JSON Lines, so a reader can take every whole line of a
 * file another machine is still appending to.
 */
export const ChangeLine = z.object({
  at: z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]),
  of: z.string().min(1),
  set: z.record(z.string(), z.json()),
})
export type ChangeLine = z.infer<typeof ChangeLine>

export const lineOf = (at: Stamp, of: string, set: Record<string, unknown>): string => `${JSON.stringify({ at, of, set })}\n`

/** A line as read; undefined when it is not one of ours (a hand edit, a sync engine's damage). */
export function parseLine(text: string): ChangeLine | undefined {
  try {
    const parsed = ChangeLine.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}
