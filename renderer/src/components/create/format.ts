/** Numbers the Create screen shows: file sizes, pixel sizes, elapsed times (tabular, locale-aware). */

export function fileSize(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`
}

export function pixels(width: number, height: number): string {
  return `${width}×${height}`
}

/** 0:42, 3:05, 1:02:03. */
export function elapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

export function count(n: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(n)
}
