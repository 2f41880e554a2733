import { timingSafeEqual } from 'node:crypto'

/**
 * Who may talk to the engine in web mode: a page served by us, on loopback, that knows this
 * run's random token. Plain data in, a verdict out, so that it can be tested without sockets.
 */
export interface Gate {
  readonly token: string
  /** The one Origin allowed, e.g. "http://127.0.0.1:5178". */
  readonly origin: string
}

export interface RequestFacts {
  readonly url: string | undefined
  readonly origin: string | undefined
  readonly host: string | undefined
  readonly remoteAddress: string | undefined
}

/** Why a request was turned away: the log words it (shared/locales, `log.web.socketRefused`). */
export type Refusal = 'loopback' | 'host' | 'origin' | 'token'

export type Verdict = { ok: true } | { ok: false; status: 401 | 403; refusal: Refusal }

const loopbackAddresses = new Set(['127.0.0.1', '::ffff:127.0.0.1', '::1'])

export function sameToken(given: string | null | undefined, expected: string): boolean {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function checkRequest(facts: RequestFacts, gate: Gate, { requireOrigin }: { requireOrigin: boolean }): Verdict {
  if (!facts.remoteAddress || !loopbackAddresses.has(facts.remoteAddress)) {
    return { ok: false, status: 403, refusal: 'loopback' }
  }
  // A page on another site that resolves its own name to 127.0.0.1 (DNS rebinding) sends its
  // own Host; only our exact host:port is ours.
  if (facts.host !== new URL(gate.origin).host) return { ok: false, status: 403, refusal: 'host' }
  if (requireOrigin || facts.origin !== undefined) {
    if (facts.origin !== gate.origin) return { ok: false, status: 403, refusal: 'origin' }
  }
  const token = new URL(facts.url ?? '/', gate.origin).searchParams.get('token')
  if (!sameToken(token, gate.token)) return { ok: false, status: 401, refusal: 'token' }
  return { ok: true }
}
