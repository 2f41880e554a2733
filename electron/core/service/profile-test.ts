import type { AnswerKind, ProfileReading, ReadingField, ReadingRow } from '../../../shared/contract/profiles'
import { kindOfCode, type ServiceProfile } from '../../../shared/profile'
import { problem } from '../../../shared/rules/problems'
import { readServiceError } from './error-reading'
import { readPath, type Found } from './json-path'
import { likelyPath } from './likely'
import { shapeOf } from './results'
import { readTask } from './task-reading'

/**
 * The profile tester (issue 14): one answer of a service read under a profile exactly as the
 * client reads it (task-reading.ts, error-reading.ts), field by field, with the path each value
 * came from. Where a path finds nothing but the answer has a likely field, the row says where;
 * where Reelbox needs a value it cannot read, the row is `trouble`. Pure: the Settings panel,
 * `reelbox profile test` and the check of a saved profile against recent answers all call it.
 */
export function readUnderProfile(profile: ServiceProfile, json: unknown, kind: AnswerKind): ProfileReading {
  return kind === 'error' ? readError(profile, json) : readTaskAnswer(profile, json, kind)
}

interface Row {
  field: ReadingField
  paths: readonly string[]
  found?: Found<string | string[]>
  /** Reelbox needs it from this answer. */
  needed: boolean
}

/** A row: read, or absent with where the value likely is, or trouble when it was needed. */
function row(json: unknown, { field, paths, found, needed }: Row): ReadingRow {
  const base = { field, paths: [...paths] }
  if (found) return { ...base, value: found.value, path: found.path, verdict: 'read' }
  const suggestion = field === 'kind' ? undefined : likelyPath(json, field, paths[0], paths)
  const verdict = needed ? 'trouble' : 'absent'
  if (!suggestion && !needed) return { ...base, verdict }
  return { ...base, verdict, note: problem('answer.missing', { paths: [...paths], ...(suggestion && { suggestion }) }) }
}

/** Result URLs or posters: read, or what is at the path instead (a list of objects…) and where they likely are. */
function listRow(json: unknown, field: 'urls' | 'poster', path: string, values: string[], needed: boolean): ReadingRow {
  if (values.length > 0) return { field, paths: [path], value: values, path, verdict: 'read' }
  const shape = shapeOf(readPath(json, path))
  if (shape.found === 'nothing') return row(json, { field, paths: [path], needed })
  const suggestion = likelyPath(json, field, path, [path])
  // Something is there that is not a URL: a success would read it the same way.
  return { field, paths: [path], verdict: field === 'urls' ? 'trouble' : 'absent', note: problem('answer.unreadable', { path, ...shape, ...(suggestion && { suggestion }) }) }
}

function readTaskAnswer(profile: ServiceProfile, json: unknown, kind: 'submit' | 'query'): ProfileReading {
  const task = readTask(json, profile, kind)
  const { paths, outcome } = task
  const urls = 'urls' in task.urls ? task.urls.urls : []
  const rows: ReadingRow[] = []
  // §4.1 rule 2: a submit without urls needs a task id to poll; a query's job knows its id already
  // (and a query answer's id has no place in the profile), so there it is shown only when read.
  if (kind === 'submit' || task.taskId) rows.push(row(json, { field: 'taskId', paths: [paths.taskId], found: task.taskId, needed: kind === 'submit' && urls.length === 0 }))
  // §3: without a status a query can never say the task is done.
  rows.push(row(json, { field: 'status', paths: [paths.status], found: task.status, needed: kind === 'query' }), listRow(json, 'urls', paths.urls, urls, outcome === 'success'))
  if (paths.poster) rows.push(listRow(json, 'poster', paths.poster, task.posters.filter((p): p is string => p !== null), false))
  if (paths.progress) {
    const progress = task.progress && { value: `${Math.round(task.progress.value * 100)}%`, path: task.progress.path }
    rows.push(row(json, { field: 'progress', paths: [paths.progress], found: progress, needed: false }))
  }
  if (outcome === 'failure') rows.push(row(json, { field: 'reason', paths: paths.reasons, found: task.reason, needed: false }))
  return { kind, outcome, rows }
}

function readError(profile: ServiceProfile, json: unknown): ProfileReading {
  const said = readServiceError(json, profile)
  const paths = profile.errors
  const errorKind = kindOfCode(said.code?.value, profile)
  // The kind the code means, and where the profile says so; none listed: the HTTP status decides.
  const kind = errorKind && { value: errorKind, path: `errors.kinds.${errorKind}` }
  return {
    kind: 'error',
    ...(errorKind && { errorKind }),
    rows: [
      // Without its words the designer learns only that the service refused: trouble when the
      // answer has words the profile misses (an answer with none has nothing to fix).
      row(json, { field: 'message', paths: paths.message, found: said.message, needed: likelyPath(json, 'message') !== undefined }),
      row(json, { field: 'code', paths: paths.code, found: said.code, needed: false }),
      row(json, { field: 'kind', paths: ['errors.kinds'], found: kind, needed: false }),
      row(json, { field: 'field', paths: paths.field, found: said.field, needed: false }),
      row(json, { field: 'requestId', paths: paths.requestId, found: said.requestId, needed: false }),
    ],
  }
}
