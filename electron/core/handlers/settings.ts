import type { Handlers } from '../../../shared/contract/define'
import type { settingsProcedures } from '../../../shared/contract/settings'
import type { SettingsService } from '../settings/service'

export function settingsHandlers(settings: SettingsService): Handlers<typeof settingsProcedures> {
  return {
    'settings.get': async () => settings.current(),
    'settings.update': async (patch) => settings.update(patch),
  }
}
