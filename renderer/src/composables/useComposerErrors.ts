import { computed } from 'vue'
import { useComposerStore } from '@/stores/composer'
import type { DraftKey } from '@/stores/composer-workspace'
import { useProblemText } from './useProblemText'

/** The Create form's problems in the designer's words: under each field, on submit, and of the check itself. */
export function useComposerErrors() {
  const composer = useComposerStore()
  const words = useProblemText()
  return {
    errorFor(key: DraftKey): string | undefined {
      const found = composer.problemFor(key)
      return found && words.problem(found)
    },
    submitProblem: computed(() => composer.submitProblem && words.error(composer.submitProblem)),
    checkProblem: computed(() => composer.checkProblem && words.error(composer.checkProblem)),
  }
}
