import type { KeyCheck } from '../../../shared/contract/secrets'
import { AppError } from '../../../shared/errors'
import type { ServiceProfile } from '../../../shared/profile'
import { createLogHub } from '../logger'
import { systemClock, type FetchPort } from '../ports'
import { createServiceClient } from '../service/client'

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
 * operation (§4.2, through the service client, as this connection's profile describes it) about a
 * task that cannot exist. A service checks the key before it looks anything up, so:
 *   401 / 403                  → the key is refused;
 *   429 / 503, other 5xx       → the service could not say (busy or broken), try again later;
 *   404, a "not found" envelope, any other JSON answer → the key got past authentication.
 * An answer that is not JSON (an HTML page) means the base URL or query path points at something
 * that is not the service, so we cannot call the key accepted.
 */
export async function checkApiKey(request: KeyCheckRequest): Promise<KeyCheck> {
  const timeoutMs = request.timeoutMs ?? 15_000
  // The engine's log is not for this one call: the caller reports the outcome in its own words.
  const client = createServiceClient({ fetch: request.fetch, clock: systemClock, log: createLogHub(Date.now).root, timeoutMs })
  const accepted = (httpStatus?: number): KeyCheck => ({ ok: true, httpStatus, message: `The service accepted the key${httpStatus ? ` (HTTP ${httpStatus} for a task that cannot exist)` : ''}.` })
  try {
    await client.query({ baseUrl: request.baseUrl, apiKey: request.apiKey, profile: request.profile }, KEY_CHECK_TASK_ID)
    return accepted()
  } catch (caught) {
    const error = AppError.from(caught)
    const httpStatus = typeof error.details?.['httpStatus'] === 'number' ? error.details['httpStatus'] : undefined
    const serviceMessage = error.details?.['serviceMessage']
    const said = typeof serviceMessage === 'string' && serviceMessage ? ` It said: "${serviceMessage.slice(0, 200)}".` : ''
    switch (error.code) {
      case 'UNAUTHORIZED':
        return { ok: false, code: 'UNAUTHORIZED', httpStatus, message: `The service refused the key (HTTP ${httpStatus}).${said}` }
      case 'RATE_LIMITED':
        return { ok: false, code: 'RATE_LIMITED', httpStatus, message: `The service is busy (HTTP ${httpStatus}) and could not check the key; try again in a moment.` }
      case 'NETWORK':
      case 'TIMEOUT':
        return { ok: false, code: error.code, message: error.message }
      case 'PROTOCOL':
        return { ok: false, code: 'PROTOCOL', httpStatus, message: `${error.message} Check the base URL and the query operation of this connection.` }
      case 'REMOTE_FAILED':
        if (httpStatus === undefined || httpStatus >= 500) return { ok: false, code: 'REMOTE_FAILED', httpStatus, message: `The service failed (HTTP ${httpStatus}) before it could check the key.${said}` }
        return accepted(httpStatus)
      default:
        // NOT_FOUND, a refused parameter: the request got past authentication.
        return accepted(httpStatus)
    }
  }
}
