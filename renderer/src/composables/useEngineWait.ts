import { computed, type ComputedRef } from 'vue'
import { useI18n } from 'vue-i18n'
import { useEngineStore } from '@/stores/engine'

/**
 * Why an action that needs the engine cannot run now (issue 22 item 3): while the engine is away,
 * the reason, for the action's title beside its disabled state; else undefined, and it runs.
 */
export function useEngineWait(): ComputedRef<string | undefined> {
  const { t } = useI18n()
  const engine = useEngineStore()
  return computed(() => (engine.away ? t('engineAway.action') : undefined))
}
