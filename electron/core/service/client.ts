import { AppError } from '../../../shared/errors'
import { classifyStatus, type ServiceProfile, type TaskOutcome } from '../../../shared/profile'
import { redact, type Logger } from '../logger'
import type { Clock, FetchPort } from '../ports'
import { defaultAnswerLimits, parseAnswerJson, readAnswerText, type AnswerLimits } from './answer'
import { readEnvelope, readFailureReason, readProgress, readString, readUrls } from './envelope'
import { errorFromAnswer } from './http-errors'

/** Where and as whom to call: one connection profile with its key (the key stays in the core). */
export interface Connection {
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
  /** Set by the job runner, never the client: results beyond the per-task limit, not downloaded. */
  skipped?: { count: number; urls: string[] }
  progress?: number
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
      deps.log.warn(`${method} ${url.pathname} failed: ${why}`)
      throw new AppError('NETWORK', `Could not reach the service at ${url.origin} (${why}).`, { cause: error, details: { networkCode: cause?.code } })
    }
    deps.log.debug(`${method} ${url.pathname} → ${response.status} in ${deps.clock.now() - started} ms`)
    const json = parseAnswerJson(text, limits)
    return json === undefined ? { status: response.status, headers: response.headers, text } : { status: response.status, headers: response.headers, json }
  }

  /** Accepts the answer only if it is JSON, HTTP 2xx and (when it carries one) code 0 (§2.2, §7 rule 2). */
  function accept(connection: Connection, answer: Answer, fields: readonly string[]): { json: unknown; requestId?: string } {
    const envelope = answer.json === undefined ? undefined : readEnvelope(answer.json)
    const ok = answer.status >= 200 && answer.status < 300 && envelope !== undefined && (envelope.code === undefined || envelope.code === 0)
    if (ok) return { json: answer.json, requestId: envelope.requestId }
    const said = fromService(connection)
    throw errorFromAnswer({
      status: answer.status,
      headers: answer.headers,
      json: answer.json,
      text: said(answer.text),
      serviceCode: envelope?.code,
      serviceMessage: said(envelope?.message),
      requestId: envelope?.requestId,
      fields,
      now: deps.clock.now(),
    })
  }

  function taskState(
    connection: Connection,
    json: unknown,
    requestId: string | undefined,
    paths: { status: string; urls: string; progress?: string; reason?: string },
    urlsMeanDone: boolean,
  ): TaskState {
    const profile = connection.profile
    const said = fromService(connection)
    const status = said(readString(json, paths.status))
    const urls = readUrls(json, paths.urls, requestId)
    const taskId = readString(json, 'data.task_id')
    // The status vocabulary decides (§3; any other word: still running). Only a submit answer's
    // urls mean done whatever its status says (§4.1 rule 1).
    let outcome = classifyStatus(status, profile)
    if (urlsMeanDone && outcome === 'running' && urls.length > 0) outcome = 'success'
    if (outcome === 'success' && urls.length === 0) {
      throw new AppError('PROTOCOL', `The service says the task is "${status}" but gives no result URLs.`, { details: { requestId } })
    }
    const reason = outcome === 'failure' ? said(readFailureReason(json, paths.reason, status, profile.statuses.success)) : undefined
    return { requestId, taskId, status, outcome, urls: outcome === 'success' ? urls : [], progress: readProgress(json, paths.progress), reason }
  }

  return {
    async submit(connection, body, options = {}) {
      const url = endpoint(connection.baseUrl, connection.profile.submitPath)
      const { json, requestId } = accept(connection, await send(connection, 'POST', url, body, options), Object.keys(body))
      const state = taskState(connection, json, requestId, { status: 'data.task_status', urls: 'data.urls' }, true)
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
      const { json, requestId } = accept(connection, await send(connection, q.method, url, body, options), [q.idParam])
      const state = taskState(connection, json, requestId, { status: q.statusPath, urls: q.urlsPath, progress: q.progressPath, reason: q.reasonPath }, false)
      return { ...state, taskId: state.taskId ?? taskId }
    },
  }
}
