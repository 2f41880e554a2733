/** stdout is for results (JSON with --json), stderr for progress and errors. */
export const out = (line = ''): void => void process.stdout.write(`${line}\n`)
export const note = (line: string): void => void process.stderr.write(`${line}\n`)
export const json = (value: unknown): void => out(JSON.stringify(value, null, 2))

/** A plain text table: columns padded to their widest cell. */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n')
}

export function when(time: number | undefined): string {
  return time === undefined ? '' : new Date(time).toISOString().replace('T', ' ').slice(0, 16)
}
