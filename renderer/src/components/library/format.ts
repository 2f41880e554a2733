/** What the Library screen prints: day headers, durations, times, sizes (locale-aware, tabular). */
import type { LibraryItem } from '@shared/library'
import { localDay } from '@shared/format'
import { clock } from '@/format'

export { count, fileSize } from '@/format'

export { localDay } from '@shared/format'

function dateOf(day: string): Date {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1)
}

/** English reads "Mon 17 Nov" (day before month); Chinese "11月17日 周一". */
const intlLocale = (locale: string): string => (locale === 'en' ? 'en-GB' : locale)

// Making an Intl formatter costs far more than using one: tiles and day headers render every
// frame while the grid scrolls, so each kind is made once per locale.
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(locale: string, kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${kind}`
  let made = formatters.get(key)
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(intlLocale(locale), options)))
  return made
}

/**
 * "Today", "Yesterday", "Mon 17 Nov", and the year when it is not this one. `words` gives the
 * translated Today and Yesterday.
 */
export function dayLabel(day: string, locale: string, words: { today: string; yesterday: string }, now = Date.now()): string {
  if (day === localDay(now)) return words.today
  const yesterday = new Date(now)
  yesterday.setDate(yesterday.getDate() - 1)
  if (day === localDay(yesterday.getTime())) return words.yesterday
  const date = dateOf(day)
  const sameYear = date.getFullYear() === new Date(now).getFullYear()
  return sameYear
    ? formatter(locale, 'day', { weekday: 'short', day: 'numeric', month: 'short' }).format(date)
    : formatter(locale, 'day-year', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(date)
}

/** 0:05, 1:02, 1:02:03. */
export function duration(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return ''
  return clock(Math.round(seconds))
}

export function timeOfDay(time: number, locale: string): string {
  return formatter(locale, 'time', { hour: '2-digit', minute: '2-digit' }).format(time)
}

export function dateTime(time: number, locale: string): string {
  return formatter(locale, 'date-time', { dateStyle: 'medium', timeStyle: 'short' }).format(time)
}



/**
 * How the media box sits inside a 16:9 frame: a 9:16 or 1:1 result keeps its shape (sized from
 * its width and height before anything loads, so nothing jumps), centred on a dark mat.
 */
export function shapeIn169(item: Pick<LibraryItem, 'width' | 'height'>): { width: string; height: string } {
  const frame = 16 / 9
  const ratio = item.width && item.height ? item.width / item.height : frame
  return ratio >= frame ? { width: '100%', height: `${(frame / ratio) * 100}%` } : { width: `${(ratio / frame) * 100}%`, height: '100%' }
}
