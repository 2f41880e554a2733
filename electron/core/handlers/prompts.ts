import type { Handlers } from '../../../shared/contract/define'
import type { promptsProcedures } from '../../../shared/contract/prompts'
import type { PromptHistory } from '../prompts/history'

export function promptsHandlers(history: PromptHistory): Handlers<typeof promptsProcedures> {
  return {
    'prompts.list': (query) => history.list(query),
    'prompts.star': ({ text, starred }) => history.star(text, starred),
    'prompts.clear': async () => ({ removed: await history.clear() }),
  }
}
