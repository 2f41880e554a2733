import type { LibraryItem } from '@shared/library'

export interface LabelWords {
  model(item: LibraryItem): string
  mode(item: LibraryItem): string
  time(item: LibraryItem): string
}

/** What sets the clips apart, in the order a designer looks for it. */
const differences: ReadonlyArray<keyof LabelWords | 'prompt'> = ['model', 'prompt', 'mode', 'time']

/**
 * Each clip's caption says what differs between the clips (issue 22 item 7): the model, the
 * prompt, the mode or when it was made, whichever differ (the first two). Two prompts on one model
 * were both "Lumen 1", which told the designer nothing about which side was which.
 */
export function clipLabels(items: readonly LibraryItem[], words: LabelWords): string[] {
  const say = (what: (typeof differences)[number], item: LibraryItem): string => (what === 'prompt' ? item.prompt : words[what](item))
  // The first two ways they differ (a model and a prompt, say); the model when nothing differs.
  const varying = differences.filter((what) => new Set(items.map((item) => say(what, item))).size > 1).slice(0, 2)
  const shown = varying.length ? varying : (['model'] as const)
  return items.map((item) => shown.map((what) => say(what, item)).join(' · '))
}
