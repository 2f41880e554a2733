/**
 * How a benchmark tells `npm run bench` (scripts/bench.mjs) what it measured: one line per
 * result, `BENCH {json}` on stdout. Everything else a bench prints passes through untouched.
 * A result is a measurement against a baseline run side by side in the same process, so the
 * ratio means something on any machine; `target` is the limit for that ratio.
 */
export interface BenchRow {
  /** What was measured, e.g. "library: open 10,000 items, first page (warm index)". */
  name: string
  /** Median of the runs, in `unit`. */
  value: number
  unit: string
  /** The baseline's name and median, when there is one. */
  baseline?: { name: string; value: number }
  /** The largest (or, with `atLeast`, smallest) acceptable value / baseline. */
  target?: number
  atLeast?: boolean
  /** An absolute limit on `value` itself (e.g. event-loop delay p99 ≤ 20 ms). */
  max?: number
  note?: string
}

export function report(row: BenchRow): void {
  const ratio = row.baseline ? row.value / row.baseline.value : undefined
  const ratioPass = ratio === undefined || row.target === undefined ? undefined : row.atLeast ? ratio >= row.target : ratio <= row.target
  const maxPass = row.max === undefined ? undefined : row.value <= row.max
  const pass = ratioPass === undefined && maxPass === undefined ? undefined : ratioPass !== false && maxPass !== false
  process.stdout.write(`BENCH ${JSON.stringify({ ...row, ratio, pass })}\n`)
}

/** Runs `fn` `runs` times after `warmup` runs and returns the median in milliseconds. */
export async function medianMs(fn: () => Promise<unknown>, runs = 7, warmup = 1): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn()
    times.push(performance.now() - start)
  }
  return median(times)
}

/**
 * A way and its baseline run by turns, each `runs` times after `warmup` turns: both meet the same
 * moments of a busy machine, so their ratio holds where two medians taken one after the other
 * would not. Answers both medians in milliseconds.
 */
export async function sideBySideMs(way: () => Promise<unknown>, baseline: () => Promise<unknown>, runs = 100, warmup = 10): Promise<{ way: number; baseline: number }> {
  for (let i = 0; i < warmup; i++) {
    await way()
    await baseline()
  }
  const times = { way: [] as number[], baseline: [] as number[] }
  for (let i = 0; i < runs; i++) {
    for (const [name, fn] of i % 2 ? ([['baseline', baseline], ['way', way]] as const) : ([['way', way], ['baseline', baseline]] as const)) {
      const start = performance.now()
      await fn()
      times[name].push(performance.now() - start)
    }
  }
  return { way: median(times.way), baseline: median(times.baseline) }
}

/** The median of measurements already taken (the upper middle one for an even count). */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
}
