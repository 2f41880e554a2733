import { AppError } from '../../../shared/errors'
import { kindOfCode, type ServiceProfile, type TaskOutcome } from '../../../shared/profile'
import { redact, type Logger } from '../logger'
import type { Clock, FetchPort } from '../ports'
import { defaultAnswerLimits, parseAnswerJson, readAnswerText, type AnswerLimits } from './answer'
import { readEnvelope } from './envelope'
import { readServiceError } from './error-reading'
import { errorFromAnswer } from './http-errors'
import type { RecentAnswers } from './recent-answers'
import { readTask, unreadableResult, urlsOf, type TaskAnswerKind } from './task-reading'

/** Where and as whom to call: one connection profile with its key (the key stays in the core). */
export interface Connection {
  /** The connection's id in settings, when it has one: its answers are kept for the profile tester. */
  id?: string
  baseUrl: string
  apiKey: string
  profile: ServiceProfile
}

export interface CallOptions {
  signal?: AbortSignal
  /** Sent as the profile's idempotency header when the profile says to (issue 4, journal). */
  idempotencyKey?: string
}

export interface TaskState {
  requestId?: string
  taskId?: string
  /** The service's own status word (§2.3 `task_status`), shown to the designer as is. */
  status?: string
  outcome: TaskOutcome
  /** Non-empty only on success. */
  urls: string[]
  /** The service's own posters, by result (the profile's `posterPath`); null where it gave none. */
  posters?: Array<string | null>
  /** Set by the job runner, never the client: results beyond the per-task limit, not downloaded. */
  skipped?: { count: number; urls: string[] }
  progress?: number
  /** Milliseconds the task still needs, when the answer says (the profile's `etaPath`). */
  etaMs?: number
  /** Why it failed, in the service's words, when it says (never a success word; see readFailureReason). */
  reason?: string
}

export interface ServiceClient {
  /** §4.1: submit one generation. Non-empty urls mean done at once (rule 1); a task id means poll (rule 2). */
  submit(connection: Connection, body: Record<string, unknown>, options?: CallOptions): Promise<TaskState>
  /** §4.2: the query operation, as the connection's service profile describes it. */
  query(connection: Connection, taskId: string, options?: CallOptions): Promise<TaskState>
}

export interface ServiceClientDeps {
  fetch: FetchPort
  clock: Clock
  log: Logger
  /** Per request; a hung connection becomes a retryable TIMEOUT. */
  timeoutMs?: number
  /** How much of an answer is read (default: `defaultAnswerLimits`). */
  answerLimits?: AnswerLimits
  /** Where each connection's last answers are kept, redacted, for the profile tester. */
  recent?: RecentAnswers
}

interface Answer {
  status: number
  headers: Headers
  json?: unknown
  text?: string
}

export function endpoint(baseUrl: string, path: string): URL {
  return new URL(baseUrl.replace(/\/+$/, '') + path)
}

/**
 * Words the service wrote become error messages, which reach the journal, the page and the
 * terminal: each goes through the logs' redaction first, after JSON decoding (an echo of the
 * Authorization header written as `\u0042earer sk-…` is only the key once decoded).
 */
function fromService(connection: Connection): (text: string | undefined) => string | undefined {
  return (text) => (text === undefined ? undefined : redact(text, [connection.apiKey]))
}

