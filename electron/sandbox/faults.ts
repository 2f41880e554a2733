/**
 * Fault injection: the ways a real service, gateway or CDN lets a client down, on demand.
 *
 * A fault is chosen per request, first match wins:
 *   1. the request's own `X-Sandbox-Fault` header: one kind or a comma list, `latency` may say its
 *      delay (`latency=250, http503`); an unknown kind is a 400 naming the header;
 *   2. the injected queue: `sandbox.faults.inject(kind, {count, route, ms})` in-process, or
 *      `POST /__sandbox/faults {kind, count?, route?, ms?}` on the same server (loopback, same key);
 *   3. chance: `faults.probability` (0–1) per request, a kind drawn from `faults.kinds`.
 * A request gets at most one `latency` (applied first) and one other kind.
 *
 * Kinds (route where each applies; a header asking for one elsewhere is ignored):
 *   latency          submit, query, result  wait `ms` (default `faults.latencyMs`) then answer normally
 *   reset            submit, query, result  destroy the socket; on submit AFTER the task was created
 *                                           (the "did it reach the service?" case idempotency is for)
 *   http500          submit, query, result  500 envelope, code 50000, no task created
 *   http502          submit, query, result  502 envelope, code 50200
 *   http503          submit, query, result  503 envelope, code 50300, `Retry-After: 1` (seconds)
 *   http429          submit, query, result  429 envelope, code 42900, `Retry-After: 1` (seconds)
 *   http429-date     submit, query, result  429 with `Retry-After` as an HTTP date (2 s ahead)
 *   malformed-json   submit, query          200, `application/json`, a cut-off JSON text; on submit
 *                                           the task IS created (the answer was lost, not the work)
 *   html-page        submit, query, result  502 `text/html` gateway error page
 *   nonzero-code     submit, query          HTTP 200 with envelope code 50001 (§7 rule 3: non-zero
 *                                           codes exist, values unshown); no task created on submit
 *   unknown-status   query                  this answer's `task_status` is "warming_up"; the task
 *                                           goes on and later answers its real status
 *   task-failure     submit, query          on submit: the task ends failed when its running time is
 *                                           over, saying why in `data.reason`; on query: it fails
 *                                           at once, saying nothing but its status
 *   expired-url      result                 410 Gone once, as if the signed URL had expired early
 *   truncated-body   result                 full `Content-Length` sent, then the socket closes halfway
 *   etag-change      result                 the file's ETag changes from now on, and this answer
 *                                           ignores Range/If-Range: 200 with the whole body
 */
import type { EventEmitter } from 'node:events'
import { mulberry32 } from './random'

export const faultKinds = [
  'latency',
  'reset',
  'http500',
  'http502',
  'http503',
  'http429',
  'http429-date',
  'malformed-json',
  'html-page',
  'nonzero-code',
  'unknown-status',
  'task-failure',
  'expired-url',
  'truncated-body',
  'etag-change',
] as const
export type FaultKind = (typeof faultKinds)[number]

export const faultRoutes = ['submit', 'query', 'result'] as const
export type FaultRoute = (typeof faultRoutes)[number]

const everywhere: readonly FaultRoute[] = faultRoutes
const api: readonly FaultRoute[] = ['submit', 'query']

/** Where each kind can happen (see the table above). */
export const faultKindRoutes = {
  latency: everywhere,
  reset: everywhere,
  http500: everywhere,
  http502: everywhere,
  http503: everywhere,
  http429: everywhere,
  'http429-date': everywhere,
  'malformed-json': api,
  'html-page': everywhere,
  'nonzero-code': api,
  'unknown-status': ['query'],
  'task-failure': api,
  'expired-url': ['result'],
  'truncated-body': ['result'],
  'etag-change': ['result'],
} as const satisfies Record<FaultKind, readonly FaultRoute[]>

export function isFaultKind(value: unknown): value is FaultKind {
  return typeof value === 'string' && (faultKinds as readonly string[]).includes(value)
}

export function appliesTo(kind: FaultKind, route: FaultRoute): boolean {
  return (faultKindRoutes[kind] as readonly FaultRoute[]).includes(route)
}

export interface InjectOptions {
  /** How many requests it hits (default 1). */
  count?: number
  /** Only requests on this route; default: the next request where the kind applies. */
  route?: FaultRoute
  /** For `latency`: the delay (default `faults.latencyMs`). */
  ms?: number
}

export interface PendingFault {
  kind: FaultKind
  route: FaultRoute | undefined
  remaining: number
  ms: number | undefined
}

