/**
 * The one catalogue (shared/locales): every key in both languages, and a key worded by a shell
 * reads exactly as the page's vue-i18n words it (same syntax, same plural rule).
 */
import { describe, expect, it } from 'vitest'
import { createI18n } from 'vue-i18n'
import { locales, pluralRule, say, sharedMessages, terminalLocale, type MessageKey } from '../../shared/locales'

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix]
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key))
}

function textAt(locale: (typeof locales)[number], key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], sharedMessages[locale])
}

/** The params a message names, those of the messages it links (`@:{'key'}`) included. */
function namesIn(locale: (typeof locales)[number], text: string): string[] {
  const linked = [...text.matchAll(/@:\{'([^']+)'\}/g)].flatMap((match) => namesIn(locale, String(textAt(locale, match[1]!))))
  return [...[...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!), ...linked]
}

describe('the shared catalogue', () => {
  it('has every key in en and zh-CN, none empty, and no Chinese in English', () => {
    const english = keys(sharedMessages.en).sort()
    expect(english.length).toBeGreaterThan(50)
    for (const locale of locales) {
      expect(keys(sharedMessages[locale]).sort(), locale).toEqual(english)
      for (const key of english) expect(textAt(locale, key), `${locale}:${key}`).not.toBe('')
    }
    for (const key of english) expect(textAt('en', key), key).not.toMatch(/\p{Script=Han}/u)
  })

  it('words a key in a shell exactly as the page does, plurals and links included', () => {
    const i18n = createI18n({ legacy: false, locale: 'en', messages: sharedMessages, pluralRules: { en: pluralRule('en'), 'zh-CN': pluralRule('zh-CN') } })
    const t = i18n.global.t as (key: string, named: Record<string, unknown>, plural?: number) => string
    const cases: Array<[MessageKey, Record<string, string | number>]> = [
      ['desktop.close.message', { count: 1 }],
      ['desktop.close.message', { count: 4 }],
      ['desktop.later.body', { count: 2 }],
      ['notices.failedBody', { what: 'A boat', why: 'the service said no' }],
      ['formats.images', {}],
    ]
    for (const locale of locales) {
      i18n.global.locale.value = locale
      for (const [key, params] of cases) {
        const page = typeof params['count'] === 'number' ? t(key, params, params['count']) : t(key, params)
        expect(say(locale, key, params), `${locale}:${key}`).toBe(page)
      }
    }
    expect(say('en', 'desktop.close.message', { count: 1 })).toBe('A video is still being made.')
    expect(say('en', 'desktop.close.message', { count: 3 })).toBe('3 videos are still being made.')
    expect(say('zh-CN', 'desktop.close.message', { count: 3 })).toBe('还有 3 个视频正在生成。')
  })

  it('words every key, the CLI’s and the log’s included, exactly as vue-i18n does', () => {
    const i18n = createI18n({ legacy: false, locale: 'en', messages: sharedMessages, pluralRules: { en: pluralRule('en'), 'zh-CN': pluralRule('zh-CN') } })
    const t = i18n.global.t as (key: string, named: Record<string, unknown>, plural: number) => string
    for (const locale of locales) {
      i18n.global.locale.value = locale
      for (const key of keys(sharedMessages.en)) {
        const names = [...namesIn('en', String(textAt('en', key))), ...namesIn(locale, String(textAt(locale, key)))]
        for (const count of [1, 3]) {
          const params = { ...Object.fromEntries(names.map((name) => [name, `<${name}>`])), count }
          expect(say(locale, key as MessageKey, params), `${locale}:${key}`).toBe(t(key, params, count))
        }
      }
    }
  })

  it('lets a terminal command speak English unless its locale says Chinese, LC_ALL first', () => {
    expect(terminalLocale({})).toBe('en')
    expect(terminalLocale({ LANG: 'C.UTF-8' })).toBe('en')
    expect(terminalLocale({ LANG: 'zh_CN.UTF-8' })).toBe('zh-CN')
    expect(terminalLocale({ LANG: 'zh_CN.UTF-8', LC_ALL: 'en_GB.UTF-8' })).toBe('en')
    expect(say('en', 'terminal.count.referenceImage', { count: 1 })).toBe('1 reference image')
    expect(say('en', 'terminal.count.referenceImage', { count: 2 })).toBe('2 reference images')
  })
})