export function createServiceClient(deps: ServiceClientDeps): ServiceClient {
  const timeoutMs = deps.timeoutMs ?? 30_000
  const limits = deps.answerLimits ?? defaultAnswerLimits

  async function send(connection: Connection, method: 'GET' | 'POST', url: URL, body: unknown, options: CallOptions): Promise<Answer> {
    const headers: Record<string, string> = {
      // §5: both headers are required on every call.
      Authorization: `Bearer ${connection.apiKey}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    }
    const idempotency = connection.profile.idempotency
    if (options.idempotencyKey && idempotency.send) headers[idempotency.header] = options.idempotencyKey
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
    const started = deps.clock.now()
    let response: Response
    let text: string
    try {
      response = await deps.fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal, redirect: 'follow' })
      // Streamed with a cap: an endless or huge answer costs at most `limits.maxBytes` of memory.
      text = await readAnswerText(response, limits)
    } catch (error) {
      if (error instanceof AppError) throw error
      if (options.signal?.aborted) throw new AppError('CANCELLED', 'Cancelled.', { cause: error })
      if (timeout.aborted) throw new AppError('TIMEOUT', `The service did not answer within ${Math.round(timeoutMs / 1000)} s.`, { cause: error })
      const cause = (error as { cause?: { code?: string; message?: string } }).cause
      const why = cause?.code ?? cause?.message ?? (error as Error).message
      deps.log.warn('service.failed', { method, path: url.pathname, reason: why })
      throw new AppError('NETWORK', `Could not reach the service at ${url.origin} (${why}).`, { cause: error, details: { networkCode: cause?.code } })
    }
    deps.log.debug('service.answered', { method, path: url.pathname, status: response.status, ms: deps.clock.now() - started })
    const json = parseAnswerJson(text, limits)
    return json === undefined ? { status: response.status, headers: response.headers, text } : { status: response.status, headers: response.headers, json }
  }

  /**
   * Accepts the answer only if it is JSON, HTTP 2xx, (when it carries one) code 0 (§2.2, §7 rule 2)
   * and its code at `errors.code` is none the profile's `errors.kinds` lists as a refusal.
   */
  function accept(connection: Connection, answer: Answer, kind: TaskAnswerKind, fields: readonly string[]): { json: unknown; requestId?: string } {
    const envelope = answer.json === undefined ? undefined : readEnvelope(answer.json)
    const words = answer.json === undefined ? {} : readServiceError(answer.json, connection.profile)
    const errorKind = kindOfCode(words.code?.value, connection.profile)
    const ok = answer.status >= 200 && answer.status < 300 && envelope !== undefined && (envelope.code === undefined || envelope.code === 0) && !errorKind
    if (connection.id && answer.json !== undefined) deps.recent?.record(connection.id, ok ? kind : 'error', answer.json, [connection.apiKey], deps.clock.now())
    if (ok) return { json: answer.json, requestId: envelope.requestId }
    const said = fromService(connection)
    throw errorFromAnswer({
      status: answer.status,
      headers: answer.headers,
      json: answer.json,
      text: said(answer.text),
      serviceCode: said(words.code?.value),
      serviceMessage: said(words.message?.value),
      serviceField: said(words.field?.value),
      requestId: said(words.requestId?.value),
      kind: errorKind,
      fields,
      now: deps.clock.now(),
    })
  }

  function taskState(connection: Connection, json: unknown, requestId: string | undefined, kind: TaskAnswerKind): TaskState {
    const said = fromService(connection)
    const reading = readTask(json, connection.profile, kind)
    const status = said(reading.status?.value)
    const urls = urlsOf(reading)
    if (reading.outcome === 'success' && !urls) throw unreadableResult(json, reading, said, requestId)
    return {
      requestId,
      taskId: reading.taskId?.value,
      status,
      outcome: reading.outcome,
      urls: reading.outcome === 'success' ? urls! : [],
      posters: reading.outcome === 'success' && reading.posters.length > 0 ? reading.posters : undefined,
      progress: reading.progress?.value,
      etaMs: reading.eta && reading.eta.value * 1000,
      reason: said(reading.reason?.value),
    }
  }

  return {
    async submit(connection, body, options = {}) {
      const url = endpoint(connection.baseUrl, connection.profile.submitPath)
      const { json, requestId } = accept(connection, await send(connection, 'POST', url, body, options), 'submit', Object.keys(body))
      const state = taskState(connection, json, requestId, 'submit')
      // §4.1 rule 2: without urls there must be a task to poll.
      if (state.urls.length === 0 && !state.taskId && state.outcome !== 'failure') {
        throw new AppError('PROTOCOL', 'The service accepted the request but returned neither result URLs nor a task id.', { details: { requestId } })
      }
      return state
    },

    async query(connection, taskId, options = {}) {
      const q = connection.profile.query
      const url = endpoint(connection.baseUrl, q.path.replaceAll('{task_id}', encodeURIComponent(taskId)))
      if (q.idIn === 'query') url.searchParams.set(q.idParam, taskId)
      const body = q.idIn === 'body' ? { [q.idParam]: taskId } : q.method === 'POST' ? {} : undefined
      const { json, requestId } = accept(connection, await send(connection, q.method, url, body, options), 'query', [q.idParam])
      const state = taskState(connection, json, requestId, 'query')
      return { ...state, taskId: state.taskId ?? taskId }
    },
  }
}
