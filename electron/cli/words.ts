import { say as sayIn, terminalLocale, type Locale, type MessageKey, type Params } from '../../shared/locales'

/**
 * The language `reelbox` speaks: the terminal's (`LC_ALL`, else `LC_MESSAGES`, else `LANG`),
 * English unless that says Chinese. Its words live in the shared catalogue (shared/locales, the
 * `cli` namespace); `--json` output is data and codes, the same in every language.
 */
export const locale: Locale = terminalLocale(process.env)

export const say = (key: MessageKey, params?: Params): string => sayIn(locale, key, params)

/** `say` for a key built from a code (`cli.problems.${code}`): typed by the caller's map. */
export const sayKey = (key: string, params?: Params): string => sayIn(locale, key as MessageKey, params)
