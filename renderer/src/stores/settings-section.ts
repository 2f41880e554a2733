import { defineStore } from 'pinia'
import { computed } from 'vue'
import { useNavStore } from './nav'

/** The parts of the Settings screen, in the order of its side navigation. */
export const settingsSections = ['service', 'key', 'catalog', 'library', 'jobs', 'cost', 'notifications', 'appearance', 'about'] as const
export type SettingsSection = (typeof settingsSections)[number]

/**
 * Which part of Settings is showing: the route's `section` (`#/settings/key`), so a reload stays
 * there and other screens can send the designer straight to one ("Check the key" from the Queue).
 */
export const useSettingsSectionStore = defineStore('settingsSection', () => {
  const nav = useNavStore()
  const section = computed<SettingsSection>(() => {
    const name = nav.screen === 'settings' ? nav.route.params.section : undefined
    return (settingsSections as readonly unknown[]).includes(name) ? (name as SettingsSection) : 'service'
  })

  /** The section in view changed (a click in the side navigation, or scrolling): the same step in history. */
  function show(next: SettingsSection): void {
    nav.navigate({ name: 'settings', params: { section: next } }, 'replace')
  }

  /** Goes to Settings at this section, from anywhere. */
  function open(next: SettingsSection): void {
    nav.navigate({ name: 'settings', params: { section: next } })
  }

  return { section, show, open }
})
