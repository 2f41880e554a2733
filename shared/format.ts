/**
 * Formats every part shows the same way (zod-free: the renderer, the engine and the shells).
 *
 * Sizes count in units of 1024, labelled KB, MB and GB as Windows Explorer labels them (macOS
 * Finder and GNOME Files count in 1000s): Reelbox's limits are set in such megabytes (Settings →
 * Jobs, a model's image limit), so a limit reads back as the number the designer set.
 */
export const KB = 1024

/** A size in the largest unit under which it stays below 1024 (B, KB, MB, GB). */
export function sizeIn(bytes: number): { value: number; unit: 'B' | 'KB' | 'MB' | 'GB' } {
  const units = ['B', 'KB', 'MB', 'GB'] as const
  let value = bytes
  let unit = 0
  while (value >= KB && unit < units.length - 1) {
    value /= KB
    unit += 1
  }
  return { value, unit: units[unit]! }
}

/** 812 KB, 3.4 MB, 120 MB, 2.0 GB: a size in the engine's and the CLI's English messages. */
export function englishSize(bytes: number): string {
  if (bytes < KB * KB) return `${Math.ceil(bytes / KB)} KB`
  if (bytes >= KB ** 3) return `${(bytes / KB ** 3).toFixed(1)} GB`
  return `${(bytes / KB / KB).toFixed(bytes < 10 * KB * KB ? 1 : 0)} MB`
}

const pad = (n: number): string => String(n).padStart(2, '0')

/** `2025-03-14`: the local calendar date (the designer's clock): the library's days and file names. */
export function localDay(time: number): string {
  const d = new Date(time)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** Local midnight of the day `time` falls on, `plusDays` later (or earlier): where that day begins. */
export function localMidnight(time: number, plusDays = 0): number {
  const d = new Date(time)
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + plusDays).getTime()
}

/** `2025-03-14_0930`: the local date and minute, as a file name starts. */
export function localMinute(time: number): string {
  const d = new Date(time)
  return `${localDay(time)}_${pad(d.getHours())}${pad(d.getMinutes())}`
}
