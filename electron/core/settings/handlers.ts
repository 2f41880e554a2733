import type { CoreHandlers } from '../../../shared/contract'
import type { SecretsService } from '../secrets/service'
import type { SettingsService } from './service'

type SettingsHandlers = Pick<CoreHandlers, 'settings.get' | 'settings.update' | 'profiles.list' | 'profiles.save' | 'profiles.remove' | 'profiles.activate'>

export function settingsHandlers(settings: SettingsService, secrets: SecretsService): SettingsHandlers {
  return {
    'settings.get': async () => settings.current(),
    'settings.update': async (patch) => settings.update(patch),
    'profiles.list': async () => settings.profiles(),
    'profiles.save': async (draft) => settings.saveProfile(draft),
    'profiles.remove': async ({ id }) => {
      settings.removeProfile(id)
      // The connection is gone either way; a keychain that does not answer only leaves a warning.
      await secrets.forget(id)
      return settings.profiles()
    },
    'profiles.activate': async ({ id }) => settings.activate(id),
  }
}
