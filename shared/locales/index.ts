/**
 * The one catalogue of words spoken outside the page's screens, keyed by code: the desktop shell's
 * menus and notices, the engine's activity lines, the CLI's sentences and the facts the page shares
 * with them ("Video ready", the accepted image formats). One folder per language (ComfyUI's
 * `src/locales/<lang>/`), one locale list, one plural rule. The page merges these into its
 * vue-i18n messages (renderer/src/i18n), so a key reads the same wherever it is said; zh-CN must
 * have exactly the keys of en (its files `satisfies` en's shape and a test compares the trees).
 */
import en, { type SharedMessages } from './en'
import { formatMessage, type Params } from './message'
import zhCN from './zh-CN'

export { pluralRule, type Params } from './message'

export const locales = ['en', 'zh-CN'] as const
export type Locale = (typeof locales)[number]

/** Each language named in itself, so it can be found whatever the page speaks now. */
export const localeNames: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文' }

export const sharedMessages: Record<Locale, SharedMessages> = { en, 'zh-CN': zhCN }
export type { SharedMessages }

/** The system language when we speak it, English otherwise. */
export function systemLocale(languages: readonly string[]): Locale {
  return languages.some((lang) => lang.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en'
}

/**
 * The language a terminal command speaks: English unless the environment's locale
 * (`LC_ALL`, else `LC_MESSAGES`, else `LANG`, as POSIX orders them) says Chinese.
 */
export function terminalLocale(env: Readonly<Record<string, string | undefined>>): Locale {
  const setting = env['LC_ALL'] || env['LC_MESSAGES'] || env['LANG'] || ''
  return systemLocale([setting])
}

/** The designer's language setting (`Settings['language']`), else the system's. */
export function localeOf(language: 'system' | Locale, system: readonly string[]): Locale {
  return language === 'system' ? systemLocale(system) : language
}

/** Every dotted key of a catalogue tree whose value is a message. */
export type KeyOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeyOf<T[K], `${Prefix}${K}.`>
}[keyof T & string]

export type MessageKey = KeyOf<SharedMessages>

function lookup(locale: Locale, key: string): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], sharedMessages[locale])
  if (typeof found === 'string') return found
  if (locale !== 'en') return lookup('en', key)
  throw new Error(`No message "${key}" in the catalogue.`)
}

/** A key worded in a locale, as the page's `t(key, params, count)` words it. */
export function say(locale: Locale, key: MessageKey, params: Params = {}): string {
  return formatMessage(lookup(locale, key), params, locale, (linked) => lookup(locale, linked))
}

/** `say` bound to a locale. */
export function sayer(locale: Locale): (key: MessageKey, params?: Params) => string {
  return (key, params) => say(locale, key, params)
}
