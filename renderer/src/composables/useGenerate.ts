import { nextTick } from 'vue'
import { useI18n } from 'vue-i18n'
import { useComposerStore } from '@/stores/composer'
import type { DraftKey } from '@/stores/composer-workspace'
import { useProblemText } from './useProblemText'

/** What takes the keyboard inside a field, in this order: the prompt, the chosen option, a slot's drop zone, an input, a button. */
const FOCUSABLE = ['textarea', '[role=radio][tabindex="0"]', 'select', '[data-testid=drop-zone]', 'input:not([type=file]):not([tabindex="-1"])', 'button:not([disabled])']

/**
 * Brings a form field into view and gives it the keyboard (issue 15 item 9): the Generate bar's
 * hint names the first problem, and Generate itself, refused, goes there.
 */
export function focusField(key: DraftKey): void {
  const field = document.querySelector<HTMLElement>(`[data-testid=create-form] [data-field="${key}"]`)
  if (!field) return
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  field.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' })
  const target = FOCUSABLE.map((selector) => field.querySelector<HTMLElement>(selector)).find(Boolean)
  target?.focus({ preventScroll: true })
}

/** Generate, the Generate bar's words for what is in the way, and the way to it. */
export function useGenerate() {
  const { t } = useI18n()
  const composer = useComposerStore()
  const words = useProblemText()

  const names: Partial<Record<DraftKey, string>> = {
    modelId: 'create.model.label',
    mode: 'create.mode.label',
    prompt: 'create.prompt.label',
    first: 'create.slots.first',
    last: 'create.slots.last',
    references: 'create.refs.label',
    duration: 'create.params.duration',
    resolution: 'create.params.resolution',
    seed: 'create.seed.label',
    audio: 'create.params.audio',
  }
  /** A field as its label on screen says it. */
  function fieldName(key: DraftKey): string {
    if (key === 'image') return t(`create.slots.image.${composer.workspace.mode}`)
    const name = names[key]
    return name ? t(name) : key
  }

  /** The first problem on the form in a few words after its field's name ("Prompt: too long — 935 of 800 characters"). */
  function firstProblemText(): { key: DraftKey; text: string; others: number } | undefined {
    const first = composer.firstProblem
    if (!first) return undefined
    const all = Object.values(composer.check?.fields ?? {}).flat().length
    return { key: first.key, text: t('create.generate.problem', { field: fieldName(first.key), problem: words.short(first.problem) }), others: Math.max(0, all - 1) }
  }

  /** Generate; when the form is refused, its first problem is scrolled into view and focused. */
  async function generate(): Promise<void> {
    const made = await composer.generate()
    // Offline or without a key, the bar says so; a field can do nothing about it.
    if (made || composer.blocker === 'engineAway' || composer.blocker === 'offline' || composer.blocker === 'needsKey') return
    await nextTick()
    const first = composer.firstProblem
    if (first) focusField(first.key)
  }

  return { generate, firstProblemText, fieldName }
}
