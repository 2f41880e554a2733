import { watch } from 'vue'
import type { Composer } from 'vue-i18n'
import { systemLocale, type Locale } from '@/i18n'
import { followAppCommands } from './app-commands'
import { useCatalogStore } from './catalog'
import { useCompareStore } from './compare'
import { useComposerStore } from './composer'
import { useConnectionStore } from './connection'
import { useCostStore } from './cost'
import { useEngineStore } from './engine'
import { useJobsStore } from './jobs'
import { useLibraryStore } from './library'
import { useStoryboardStore } from './storyboard'
import { useSequenceStore } from './sequence'
import { useSettingsStore } from './settings'

/**
 * Subscribes every store to the engine, once, after the app is mounted (stores do no I/O when
 * they are created). Also follows the designer's language choice.
 */
export async function startStores(i18n: Pick<Composer, 'locale'>): Promise<void> {
  // Before any await: a menu command sent as the window finishes loading must find a listener.
  followAppCommands()
  const settings = useSettingsStore()
  watch(
    () => settings.settings?.language,
    (language) => {
      const locale: Locale = !language || language === 'system' ? systemLocale(navigator.languages) : language
      i18n.locale.value = locale
      document.documentElement.lang = locale
    },
  )
  // Back after the engine was away: what happened meanwhile is read again, the Queue from the
  // journal (jobs.list), the library from its index; nothing from before is trusted.
  useEngineStore().onReturn(() => {
    void useJobsStore().load()
    void useLibraryStore().catchUp()
  })
  useComposerStore().start()
  useLibraryStore().start()
  useSequenceStore().start()
  useStoryboardStore().start()
  useCompareStore().start()
  useCostStore().start()
  await Promise.all([useEngineStore().start(), settings.start(), useCatalogStore().start(), useJobsStore().start(), useConnectionStore().start()])
}
