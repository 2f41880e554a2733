import { z } from 'zod'
import { Settings, SettingsPatch } from '../settings'
import { procedure } from './define'

export const settingsProcedures = {
  'settings.get': procedure(z.void(), Settings),
  /** A deep-partial patch; an invalid value is refused with its field named and nothing changes. */
  'settings.update': procedure(SettingsPatch, Settings),
}

export const settingsEvents = {
  'settings.changed': Settings,
}
