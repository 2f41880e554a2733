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

/**
 * The locale's own plural rule (CLDR, through Intl.PluralRules): a message's forms are written in
 * the order of the locale's categories (en: one | other; zh-CN has only other, so one form).
 */
const cldrOrder: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other']

export function pluralRule(locale: Locale): (choice: number, choicesLength: number) => number {
  const rules = new Intl.PluralRules(locale)
  const categories = cldrOrder.filter((category) => rules.resolvedOptions().pluralCategories.includes(category))
  return (choice, choicesLength) => {
    const index = categories.indexOf(rules.select(Math.abs(choice)))
    return Math.min(Math.max(0, index), choicesLength - 1)
  }
}

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
