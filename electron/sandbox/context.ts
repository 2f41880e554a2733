import type { FaultBook, FaultKind } from './faults'
import type { IdempotencyBook, StoredAnswer } from './idempotency'
import type { ResolvedOptions } from './options'
import type { RenderedFile, Renderer } from './render'
import type { UrlSigner } from './signed-urls'
import type { Task, TaskBook } from './tasks'
import type { AcceptedRequest } from './validate'

export type RouteName = 'submit' | 'query' | 'result' | 'control' | 'other'

export interface SandboxStats {
  /** Requests that arrived, by route (before auth and faults). */
  requests: Record<RouteName, number>
  /** Answers refused: 401, 400 (validation, bad JSON), 404. */
  unauthorized: number
  invalid: number
  notFound: number
  /** Faults actually applied, by kind. */
  faults: Partial<Record<FaultKind, number>>
  tasksCreated: number
  /** Bytes of result files sent (what a client downloaded, counting re-downloads). */
  resultBytes: number
  /** Distinct videos rendered (identical requests share one). */
  renders: number
  /** Times the state file was written (0 without `stateDir`). */
  stateWrites: number
}

/** The first answer to an Idempotency-Key, as a task's state keeps it. */
export interface KeyedAnswer {
  key: string
  bodyHash: string
  answer: StoredAnswer
}

/** What the route handlers tell the state folder (persist/state.ts); nothing without one. */
export interface StateHooks {
  /** A new task, before its submit answer: resolves once it and its inputs are on disk. */
  created(task: Task, request: AcceptedRequest, keyed: KeyedAnswer | undefined): Promise<void>
  /** A task changed in a way nobody waits on (a render ended, a fault): saved a little later. */
  changed(): void
}

export const noState: StateHooks = { created: () => Promise.resolve(), changed: () => undefined }

type RunStats = Omit<SandboxStats, 'renders' | 'stateWrites'>

/** A result file as served: its ETag changes when the `etag-change` fault bumps `generation`. */
export interface ServedFile {
  file: RenderedFile
  generation: number
}

/** Everything the route handlers share; one per running Sandbox. */
export interface SandboxContext {
  options: ResolvedOptions
  /** `http://127.0.0.1:<port>`, known once listening. */
  baseUrl: string
  tasks: TaskBook
  faults: FaultBook
  idempotency: IdempotencyBook
  signer: UrlSigner
  renderer: Renderer
  files: Map<string, ServedFile>
  stats: RunStats
  state: StateHooks
  /** Starts rendering a task's result and records the outcome on the task. */
  renderFor(task: Task, job: Parameters<Renderer['render']>[0]): Promise<void>
}

export function emptyStats(): RunStats {
  return { requests: { submit: 0, query: 0, result: 0, control: 0, other: 0 }, unauthorized: 0, invalid: 0, notFound: 0, faults: {}, tasksCreated: 0, resultBytes: 0 }
}
