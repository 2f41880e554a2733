/**
 * The message syntax of the catalogue, the subset of vue-i18n's that it uses, so a shell words a
 * key exactly as the page does: `{name}` for a parameter, `{'text'}` for a literal, `@:{'key'}`
 * for another key, and forms split by `|` chosen by the locale's plural rule (`Intl.PluralRules`)
 * from the `count` parameter. Zod-free and dependency-free: every part imports it.
 */

export type Params = Readonly<Record<string, string | number>>

/** CLDR's categories in the order a message writes its forms (en: one | other; zh-CN: other). */
const cldrOrder: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other']

/** The form a count takes in a locale, as vue-i18n's `pluralRules` option wants it. */
export function pluralRule(locale: string): (choice: number, choicesLength: number) => number {
  const rules = new Intl.PluralRules(locale)
  const categories = cldrOrder.filter((category) => rules.resolvedOptions().pluralCategories.includes(category))
  return (choice, choicesLength) => {
    const index = categories.indexOf(rules.select(Math.abs(choice)))
    return Math.min(Math.max(0, index), choicesLength - 1)
  }
}

const token = /@:\{'([^']+)'\}|\{'([^']*)'\}|\{(\w+)\}/g

/** `message` with its form for `params.count` chosen, its links followed and its parameters filled. */
export function formatMessage(message: string, params: Params, locale: string, link: (key: string) => string): string {
  const forms = message.split(/\s*\|\s*/)
  const count = typeof params['count'] === 'number' ? params['count'] : 1
  const form = forms.length > 1 ? forms[pluralRule(locale)(count, forms.length)]! : message
  return form.replace(token, (whole, linked: string | undefined, literal: string | undefined, name: string | undefined) => {
    if (linked !== undefined) return formatMessage(link(linked), params, locale, link)
    if (literal !== undefined) return literal
    const value = params[name!]
    return value === undefined ? whole : String(value)
  })
}
