import { computed, ref, shallowRef, type ComputedRef } from 'vue'
import type { DraftCheck } from '@shared/contract/drafts'
import type { Draft } from '@shared/draft'
import { AppError } from '@shared/errors'
import { useEngineApi } from '@/api/provide'
import { byDraftKey } from './composer-shape'

const DEBOUNCE_MS = 150

/**
 * The Create form's live check (`drafts.check`): debounced while the designer types, answered
 * at once when Generate needs it, and never overwritten by an older answer arriving late.
 */
export function createDraftCheck(draft: ComputedRef<Draft>) {
  /** The newest answer, with the draft it judged. */
  const last = shallowRef<{ key: string; draft: Draft; check: DraftCheck }>()
  /** The check itself failed (the engine is unreachable), as opposed to finding problems. */
  const problem = ref<string>()
  const key = computed(() => JSON.stringify(draft.value))
  let timer: ReturnType<typeof setTimeout> | undefined
  let sequence = 0

  async function now(): Promise<DraftCheck | undefined> {
    clearTimeout(timer)
    timer = undefined
    const wanted = key.value
    if (last.value?.key === wanted) return last.value.check
    const judged = draft.value
    const mine = ++sequence
    const keep = (check: DraftCheck): DraftCheck => {
      if (mine === sequence) last.value = { key: wanted, draft: judged, check }
      return check
    }
    try {
      const check = keep(await useEngineApi().drafts.check({ draft: judged }))
      if (mine === sequence) problem.value = undefined
      return check
    } catch (error) {
      const appError = AppError.from(error)
      const fields = appError.code === 'INVALID_INPUT' ? appError.fieldErrors : undefined
      // The router refused the draft's shape (keys like `draft.prompt`): the same as a failed check.
      if (fields) return keep({ ok: false, fields: byDraftKey(fields), images: {} })
      if (mine === sequence) problem.value = appError.message
      return undefined
    }
  }

  function schedule(): void {
    clearTimeout(timer)
    timer = setTimeout(() => void now(), DEBOUNCE_MS)
  }

  /** The last answer's message for one Draft key, if that value has not changed since. */
  function messageFor(field: keyof Draft): string | undefined {
    const judged = last.value
    if (!judged || JSON.stringify(judged.draft[field]) !== JSON.stringify(draft.value[field])) return undefined
    return judged.check.fields[field]?.[0]
  }

  return { last, problem, key, now, schedule, messageFor, stop: () => clearTimeout(timer) }
}
