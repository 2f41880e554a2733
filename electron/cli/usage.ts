/**
 * What `reelbox` says about itself. Kept apart from the commands so that `reelbox --version`
 * and `reelbox help` load nothing else. The synopses are syntax, written here; what each command
 * does is worded in the catalogue (`cli.usage`).
 */
import { version as packageVersion } from '../../package.json'
import type { MessageKey } from '../../shared/locales'
import { say } from './words'

export const version = (): string => packageVersion

/** Lines under a synopsis, indented by `by` spaces. */
const indent = (text: string, by: number): string => text.replace(/^/gm, ' '.repeat(by))

export const submitHelp = `reelbox submit --model ID --mode t2v|i2v|first-last|reference --prompt TEXT
    [--image PATH|URL] [--first PATH|URL --last PATH|URL] [--ref PATH|URL ...]
    [--duration N] [--resolution R] [--seed N] [--audio] [--variations N] [--max-cost AMOUNT] [--wait] [--json]
${indent(`${say('cli.usage.submitModels')}\n${say('cli.usage.submitMaxCost')}`, 4)}`

/**
 * The storyboard's commands, each synopsis written once: the overview gives each its short line,
 * `reelbox storyboard --help` (and a refused verb) the long words under it.
 */
const storyboardCommands = [
  { synopsis: 'reelbox storyboard run FILE [--wait] [--out FILM.mp4] [--json]', short: 'cli.usage.storyboard', long: 'cli.usage.storyboardRun' },
  { synopsis: 'reelbox storyboard rename FILE NAME [--json]', short: 'cli.usage.storyboardRenameShort', long: 'cli.usage.storyboardRename' },
  { synopsis: 'reelbox storyboard resolution FILE R [--json]', short: 'cli.usage.storyboardResolutionShort', long: 'cli.usage.storyboardResolution' },
  {
    synopsis: 'reelbox storyboard set FILE --shot N [--prompt TEXT] [--duration N] [--resolution R] [--seed N] [--json]',
    short: 'cli.usage.storyboardSetShort',
    long: 'cli.usage.storyboardSet',
  },
  { synopsis: 'reelbox storyboard show FILE [--json]', short: 'cli.usage.storyboardShowShort', long: 'cli.usage.storyboardShow' },
] as const satisfies ReadonlyArray<{ synopsis: string; short: MessageKey; long: MessageKey }>

export const storyboardHelp = storyboardCommands.map((c) => `${c.synopsis}\n${indent(say(c.long), 4)}`).join('\n')

/** A command and what it does: on one line when the synopsis leaves room, else under it. */
function entry(synopsis: string, what: string): string {
  const column = 43
  return synopsis.length < column ? `  ${synopsis.padEnd(column)}${what}` : `  ${synopsis}\n${' '.repeat(column + 2)}${what}`
}

export const usage = [
  say('cli.usage.title', { version: packageVersion }),
  '',
  entry('reelbox sandbox [--port N]', say('cli.usage.sandbox')),
  entry('reelbox models [--json]', say('cli.usage.models')),
  `  ${submitHelp.replace(/\n/g, '\n  ')}`,
  entry('reelbox budget [--daily AMOUNT] [--monthly AMOUNT] [--clear] [--json]', say('cli.usage.budget')),
  entry('reelbox spend [--since YYYY-MM-DD] [--json]', say('cli.usage.spend')),
  entry('reelbox status TASK_ID [--json]', say('cli.usage.status')),
  entry('reelbox jobs [--json]', say('cli.usage.jobs')),
  entry('reelbox resume [--base-url URL]', say('cli.usage.resume')),
  entry('reelbox library ls|show|rm [--json]', say('cli.usage.library')),
  entry('reelbox library inspect FILE [--json]', say('cli.usage.inspect')),
  entry('reelbox library import FILE', say('cli.usage.import')),
  entry('reelbox library join ID ID ... --out FILE', say('cli.usage.join')),
  ...storyboardCommands.map((c) => entry(c.synopsis, say(c.short))),
  entry('reelbox profile test --profile FILE|--pack FILE [--answer FILE] [--kind submit|query|error]', say('cli.usage.profile')),
  '',
  `${say('cli.usage.global')} --base-url URL  --profile FILE (${say('cli.usage.globalProfile')})  --catalog FILE  --library DIR  --ffmpeg PATH`,
  `        --pack FILE (${say('cli.usage.globalPack')})`,
  `${say('cli.usage.keyLabel')} ${say('cli.usage.key')}`,
  say('cli.usage.exitCodes'),
  say('cli.usage.readOnly'),
].join('\n')
