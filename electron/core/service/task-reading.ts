import { AppError } from '../../../shared/errors'
import { classifyStatus, type ServiceProfile, type TaskOutcome } from '../../../shared/profile'
import { problem } from '../../../shared/rules/problems'
import { readFailureReason, readProgress, reasonPaths } from './envelope'
import { asText, readPath, type Found } from './json-path'
import { likelyPath } from './likely'
import { readPosters, readUrls, type UrlsReading } from './results'

/** An answer of the submit (§4.1) or of the query operation (§4.2, as the profile describes it). */
export type TaskAnswerKind = 'submit' | 'query'

/** Where each field of a task answer is read: the spec's record for a submit (§2.3), the profile's paths for a query. */
export interface TaskPaths {
  taskId: string
  status: string
  urls: string
  poster?: string
  progress?: string
  eta?: string
  reasons: readonly string[]
}

/** What Reelbox reads from one task answer, each value with the path it came from. */
export interface TaskReading {
  paths: TaskPaths
  taskId?: Found<string>
  status?: Found<string>
  outcome: TaskOutcome
  urls: UrlsReading
  /** Poster i belongs to result i (null: none for it). */
  posters: Array<string | null>
  progress?: Found<number>
  /** Seconds the task still needs, as the answer says (the profile's `etaPath`). */
  eta?: Found<number>
  /** Read only when the task failed. */
  reason?: Found<string>
}

/** §2.3: the submit's answer is the spec's envelope; the query's is where the profile says (§4.2). */
export function taskPaths(profile: ServiceProfile, kind: TaskAnswerKind): TaskPaths {
  const spec = { taskId: 'data.task_id', status: 'data.task_status', urls: 'data.urls' }
  if (kind === 'submit') return { ...spec, reasons: reasonPaths(undefined) }
  const q = profile.query
  return { ...spec, status: q.statusPath, urls: q.urlsPath, poster: q.posterPath, progress: q.progressPath, eta: q.etaPath, reasons: reasonPaths(q.reasonPath) }
}

/** Reads a task answer as the client does: the status vocabulary decides (§3); a submit's urls mean done (§4.1 rule 1). */
export function readTask(json: unknown, profile: ServiceProfile, kind: TaskAnswerKind): TaskReading {
  const paths = taskPaths(profile, kind)
  const found = (path: string): Found<string> | undefined => {
    const value = asText(readPath(json, path))
    return value === undefined ? undefined : { value, path }
  }
  const status = found(paths.status)
  const urls = readUrls(json, paths.urls)
  let outcome = classifyStatus(status?.value, profile)
  if (kind === 'submit' && outcome === 'running' && 'urls' in urls && urls.urls.length > 0) outcome = 'success'
  const reason = outcome === 'failure' ? readFailureReason(json, paths.reasons, status?.value, profile.statuses.success) : undefined
  return { paths, taskId: found(paths.taskId), status, outcome, urls, posters: readPosters(json, paths.poster), progress: readProgress(json, paths.progress), eta: readSeconds(json, paths.eta), reason }
}

/** A non-negative number of seconds (or its text) at `path`. */
function readSeconds(json: unknown, path: string | undefined): Found<number> | undefined {
  if (!path) return undefined
  const value = readPath(json, path)
  const number = typeof value === 'string' ? Number.parseFloat(value) : value
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? { value: number, path } : undefined
}

/** The URLs of a reading that has some; undefined when there are none, or none that can be read. */
export function urlsOf(reading: TaskReading): string[] | undefined {
  return 'urls' in reading.urls && reading.urls.urls.length > 0 ? reading.urls.urls : undefined
}

/**
 * A task the service calls a success whose results cannot be read: the job ends at once with
 * what is at the path and where a result URL likely is ("data.outputs is a list of 2 objects;
 * try data.outputs[].url"). Polling again would read the same answer, so it is never retried.
 */
export function unreadableResult(json: unknown, reading: TaskReading, said: (text: string | undefined) => string | undefined, requestId: string | undefined): AppError {
  const path = reading.paths.urls
  const shape = 'found' in reading.urls ? reading.urls : { found: 'nothing' as const }
  // The suggestion is made of the answer's own keys: service text like any other.
  const suggestion = said(likelyPath(json, 'urls', path, [path]))
  const status = said(reading.status?.value)
  const found = problem('result.unreadable', { status: status ?? '', path, ...shape, ...(suggestion && { suggestion }) })
  return new AppError('PROTOCOL', `The service says the task is “${status ?? ''}” but its result URLs cannot be read at ${path}${suggestion ? `; try ${suggestion}` : ''}.`, {
    retryable: false,
    details: { problem: found, requestId },
  })
}

/** Whether an error is an unreadable success: the job fails at once, a poll never retries it. */
export function isUnreadableResult(error: AppError): boolean {
  return error.code === 'PROTOCOL' && error.problem?.code === 'result.unreadable'
}
