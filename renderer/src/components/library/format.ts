/** What the Library screen prints: day headers, durations, times, sizes (locale-aware, tabular). */
import type { LibraryItem } from '@shared/library'

/** `2025-03-14` for a time, in local calendar terms (the engine's day keys are the same). */
export function localDay(time: number): string {
  const d = new Date(time)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

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
  const total = Math.max(0, Math.round(seconds))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

export function timeOfDay(time: number, locale: string): string {
  return formatter(locale, 'time', { hour: '2-digit', minute: '2-digit' }).format(time)
}

export function dateTime(time: number, locale: string): string {
  return formatter(locale, 'date-time', { dateStyle: 'medium', timeStyle: 'short' }).format(time)
}

const numbers = new Map<string, Intl.NumberFormat>()

export function count(n: number, locale: string): string {
  let made = numbers.get(locale)
  if (!made) numbers.set(locale, (made = new Intl.NumberFormat(locale)))
  return made.format(n)
}

export function fileSize(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1 }).format(value)} ${units[unit]}`
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

/** Values of `sidecar.params` as one line each (objects as compact JSON). */
export function paramValue(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}
