import { computed, toValue, type MaybeRefOrGetter } from 'vue'
import { useI18n } from 'vue-i18n'
import type { ModeSpec } from '@shared/catalog'
import { takes } from '@shared/rules/fields'
import { sizeText } from '@shared/rules/resolutions'

/**
 * The values a model's mode offers for its parameters, as choices to show (Create's form and a
 * storyboard shot's card alike): none for a field the mode does not take (§2.1 rule 1).
 */
export function useFieldChoices(spec: MaybeRefOrGetter<ModeSpec | undefined>) {
  const { t } = useI18n()
  const durations = computed(() => {
    const mode = toValue(spec)
    return takes(mode, 'duration') ? (mode?.durations ?? []).map((d) => ({ value: d, label: t('create.params.seconds', { n: d }) })) : []
  })
  /** Every resolution as the catalogue names it (a shot card's one choice; Create splits shape and quality). */
  const resolutions = computed(() => {
    const mode = toValue(spec)
    return takes(mode, 'resolution') ? (mode?.resolutions ?? []).map((r) => ({ value: r, label: sizeText(r) })) : []
  })
  return { durations, resolutions }
}
