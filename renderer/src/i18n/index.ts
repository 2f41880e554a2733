import { createI18n } from 'vue-i18n'
import { locales, pluralRule, sharedMessages, systemLocale, type Locale } from '@shared/locales'
import en, { type Messages as ScreenMessages } from './en'
import zhCN from './zh-CN'

/**
 * The page's words: its screens' (here, one folder per language) and the catalogue it shares with
 * the desktop shell, the engine and the CLI (shared/locales: notices, formats, activity lines),
 * under one vue-i18n. The locale list and the plural rule (CLDR, through Intl.PluralRules: a
 * message's forms are written in the order of the locale's categories, en: one | other, zh-CN:
 * other) are the shared catalogue's.
 */
export { locales, pluralRule, systemLocale, type Locale }

export type Messages = ScreenMessages & (typeof sharedMessages)['en']

export const messages: Record<Locale, Messages> = { en: { ...en, ...sharedMessages.en }, 'zh-CN': { ...zhCN, ...sharedMessages['zh-CN'] } }

/** `strict` (tests) turns a missing key into an error instead of a console warning. */
export function createAppI18n(locale: Locale = 'en', { strict = false } = {}) {
  return createI18n<[Messages], Locale, false>({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    messages,
    pluralRules: { en: pluralRule('en'), 'zh-CN': pluralRule('zh-CN') },
    ...(strict && {
      missing: (missingLocale: string, key: string) => {
        throw new Error(`Missing translation "${key}" in ${missingLocale}.`)
      },
    }),
  })
}
