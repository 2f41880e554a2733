import { readFile } from 'node:fs/promises'
import type { AnswerKind, ProfileReading, ReadingField, ReadingRow } from '../../../shared/contract/profiles'
import { AppError } from '../../../shared/errors'
import { redact } from '../../core/logger'
import { testProfile } from '../../core/service/handlers'
import { parse } from '../args'
import { EXIT } from '../exit-codes'
import { readProfileFile } from '../profile-file'
import { describeProblem } from '../messages'
import { json, out, table } from '../output'

const help = 'reelbox profile test --profile FILE --answer FILE [--kind submit|query|error] [--json]'
const kinds: readonly AnswerKind[] = ['submit', 'query', 'error']

const labels: Record<ReadingField, string> = {
  taskId: 'task id',
  status: 'status',
  urls: 'result URLs',
  poster: 'poster',
  progress: 'progress',
  reason: 'reason',
  message: 'message',
  code: 'code',
  field: 'field',
  requestId: 'request id',
}
const outcomes = { running: 'still running', success: 'a success', failure: 'a failure' } as const

/** One row per value (a list of URLs: one per line), then where it came from or why there is none. */
function lines(row: ReadingRow): string[][] {
  const values = row.value === undefined ? ['—'] : Array.isArray(row.value) ? row.value : [row.value]
  const from = row.path ?? (row.note ? describeProblem(row.note) : `nothing at ${row.paths.join(', ')}`)
  const mark = row.verdict === 'trouble' ? '✗' : row.verdict === 'read' ? '✓' : '·'
  return values.map((value, i) => (i === 0 ? [mark, labels[row.field], value, from] : ['', '', value, '']))
}

/**
 * `reelbox profile test`: what Reelbox reads from one answer of a service under a profile, field
 * by field, with the path each value came from (the same reading as Settings' profile tester).
 * Reads two files; asks no service, writes nothing. Exit 1 when a value Reelbox needs cannot be read.
 */
export async function profile(args: string[]): Promise<number> {
  const { values, positionals, globals, help: asked } = parse(args, { answer: { type: 'string' }, kind: { type: 'string', default: 'query' } })
  if (asked || positionals[0] !== 'test' || positionals.length !== 1) return out(help), asked ? EXIT.ok : EXIT.usage
  const kind = values['kind'] as string
  if (!kinds.includes(kind as AnswerKind)) throw new AppError('INVALID_INPUT', `--kind must be submit, query or error, got "${kind}".`)
  const answerFile = values['answer'] as string | undefined
  if (!globals.profile || !answerFile) throw new AppError('INVALID_INPUT', `Give both files: ${help}`)
  const serviceProfile = await readProfileFile(globals.profile)
  const text = await readFile(answerFile, 'utf8').catch((error: Error) => {
    throw new AppError('INVALID_INPUT', `Cannot read the answer ${answerFile}: ${error.message}`)
  })
  let reading: ProfileReading
  try {
    reading = testProfile(serviceProfile, text, kind as AnswerKind, (words) => redact(words, []))
  } catch (error) {
    const appError = AppError.from(error)
    const notJson = appError.fieldProblems?.['answer']?.[0]
    throw notJson ? new AppError('INVALID_INPUT', `${answerFile}: ${describeProblem(notJson)}.`) : appError
  }
  const trouble = reading.rows.filter((row) => row.verdict === 'trouble').length
  if (globals.json) json(reading)
  else {
    const outcome = reading.outcome ? `; the task counts as ${outcomes[reading.outcome]}` : ''
    out(`${answerFile} read as ${kind === 'error' ? 'an error' : `a ${kind}`} answer under ${globals.profile}${outcome}:\n`)
    out(table(reading.rows.flatMap(lines)))
    out(trouble ? `\n✗ ${trouble === 1 ? 'one value' : `${trouble} values`} Reelbox needs cannot be read: fix the profile.` : '\nEverything Reelbox needs from this answer is read.')
  }
  return trouble ? EXIT.failed : EXIT.ok
}
