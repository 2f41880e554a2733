import type { Handlers } from '../../../shared/contract/define'
import type { secretsProcedures } from '../../../shared/contract/secrets'
import type { SecretsService } from '../secrets/service'

/** The key goes in through `setApiKey` and never comes back out: every answer is a status. */
export function secretsHandlers(secrets: SecretsService): Handlers<typeof secretsProcedures> {
  return {
    'secrets.status': async (input) => secrets.status(input?.profileId),
    'secrets.setApiKey': async ({ profileId, apiKey }) => secrets.setApiKey(profileId, apiKey),
    'secrets.clear': async (input) => secrets.clear(input?.profileId),
    'secrets.check': async (input) => secrets.check(input?.profileId),
  }
}
