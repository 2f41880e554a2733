import { randomBytes } from 'node:crypto'
import { resolve as resolvePath } from 'node:path'
import type { Catalog } from '../../shared/catalog'
import type { KeyOf, Params, SharedMessages } from '../../shared/locales'
import { defaultServiceProfile, ServiceProfile } from '../../shared/profile'
import { type FaultKind, faultKinds, isFaultKind } from './faults'
import type { Strictness } from './validate'

/**
 * What a Sandbox log line says: a key of the catalogue's `log.sandbox` (shared/locales/en/log.ts),
 * with its parameters. The built-in Sandbox is given the engine's logger, so its lines read in the
 * designer's language in Settings → Engine activity, like the engine's own.
 */
export type SandboxLogCode = `sandbox.${KeyOf<SharedMessages['log']['sandbox']>}`

export interface SandboxLogger {
  info(code: SandboxLogCode, params?: Params): void
  warn(code: SandboxLogCode, params?: Params): void
}

export interface SandboxOptions {
  /** The parsed model catalogue (shared/catalog.ts); the Sandbox validates against its data. */
  catalog: Catalog
  /**
   * 0 picks a free port. Default: the port saved in `stateDir` when it is free, else a free one.
   * Always bound to 127.0.0.1.
   */
  port?: number
  /**
   * Default: the key saved in `stateDir`, else a random `sk-sandbox-…` (saved there). A key passed
   * here is never written to disk. Requests carry `Authorization: Bearer <key>` (§5).
   */
  apiKey?: string
  /** §7 rule 1 allows both: strict refuses fields the model does not take, lenient ignores them. */
  validation?: Strictness
  timing?: {
    /** How long a new task answers `pending` (default 1500). */
    pendingMs?: number
    /** Then how long it answers running before its end (default 4000). */
    runningMs?: number
    /** Progress moves in this many steps while running (default 10). */
    progressSteps?: number
  }
  /** Models that answer the submit with `urls` at once (§4.1 rule 1). Default ['lumen-1-fast']. */
  immediateModels?: string[]
  /** Lifetime of a result URL (default 30 min); after it the URL answers 403. */
  urlTtlMs?: number
  /** Submit path (default the spec's, §4.1). */
  submitPath?: string
  /** The query operation the Sandbox exposes (§4.2 leaves it unshown); default defaultServiceProfile.query. */
  query?: { method?: 'GET' | 'POST'; path?: string; idIn?: 'path' | 'query' | 'body'; idParam?: string }
  /** Status names it answers (§3 leaves the terminal ones unshown). */
  statusNames?: { pending?: string; running?: string; succeeded?: string; failed?: string }
  /** Same Idempotency-Key → same task and the same answer (default true). */
  honourIdempotency?: boolean
  /** Header carrying the key (default the profile's, "Idempotency-Key"). */
  idempotencyHeader?: string
  faults?: { probability?: number; kinds?: FaultKind[]; latencyMs?: number; seed?: number }
  /** Where rendered results go (default a temp folder, removed on close). Not with `stateDir`. */
  dataDir?: string
  /**
   * A folder that makes the Sandbox survive a restart of its host (see persist/state.ts):
   * `state.json` (tasks, key, URL-signing secret, port), `results/` (kept on close), `inputs/`.
   */
  stateDir?: string
  /** Tasks older than this, with their results and inputs, are dropped on start (default 7 days). */
  stateRetentionMs?: number
  render?: { longSide?: number; fps?: number }
  logger?: SandboxLogger
  /** The clock for task phases and URL expiry (default Date.now); tests move it by hand. */
  now?: () => number
}

export interface ResolvedOptions {
  catalog: Catalog
  port: number
  apiKey: string
  validation: Strictness
  timing: { pendingMs: number; runningMs: number; progressSteps: number }
  immediateModels: ReadonlySet<string>
  urlTtlMs: number
  submitPath: string
  query: { method: 'GET' | 'POST'; path: string; idIn: 'path' | 'query' | 'body'; idParam: string }
  statusNames: { pending: string; running: string; succeeded: string; failed: string }
  honourIdempotency: boolean
  idempotencyHeader: string
  faults: { probability: number; kinds: readonly FaultKind[]; latencyMs: number; seed: number | undefined }
  dataDir: string | undefined
  stateDir: string | undefined
  stateRetentionMs: number
  render: { longSide: number; fps: number }
  logger: SandboxLogger
  now: () => number
}

