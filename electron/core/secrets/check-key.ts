import type { KeyCheck } from '../../../shared/contract/secrets'
import type { ServiceProfile } from '../../../shared/profile'
import { redact } from '../logger'
import type { FetchPort } from '../ports'

/**
 * A task id that the service can never have issued. It has the §2.3 form `video_<id>` so that a
 * service validating the id's shape still gets as far as looking it up.
 */
export const KEY_CHECK_TASK_ID = 'video_reelbox_key_check'

export interface KeyCheckRequest {
  readonly baseUrl: string
  readonly profile: ServiceProfile
  readonly apiKey: string
  readonly fetch: FetchPort
  readonly timeoutMs?: number
}

/**
 * "Check the key" with one harmless call. The spec has no "who am I" operation (§5 only says the
 * key goes in `Authorization: Bearer`), and a submit would cost money. So we ask the query
 * operation (§4.2, as this connection's service profile describes it) about a task that cannot
 * exist. A service checks the key before it looks anything up, so:
 *   401 / 403                  → the key is refused;
 *   429 / 503, other 5xx       → the service could not say (busy or broken), try again later;
 *   404, a "not found" envelope, any other JSON answer → the key got past authentication.
 * An answer that is not JSON (an HTML page) means the base URL or query path points at something
 * that is not the service, so we cannot call the key accepted.
 */
export async function checkApiKey(request: KeyCheckRequest): Promise<KeyCheck> {
  const q = request.profile.query
  const url = new URL(request.baseUrl.replace(/\/+$/, '') + q.path.replaceAll('{task_id}', encodeURIComponent(KEY_CHECK_TASK_ID)))
  if (q.idIn === 'query') url.searchParams.set(q.idParam, KEY_CHECK_TASK_ID)
  const body = q.idIn === 'body' ? JSON.stringify({ [q.idParam]: KEY_CHECK_TASK_ID }) : q.method === 'POST' ? '{}' : undefined
  const timeoutMs = request.timeoutMs ?? 15_000
  const signal = AbortSignal.timeout(timeoutMs)
  const clean = (text: string): string => redact(text, [request.apiKey]).slice(0, 200)

  let status: number
  let text: string
  try {
    const response = await request.fetch(url, {
      method: q.method,
      // §5: both headers are required on every call.
      headers: { Authorization: `Bearer ${request.apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body,
      signal,
      redirect: 'follow',
    })
    status = response.status
    text = await response.text()
  } catch (error) {
    if (signal.aborted) return { ok: false, code: 'TIMEOUT', message: `The service did not answer within ${Math.round(timeoutMs / 1000)} s.` }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    const why = cause?.code ?? cause?.message ?? (error as Error).message
    return { ok: false, code: 'NETWORK', message: `Could not reach the service at ${url.origin} (${clean(String(why))}).` }
  }

  const serviceMessage = readMessage(text)
  const said = serviceMessage ? ` It said: "${clean(serviceMessage)}".` : ''
  if (status === 401 || status === 403) {
    return { ok: false, code: 'UNAUTHORIZED', httpStatus: status, message: `The service refused the key (HTTP ${status}).${said}` }
  }
  if (status === 429 || status === 503) {
    return { ok: false, code: 'RATE_LIMITED', httpStatus: status, message: `The service is busy (HTTP ${status}) and could not check the key; try again in a moment.` }
  }
  if (status >= 500) {
    return { ok: false, code: 'REMOTE_FAILED', httpStatus: status, message: `The service failed (HTTP ${status}) before it could check the key.${said}` }
  }
  if (text.trim() !== '' && !isJson(text)) {
    return {
      ok: false,
      code: 'PROTOCOL',
      httpStatus: status,
      message: `${url.origin}${url.pathname} answered HTTP ${status} with something that is not the service's JSON; check the base URL and the query operation of this connection.`,
    }
  }
  return { ok: true, httpStatus: status, message: `The service accepted the key (HTTP ${status} for a task that cannot exist).` }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** The envelope's `message` (§2.2), when the answer has one. */
function readMessage(text: string): string | undefined {
  try {
    const json = JSON.parse(text) as { message?: unknown }
    return typeof json.message === 'string' && json.message.trim() ? json.message.trim() : undefined
  } catch {
    return undefined
  }
}
