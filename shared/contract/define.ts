import type { z } from 'zod'

/** One remote procedure: what it takes and what it gives, as zod schemas. */
export interface Procedure<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly input: I
  readonly output: O
}

export function procedure<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): Procedure<I, O> {
  return { input, output }
}

export type ProcedureMap = Record<string, Procedure>
export type EventMap = Record<string, z.ZodType>

/** Who is calling. Transports fill it in after they have checked the caller. */
export interface CallContext {
  readonly transport: 'ipc' | 'websocket' | 'cli' | 'test'
  /**
   * Aborted when the caller cancels this call (a cancel envelope on the same pipe: VS Code's
   * `CancellationToken`) or goes away. Work that can stop early (the library's sweeps) watches it.
   */
  readonly signal?: AbortSignal
}

/** How the page calls: an AbortSignal cancels the call, here and in the engine. */
export interface CallOptions {
  readonly signal?: AbortSignal
}

export type InputOf<P extends Procedure> = z.input<P['input']>
export type OutputOf<P extends Procedure> = z.output<P['output']>

/**
 * What the core must implement: one function per procedure. A missing or misspelt name is a
 * compile error where the router's handler object `satisfies` this type.
 */
export type Handlers<P extends ProcedureMap> = {
  [N in keyof P]: (input: z.output<P[N]['input']>, ctx: CallContext) => Promise<z.input<P[N]['output']>>
}

type Caller<P extends Procedure> = undefined extends InputOf<P>
  ? (input?: InputOf<P>, options?: CallOptions) => Promise<OutputOf<P>>
  : (input: InputOf<P>, options?: CallOptions) => Promise<OutputOf<P>>

type DomainOf<N> = N extends `${infer D}.${string}` ? D : never

/** `{ 'library.list': … }` → `api.library.list(…)`. */
export type ApiOf<P extends ProcedureMap> = {
  [D in DomainOf<keyof P>]: {
    [N in keyof P as N extends `${D}.${infer V}` ? V : never]: Caller<P[N]>
  }
}

export type Listener<E extends EventMap, N extends keyof E> = (payload: z.output<E[N]>) => void

/**
 * Builds the nested API object from the procedure names, once, in the renderer (over IPC or the
 * WebSocket), so that no procedure is ever listed by hand twice.
 */
export function buildApi<P extends ProcedureMap>(
  names: readonly string[],
  call: (method: string, input: unknown, options?: CallOptions) => Promise<unknown>,
): ApiOf<P> {
  const api: Record<string, Record<string, (input?: unknown, options?: CallOptions) => Promise<unknown>>> = {}
  for (const name of names) {
    const dot = name.indexOf('.')
    const domain = name.slice(0, dot)
    const verb = name.slice(dot + 1)
    ;(api[domain] ??= {})[verb] = (input?: unknown, options?: CallOptions) => call(name, input, options)
  }
  return api as unknown as ApiOf<P>
}
