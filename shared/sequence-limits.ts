/**
 * A sequence's limits, without zod: the page checks what it kept against them too, and does not
 * bundle zod (docs/ARCHITECTURE.md, "Names without zod"). The schemas are in shared/sequence.ts.
 */

/** The most clips in one sequence. */
export const MAX_SEQUENCE_CLIPS = 500
