import type { CoreHandlers } from '../../../shared/contract'
import type { PromptHistory } from './history'

type PromptHandlers = Pick<CoreHandlers, 'prompts.list' | 'prompts.star' | 'prompts.clear'>

export function promptHandlers(history: PromptHistory): PromptHandlers {
  return {
    'prompts.list': (query) => history.list(query),
    'prompts.star': ({ text, starred }) => history.star(text, starred),
    'prompts.clear': async () => ({ removed: await history.clear() }),
  }
}
