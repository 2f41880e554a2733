import { createI18n } from 'vue-i18n'
import en, { type Messages } from './en'
import zhCN from './zh-CN'

export const locales = ['en', 'zh-CN'] as const
export type Locale = (typeof locales)[number]

export const messages: Record<Locale, Messages> = { en, 'zh-CN': zhCN }

/** The system language when we speak it, English otherwise. */
export function systemLocale(languages: readonly string[]): Locale {
  return languages.some((lang) => lang.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en'
}

/** `strict` (tests) turns a missing key into an error instead of a console warning. */
export function createAppI18n(locale: Locale = 'en', { strict = false } = {}) {
  return createI18n<[Messages], Locale, false>({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    messages,
    ...(strict && {
      missing: (missingLocale: string, key: string) => {
        throw new Error(`Missing translation "${key}" in ${missingLocale}.`)
      },
    }),
  })
}
