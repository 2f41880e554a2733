/**
 * "Compare on…" (issue 17 item 1): one draft sent to several models at once, as one batch.
 * Zod-free: the Create form says the count before sending, the contract refuses past it.
 */
/** Models in one comparison: the compare view shows at most four side by side. */
export const COMPARE_MODELS_MAX = 4
/** Videos one comparison may make (models × variations), said before sending. */
export const BATCH_JOBS_MAX = 16

/** How many videos a comparison of `models` models with `variations` variations each makes. */
export function batchSize(models: number, variations: number): number {
  return models * variations
}
