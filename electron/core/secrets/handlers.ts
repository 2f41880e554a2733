import type { CoreHandlers } from '../../../shared/contract'
import type { SecretsService } from './service'

type SecretsHandlers = Pick<CoreHandlers, 'secrets.status' | 'secrets.setApiKey' | 'secrets.clear' | 'secrets.check'>

/** The key goes in through `setApiKey` and never comes back out: every answer is a status. */
export function secretsHandlers(secrets: SecretsService): SecretsHandlers {
  return {
    'secrets.status': async (input) => secrets.status(input?.profileId),
    'secrets.setApiKey': async ({ profileId, apiKey }) => secrets.setApiKey(profileId, apiKey),
    'secrets.clear': async (input) => secrets.clear(input?.profileId),
    'secrets.check': async (input) => secrets.check(input?.profileId),
  }
}
