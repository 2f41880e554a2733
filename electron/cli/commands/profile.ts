import { readFile } from 'node:fs/promises'
import type { AnswerKind, ProfileReading, ReadingField, ReadingRow } from '../../../shared/contract/profiles'
import { AppError } from '../../../shared/errors'
import { errorKinds, type ErrorKind } from '../../../shared/profile'
import { redact } from '../../core/logger'
import { testProfile } from '../../core/service/given-answer'
import { parse } from '../args'
import { EXIT } from '../exit-codes'
import { packOf } from '../pack-file'
import { readProfileFile } from '../profile-file'
import { describeProblem } from '../messages'
import { json, out, table } from '../output'
import { say } from '../words'

const help = 'reelbox profile test --profile FILE|--pack FILE [--answer FILE] [--kind submit|query|error] [--json]'
const kinds: readonly AnswerKind[] = ['submit', 'query', 'error']

const label = (field: ReadingField): string => say(`cli.profile.labels.${field}`)
const kindWord = (kind: string): string => (errorKinds.includes(kind as ErrorKind) ? say(`cli.profile.kinds.${kind as ErrorKind}`) : kind)

/** One row per value (a list of URLs: one per line), then where it came from or why there is none. */
function lines(row: ReadingRow): string[][] {
  const said = row.value === undefined ? ['—'] : Array.isArray(row.value) ? row.value : [row.value]
  const values = row.field === 'kind' ? said.map(kindWord) : said
  const from = row.path ?? (row.note ? describeProblem(row.note) : say('cli.profile.nothingAt', { paths: row.paths.join(', ') }))
  const mark = row.verdict === 'trouble' ? '✗' : row.verdict === 'read' ? '✓' : '·'
  return values.map((value, i) => (i === 0 ? [mark, label(row.field), value, from] : ['', '', value, '']))
}

/** What one answer reads as under a profile, or a usage error naming the answer's file. */
function readAnswer(serviceProfile: Record<string, unknown>, text: string, kind: AnswerKind, answerFile: string): ProfileReading {
  try {
    return testProfile(serviceProfile, text, kind, (words) => redact(words, []))
  } catch (error) {
    const appError = AppError.from(error)
    const notJson = appError.fieldProblems?.['answer']?.[0]
    throw notJson ? new AppError('INVALID_INPUT', `${answerFile}: ${describeProblem(notJson)}.`) : appError
  }
}

/** One reading: a table (or JSON), and how many values Reelbox needs and cannot read. */
function show(reading: ProfileReading, heading: string, asJson: boolean): number {
  const trouble = reading.rows.filter((row) => row.verdict === 'trouble').length
  if (asJson) return json(reading), trouble
  const kind = say(`cli.profile.answerKinds.${reading.kind}`)
  out(`${reading.outcome ? say('cli.profile.readAsOutcome', { heading, kind, outcome: say(`cli.profile.outcomes.${reading.outcome}`) }) : say('cli.profile.readAs', { heading, kind })}\n`)
  out(table(reading.rows.flatMap(lines)))
  out(`\n${trouble ? say('cli.profile.trouble', { count: trouble }) : say('cli.profile.allRead')}`)
  return trouble
}

/**
 * `reelbox profile test`: what Reelbox reads from one answer of a service under a profile, field
 * by field, with the path each value came from (the same reading as Settings' profile tester).
 * With `--pack` and no `--answer`, the pack's own sample answers, each under its kind.
 * Reads files; asks no service, writes nothing. Exit 1 when a value Reelbox needs cannot be read.
 */
export async function profile(args: string[]): Promise<number> {
  const { values, positionals, globals, help: asked } = parse(args, { answer: { type: 'string' }, kind: { type: 'string', default: 'query' } })
  if (asked || positionals[0] !== 'test' || positionals.length !== 1) return out(help), asked ? EXIT.ok : EXIT.usage
  const kind = values['kind'] as string
  if (!kinds.includes(kind as AnswerKind)) throw new AppError('INVALID_INPUT', say('cli.profile.badKind', { kind }))
  const answerFile = values['answer'] as string | undefined
  const pack = await packOf(globals)
  if (!pack && (!globals.profile || !answerFile)) throw new AppError('INVALID_INPUT', say('cli.profile.bothFiles', { help }))
  const serviceProfile = pack ? pack.writtenProfile : await readProfileFile(globals.profile!)
  const under = globals.pack ?? globals.profile!
  if (answerFile) {
    const text = await readFile(answerFile, 'utf8').catch((error: Error) => {
      throw new AppError('INVALID_INPUT', say('cli.profile.cannotReadAnswer', { file: answerFile, reason: error.message }))
    })
    return show(readAnswer(serviceProfile, text, kind as AnswerKind, answerFile), say('cli.profile.under', { file: answerFile, profile: under }), globals.json) ? EXIT.failed : EXIT.ok
  }
  const samples = kinds.filter((k) => pack!.pack.samples?.[k] !== undefined)
  if (samples.length === 0) throw new AppError('INVALID_INPUT', say('cli.profile.noSamples', { file: under }))
  let trouble = 0
  for (const [i, k] of samples.entries()) {
    if (i > 0 && !globals.json) out('')
    trouble += show(readAnswer(serviceProfile, JSON.stringify(pack!.pack.samples![k]), k, under), say('cli.profile.sample', { kind: k, file: under }), globals.json)
  }
  return trouble ? EXIT.failed : EXIT.ok
}