/** The control surface tests and the e2e harness use. */
export interface FaultControl {
  inject(kind: FaultKind, options?: InjectOptions): void
  clear(): void
  pending(): ReadonlyArray<Readonly<PendingFault>>
}

/** What one request suffers: an optional delay, then at most one other fault. */
export interface FaultPlan {
  latencyMs: number | undefined
  kind: Exclude<FaultKind, 'latency'> | undefined
}

export class FaultHeaderError extends Error {}

export interface FaultBookOptions {
  probability: number
  kinds: readonly FaultKind[]
  latencyMs: number
  seed: number | undefined
}

export class FaultBook implements FaultControl {
  private readonly queue: PendingFault[] = []
  private readonly random: () => number

  constructor(private readonly options: FaultBookOptions) {
    this.random = options.seed === undefined ? Math.random : mulberry32(options.seed)
  }

  inject(kind: FaultKind, options: InjectOptions = {}): void {
    if (!isFaultKind(kind)) throw new Error(`unknown fault kind "${String(kind)}"; known kinds: ${faultKinds.join(', ')}`)
    const count = options.count ?? 1
    if (!Number.isInteger(count) || count < 1) throw new Error(`fault count must be a positive integer (got ${String(count)})`)
    if (options.route !== undefined && !appliesTo(kind, options.route)) {
      throw new Error(`fault "${kind}" cannot happen on route "${options.route}"; it applies to ${faultKindRoutes[kind].join(', ')}`)
    }
    if (options.ms !== undefined && !(Number.isFinite(options.ms) && options.ms >= 0)) throw new Error(`fault ms must be a non-negative number (got ${String(options.ms)})`)
    this.queue.push({ kind, route: options.route, remaining: count, ms: options.ms })
  }

  clear(): void {
    this.queue.length = 0
  }

  pending(): ReadonlyArray<Readonly<PendingFault>> {
    return this.queue.map((entry) => ({ ...entry }))
  }

  /** Decides the faults of one request on `route`, consuming injected ones it uses. */
  take(route: FaultRoute, header: string | undefined): FaultPlan {
    const plan: FaultPlan = { latencyMs: undefined, kind: undefined }
    if (header !== undefined && header.trim() !== '') {
      for (const { kind, ms } of parseFaultHeader(header)) this.add(plan, kind, ms, route)
      return plan
    }
    for (const entry of [...this.queue]) {
      const wanted = entry.kind === 'latency' ? plan.latencyMs === undefined : plan.kind === undefined
      if (!wanted || !appliesTo(entry.kind, route) || (entry.route !== undefined && entry.route !== route)) continue
      this.add(plan, entry.kind, entry.ms, route)
      entry.remaining -= 1
      if (entry.remaining <= 0) this.queue.splice(this.queue.indexOf(entry), 1)
    }
    if (plan.latencyMs === undefined && plan.kind === undefined && this.options.probability > 0 && this.random() < this.options.probability) {
      const candidates = this.options.kinds.filter((kind) => appliesTo(kind, route))
      const kind = candidates[Math.floor(this.random() * candidates.length)]
      if (kind !== undefined) this.add(plan, kind, undefined, route)
    }
    return plan
  }

  private add(plan: FaultPlan, kind: FaultKind, ms: number | undefined, route: FaultRoute): void {
    if (!appliesTo(kind, route)) return
    if (kind === 'latency') plan.latencyMs ??= ms ?? this.options.latencyMs
    else plan.kind ??= kind
  }
}

/** `X-Sandbox-Fault: latency=250, http503` → kinds with their delay. */
export function parseFaultHeader(header: string): Array<{ kind: FaultKind; ms: number | undefined }> {
  return header
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const [name = '', value] = part.split('=').map((s) => s.trim())
      if (!isFaultKind(name)) throw new FaultHeaderError(`X-Sandbox-Fault: unknown fault kind "${name}"; known kinds: ${faultKinds.join(', ')}`)
      if (value === undefined) return { kind: name, ms: undefined }
      const ms = Number(value)
      if (name !== 'latency' || !Number.isFinite(ms) || ms < 0) throw new FaultHeaderError(`X-Sandbox-Fault: "${part}" is not valid; only latency takes a value, in milliseconds`)
      return { kind: name, ms }
    })
}

/** Resolves after `ms`, or at once when the response closes meanwhile (the client went away). */
export function delay(ms: number, res?: EventEmitter): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    function done(): void {
      clearTimeout(timer)
      res?.off('close', done)
      resolve()
    }
    res?.once('close', done)
  })
}
