import { computed, shallowRef, type ComputedRef } from 'vue'
import { useTimeoutFn } from '@vueuse/core'
import type { DraftCheck } from '@shared/contract/drafts'
import type { Draft } from '@shared/draft'
import { AppError, type FieldProblems, type Problem } from '@shared/errors'
import { useEngineApi } from '@/api/provide'

const DEBOUNCE_MS = 150

/**
 * Problems keyed by Draft key, whoever found them: `drafts.check` uses Draft keys (`prompt`), the
 * router's schema check uses input paths (`draft.prompt`, `draft.references.2.url`).
 */
export function byDraftKey(fields: FieldProblems): FieldProblems {
  const out: FieldProblems = {}
  for (const [path, found] of Object.entries(fields)) {
    const parts = path.split('.')
    const key = (parts[0] === 'draft' ? parts[1] : parts[0]) || 'draft'
    ;(out[key] ??= []).push(...found)
  }
  return out
}

/**
 * The Create form's live check (`drafts.check`) of what the designer asks for: debounced while
 * they type, answered at once when Generate or a switch needs it, and never overwritten by an
 * older answer arriving late. The answer carries the draft that would be sent and what is set
 * aside, so the form computes neither.
 */
export function createDraftCheck(wishes: ComputedRef<Draft>) {
  /** The newest answer, with the wishes it judged. */
  const last = shallowRef<{ key: string; wishes: Draft; check: DraftCheck }>()
  /** The check itself failed (the engine is unreachable), as opposed to finding problems. */
  const failure = shallowRef<AppError>()
  const key = computed(() => JSON.stringify(wishes.value))
  /** The answer for the wishes as they are now, once it has come. */
  const current = computed(() => (last.value?.key === key.value ? last.value.check : undefined))
  const later = useTimeoutFn(() => void now(), DEBOUNCE_MS, { immediate: false })
  let sequence = 0

  async function now(): Promise<DraftCheck | undefined> {
    later.stop()
    const wanted = key.value
    if (last.value?.key === wanted) return last.value.check
    const judged = wishes.value
    const mine = ++sequence
    const keep = (check: DraftCheck): DraftCheck => {
      if (mine === sequence) last.value = { key: wanted, wishes: judged, check }
      return check
    }
    try {
      const check = keep(await useEngineApi().drafts.check({ draft: judged }))
      if (mine === sequence) failure.value = undefined
      return check
    } catch (error) {
      const appError = AppError.from(error)
      const fields = appError.code === 'INVALID_INPUT' ? appError.fieldProblems : undefined
      // The router refused the wishes' shape (a prompt past any model's length): a failed check.
      if (fields) return keep({ ok: false, draft: judged, aside: [], kept: [], fields: byDraftKey(fields), images: {} })
      if (mine === sequence) failure.value = appError
      return undefined
    }
  }

  /** Asks once typing pauses. */
  const schedule = (): void => later.start()

  /** The last answer's problem for one Draft key, if that value has not changed since. */
  function problemFor(field: keyof Draft): Problem | undefined {
    const judged = last.value
    if (!judged || JSON.stringify(judged.wishes[field]) !== JSON.stringify(wishes.value[field])) return undefined
    return judged.check.fields[field]?.[0]
  }

  return { last, current, failure, key, now, schedule, problemFor, stop: later.stop }
}
