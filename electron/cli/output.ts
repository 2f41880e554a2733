import { stripVTControlCharacters } from 'node:util'

/**
 * Everything `reelbox` prints goes through here. stdout is for results (JSON with --json),
 * stderr for progress and errors.
 *
 * Much of it came from outside: the service's status words and messages, prompts, file names.
 * A status of `\e[2J\e]0;…\a` must not clear the designer's terminal or retitle it (issue 10
 * item 7), so escape sequences and every other C0/C1 control character are removed from each
 * line (newlines between lines stay; JSON escapes them by itself).
 */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g

export function clean(text: string): string {
  return stripVTControlCharacters(text).replace(CONTROLS, '')
}

export const out = (line = ''): void => void process.stdout.write(`${clean(line)}\n`)
export const note = (line: string): void => void process.stderr.write(`${clean(line)}\n`)
export const json = (value: unknown): void => void process.stdout.write(`${JSON.stringify(value, null, 2)}\n`)

/** East Asian wide characters (Han, kana, Hangul, full-width forms): two columns of a terminal each. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/gu

/** How many columns of a terminal `text` takes. */
export function columns(text: string): number {
  return text.length + (text.match(WIDE)?.length ?? 0)
}

/** A plain text table: columns padded to their widest cell, Chinese headers and prompts included; a cell is one line. */
export function table(rows: string[][]): string {
  const cells = rows.map((row) => row.map((cell) => clean(cell.replace(/\s+/g, ' '))))
  const widths = cells[0]?.map((_, column) => Math.max(...cells.map((row) => columns(row[column] ?? '')))) ?? []
  const pad = (cell: string, width: number): string => cell + ' '.repeat(Math.max(0, width - columns(cell)))
  return cells.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : pad(cell, widths[column]!))).join('  ')).join('\n')
}

export function when(time: number | undefined): string {
  return time === undefined ? '' : new Date(time).toISOString().replace('T', ' ').slice(0, 16)
}

/**
 * `reelbox jobs | head -1`: the reader has gone, which is what it meant. Exit quietly with the
 * command's own code instead of an EPIPE stack trace.
 */
export function quietOnClosedPipes(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error
      process.exit(process.exitCode ?? 0)
    })
  }
}
