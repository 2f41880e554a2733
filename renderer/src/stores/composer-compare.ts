import { computed, ref, type Ref } from 'vue'
import { BATCH_JOBS_MAX, COMPARE_MODELS_MAX, batchSize } from '@shared/rules/compare'

/**
 * "Compare on…" (issue 17 item 1): the other models the next Generate also goes to, with the
 * form's model first. What the batch will make (models × variations) is said before sending, and
 * more than BATCH_JOBS_MAX keeps Generate from going.
 */
export function createCompareOn(modelId: () => string, variations: Ref<number>) {
  const chosen = ref<string[]>([])
  /** The other models, never the form's own (choosing it as the model takes it out of the list). */
  const compareWith = computed(() => chosen.value.filter((id) => id !== modelId()))
  /** Every model of the comparison, the form's first; empty when not comparing. */
  const compareModels = computed(() => (compareWith.value.length ? [modelId(), ...compareWith.value] : []))
  const batchVideos = computed(() => batchSize(Math.max(1, compareModels.value.length), variations.value))
  const batchTooBig = computed(() => batchVideos.value > BATCH_JOBS_MAX)
  const compareFull = computed(() => compareWith.value.length >= COMPARE_MODELS_MAX - 1)

  function toggleCompare(id: string): void {
    if (chosen.value.includes(id)) chosen.value = chosen.value.filter((each) => each !== id)
    else if (!compareFull.value && id !== modelId()) chosen.value = [...compareWith.value, id]
  }

  /**
   * Clears the other models; returns the list as it was (for the notice that says so, and its
   * Undo), the form's model included when it was ticked before it became the form's.
   */
  function stopComparing(): string[] {
    const cleared = chosen.value
    chosen.value = []
    return cleared
  }

  /** Undo of a clearing: these models again. */
  function restoreCompare(ids: readonly string[]): void {
    chosen.value = [...ids]
  }

  return { compareWith, compareModels, batchVideos, batchTooBig, compareFull, toggleCompare, stopComparing, restoreCompare }
}
