/**
 * What `reelbox` says about itself. Kept apart from the commands so that `reelbox --version`
 * and `reelbox help` load nothing else. The synopses are syntax, written here; what each command
 * does is worded in the catalogue (`cli.usage`).
 */
import { version as packageVersion } from '../../package.json'
import { say } from './words'

export const version = (): string => packageVersion

/** Lines under a synopsis, indented by `by` spaces. */
const indent = (text: string, by: number): string => text.replace(/^/gm, ' '.repeat(by))

export const submitHelp = `reelbox submit --model ID --mode t2v|i2v|first-last|reference --prompt TEXT
    [--image PATH|URL] [--first PATH|URL --last PATH|URL] [--ref PATH|URL ...]
    [--duration N] [--resolution R] [--seed N] [--audio] [--variations N] [--max-cost AMOUNT] [--wait] [--json]
${indent(`${say('cli.usage.submitModels')}\n${say('cli.usage.submitMaxCost')}`, 4)}`

export const storyboardHelp = `reelbox storyboard run FILE [--wait] [--out FILM.mp4] [--json]
${indent(say('cli.usage.storyboardRun'), 4)}
reelbox storyboard rename FILE NAME [--json]
${indent(say('cli.usage.storyboardRename'), 4)}
reelbox storyboard resolution FILE R [--json]
${indent(say('cli.usage.storyboardResolution'), 4)}`

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
  entry('reelbox storyboard run FILE [--wait] [--out FILM.mp4] [--json]', say('cli.usage.storyboard')),
  entry('reelbox storyboard rename FILE NAME', say('cli.usage.storyboardRenameShort')),
  entry('reelbox storyboard resolution FILE R', say('cli.usage.storyboardResolutionShort')),
  entry('reelbox profile test --profile FILE|--pack FILE [--answer FILE] [--kind submit|query|error]', say('cli.usage.profile')),
  '',
  `${say('cli.usage.global')} --base-url URL  --profile FILE (${say('cli.usage.globalProfile')})  --catalog FILE  --library DIR  --ffmpeg PATH`,
  `        --pack FILE (${say('cli.usage.globalPack')})`,
  `${say('cli.usage.keyLabel')} ${say('cli.usage.key')}`,
  say('cli.usage.exitCodes'),
  say('cli.usage.readOnly'),
].join('\n')
