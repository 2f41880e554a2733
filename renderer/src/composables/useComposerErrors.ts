import { computed } from 'vue'
import { useI18n } from 'vue-i18n'
import { useComposerStore } from '@/stores/composer'
import type { DraftKey } from '@/stores/composer-workspace'
import { useProblemText } from './useProblemText'

/** The Create form's problems in the designer's words: under each field, on submit, and of the check itself. */
export function useComposerErrors() {
  const composer = useComposerStore()
  const words = useProblemText()
  const { t } = useI18n()
  return {
    errorFor(key: DraftKey): string | undefined {
      const found = composer.problemFor(key)
      // Beside its own field, the service's words say more than the field's name again.
      if (found?.code === 'service.refused') return t('problems.service.refusedHere', { said: found.params.said })
      return found && words.problem(found)
    },
    submitProblem: computed(() => composer.submitProblem && words.error(composer.submitProblem)),
    checkProblem: computed(() => composer.checkProblem && words.error(composer.checkProblem)),
  }
}
