import { defineStore } from 'pinia'
import { ref } from 'vue'
import { useNavStore } from './nav'

/** The parts of the Settings screen, in the order of its side navigation. */
export const settingsSections = ['service', 'key', 'catalog', 'library', 'jobs', 'cost', 'notifications', 'appearance', 'about'] as const
export type SettingsSection = (typeof settingsSections)[number]

function sectionFromHash(hash: string): SettingsSection {
  const name = /^#\/settings\/([a-z]+)/.exec(hash)?.[1]
  return (settingsSections as readonly string[]).includes(name ?? '') ? (name as SettingsSection) : 'service'
}

/**
 * Which part of Settings is showing, kept in the URL (`#/settings/key`) so a reload stays there
 * and other screens can send the designer straight to one ("Check the key" from the Queue).
 */
export const useSettingsSectionStore = defineStore('settingsSection', () => {
  const nav = useNavStore()
  const section = ref<SettingsSection>(sectionFromHash(window.location.hash))

  function show(next: SettingsSection): void {
    section.value = next
    const want = `#/settings/${next}`
    if (window.location.hash !== want) window.history.replaceState(window.history.state, '', want)
  }

  /** Goes to Settings at this section, from anywhere. */
  function open(next: SettingsSection): void {
    nav.go('settings')
    show(next)
  }

  return { section, show, open }
})