const silent: SandboxLogger = { info: () => undefined, warn: () => undefined }

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  const v = value ?? fallback
  if (!Number.isFinite(v) || v < 0) throw new Error(`sandbox option ${name} must be a non-negative number (got ${String(value)})`)
  return v
}

/** Applies the defaults and refuses a bad option by name. */
export function resolveOptions(options: SandboxOptions): ResolvedOptions {
  if (!options.catalog || !Array.isArray(options.catalog.models)) throw new Error('sandbox option catalog is required (a parsed Catalog)')
  const parsed = ServiceProfile.safeParse({ submitPath: options.submitPath ?? defaultServiceProfile.submitPath, query: options.query ?? {} })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`sandbox option ${issue?.path.join('.') ?? 'query'}: ${issue?.message ?? 'invalid'}`)
  }
  const { method, path, idIn, idParam } = parsed.data.query
  const statusNames = { pending: 'pending', running: 'running', succeeded: 'succeeded', failed: 'failed', ...options.statusNames }
  for (const [name, value] of Object.entries(statusNames)) {
    if (typeof value !== 'string' || value.trim() === '') throw new Error(`sandbox option statusNames.${name} must be a non-empty string`)
  }
  const probability = nonNegative('faults.probability', options.faults?.probability, 0)
  if (probability > 1) throw new Error(`sandbox option faults.probability must be between 0 and 1 (got ${probability})`)
  const kinds = options.faults?.kinds ?? faultKinds
  for (const kind of kinds) if (!isFaultKind(kind)) throw new Error(`sandbox option faults.kinds: unknown fault kind "${String(kind)}"`)
  const validation = options.validation ?? 'strict'
  if (validation !== 'strict' && validation !== 'lenient') throw new Error(`sandbox option validation must be "strict" or "lenient" (got "${String(validation)}")`)
  if (options.stateDir !== undefined && (typeof options.stateDir !== 'string' || options.stateDir.trim() === '')) throw new Error('sandbox option stateDir must be a folder path')
  if (options.stateDir !== undefined && options.dataDir !== undefined) throw new Error('sandbox options dataDir and stateDir: give one (with stateDir, results go to <stateDir>/results)')
  const apiKey = options.apiKey ?? `sk-sandbox-${randomBytes(18).toString('base64url')}`
  if (!/^\S{8,}$/.test(apiKey)) throw new Error('sandbox option apiKey must be at least 8 characters without spaces')
  return {
    catalog: options.catalog,
    port: nonNegative('port', options.port, 0),
    apiKey,
    validation,
    timing: {
      pendingMs: nonNegative('timing.pendingMs', options.timing?.pendingMs, 1500),
      runningMs: nonNegative('timing.runningMs', options.timing?.runningMs, 4000),
      progressSteps: Math.max(1, Math.round(nonNegative('timing.progressSteps', options.timing?.progressSteps, 10))),
    },
    immediateModels: new Set(options.immediateModels ?? ['lumen-1-fast']),
    urlTtlMs: nonNegative('urlTtlMs', options.urlTtlMs, 30 * 60_000),
    submitPath: parsed.data.submitPath,
    query: { method, path, idIn, idParam },
    statusNames,
    honourIdempotency: options.honourIdempotency ?? true,
    idempotencyHeader: options.idempotencyHeader ?? defaultServiceProfile.idempotency.header,
    faults: {
      probability,
      kinds,
      latencyMs: nonNegative('faults.latencyMs', options.faults?.latencyMs, 1000),
      seed: options.faults?.seed,
    },
    dataDir: options.dataDir,
    stateDir: options.stateDir === undefined ? undefined : resolvePath(options.stateDir),
    stateRetentionMs: nonNegative('stateRetentionMs', options.stateRetentionMs, 7 * 24 * 3_600_000),
    render: {
      longSide: Math.max(64, Math.round(nonNegative('render.longSide', options.render?.longSide, 480))),
      fps: Math.max(1, Math.round(nonNegative('render.fps', options.render?.fps, 12))),
    },
    logger: options.logger ?? silent,
    now: options.now ?? Date.now,
  }
}
