import type { Handlers } from '../../../shared/contract/define'
import type { profilesProcedures } from '../../../shared/contract/profiles'
import type { SecretsService } from '../secrets/service'
import { testProfile } from '../service/given-answer'
import type { RecentAnswers } from '../service/recent-answers'
import type { SettingsService } from '../settings/service'

/** The designer's connections, and the profile tester on a pasted answer or the connection's last ones. */
export function profilesHandlers(deps: { settings: SettingsService; secrets: SecretsService; recent: RecentAnswers; redact: (text: string) => string }): Handlers<typeof profilesProcedures> {
  const { settings, secrets, recent, redact } = deps
  return {
    'profiles.list': async () => settings.profiles(),
    'profiles.save': async (draft) => settings.saveProfile(draft),
    'profiles.remove': async ({ id }) => {
      settings.removeProfile(id)
      // The connection is gone either way; a keychain that does not answer only leaves a warning.
      await secrets.forget(id)
      return settings.profiles()
    },
    'profiles.activate': async ({ id }) => settings.activate(id),
    'profiles.test': async ({ serviceProfile, answer, kind }) => testProfile(serviceProfile, answer, kind, redact),
    'profiles.recent': async ({ id, serviceProfile }) =>
      recent.of(id).map((one) => ({ at: one.at, answer: one.text, reading: testProfile(serviceProfile, one.text, one.kind, redact) })),
  }
}
