import type { LibraryItem } from '@shared/library'

export interface LabelWords {
  model(item: LibraryItem): string
  mode(item: LibraryItem): string
  time(item: LibraryItem): string
}

type Difference = keyof LabelWords | 'prompt'
/** What sets the clips apart, in the order a designer looks for it. */
const differences: readonly Difference[] = ['model', 'prompt', 'mode']

/**
 * Each clip's caption says what differs between the clips (issue 22 item 7): the model, the
 * prompt or the mode, whichever differ (the first two), and when it was made only when nothing else
 * does. Two prompts on one model were both "Lumen 1", which told the designer nothing about which
 * side was which; and one batch's clips, finished either side of a minute, are told apart by their
 * models, not by a clock that happened to turn.
 */
export function clipLabels(items: readonly LibraryItem[], words: LabelWords): string[] {
  const say = (what: Difference, item: LibraryItem): string => (what === 'prompt' ? item.prompt : words[what](item))
  const differs = (what: Difference): boolean => new Set(items.map((item) => say(what, item))).size > 1
  // The first two ways they differ (a model and a prompt, say); then the time; the model when nothing differs.
  const varying = differences.filter(differs).slice(0, 2)
  const shown: readonly Difference[] = varying.length ? varying : differs('time') ? ['time'] : ['model']
  return items.map((item) => shown.map((what) => say(what, item)).join(' · '))
}
