import { useI18n } from 'vue-i18n'

/** A line of the engine's log, or a note the engine made as one: its code (under `log.` in shared/locales) and parameters. */
export interface LogNote {
  code?: string
  params?: Readonly<Record<string, string | number>>
  /** The engine's English, said as is when the code is one this page does not know (a newer engine). */
  message?: string
}

/**
 * The designer's words for an engine line (issue 22 item 13): the shared catalogue's `log.<code>`
 * in the current language, its forms chosen by `count` when it has one.
 */
export function useLogText() {
  const { t, te } = useI18n()
  return (note: LogNote): string | undefined => {
    const key = `log.${note.code}`
    if (!note.code || !te(key, 'en')) return note.message
    const params = note.params ?? {}
    return typeof params['count'] === 'number' ? t(key, params, params['count']) : t(key, params)
  }
}
