import { z } from 'zod'
import { AppError, cancelledCall, fieldErrorsFromZod, invalidInput } from '../../shared/errors'
import type { CallContext, CoreHandlers, ProcedureName } from '../../shared/contract'
import { procedures } from '../../shared/contract'
import { CancelEnvelope, RequestEnvelope, type ResponseEnvelope } from '../../shared/envelope'
import type { Logger } from './logger'

export interface Router {
  /** Validates `input` against the contract, runs the handler, returns its output or throws AppError. */
  call(method: string, input: unknown, ctx: CallContext): Promise<unknown>
  /** The transports' entry point: an envelope in, an envelope out; never throws. */
  handle(request: unknown, ctx: CallContext): Promise<ResponseEnvelope>
  /** One caller's pipe (a window, a socket), whose calls it may cancel by id. */
  session(ctx: Omit<CallContext, 'signal'>): CallSession
}

/**
 * The calls one caller has in flight, by id, each with its AbortController: a cancel envelope
 * (`{id, cancel: true}`) aborts that call's signal, and the caller's going away aborts them all.
 */
export interface CallSession {
  /** A call is answered with its envelope; a cancel with nothing (the call it names answers `CANCELLED`). */
  handle(message: unknown): Promise<ResponseEnvelope | undefined>
  /** The caller has gone (a closed socket, a destroyed window): everything it asked is cancelled. */
  close(): void
}

function isProcedure(name: string): name is ProcedureName {
  return Object.hasOwn(procedures, name)
}

/**
 * The single place where input from outside is validated. Handlers receive parsed, typed input
 * and never check shapes themselves.
 */
export function createRouter(handlers: CoreHandlers, log: Logger, options: { validateOutputs?: boolean } = {}): Router {
  async function call(method: string, input: unknown, ctx: CallContext): Promise<unknown> {
    if (!isProcedure(method)) throw new AppError('NOT_FOUND', `Unknown procedure "${method}".`)
    const spec = procedures[method]
    const parsed = (spec.input as z.ZodType).safeParse(input)
    if (!parsed.success) throw invalidInput(fieldErrorsFromZod(parsed.error))
    const handler = handlers[method] as (input: unknown, ctx: CallContext) => Promise<unknown>
    const output = await handler(parsed.data, ctx)
    if (options.validateOutputs) {
      const checked = (spec.output as z.ZodType).safeParse(output)
      if (!checked.success) {
        throw new AppError('INTERNAL', `Output of ${method} does not match the contract: ${z.prettifyError(checked.error)}`)
      }
      return checked.data
    }
    return output
  }

  async function answer(envelope: RequestEnvelope, ctx: CallContext): Promise<ResponseEnvelope> {
    const { id, method, input } = envelope
    try {
      const data = await call(method, input, ctx)
      // Cancelled is cancelled, even when the handler finished anyway: the caller has moved on.
      if (ctx.signal?.aborted) throw cancelledCall(method)
      return { id, ok: true, data }
    } catch (error) {
      const appError = ctx.signal?.aborted ? cancelledCall(method) : AppError.from(error)
      if (appError.code === 'INTERNAL') log.error('engine.callFailed', { method, reason: appError.message })
      return { id, ok: false, error: appError.toWire() }
    }
  }

  function malformed(error: z.ZodError): ResponseEnvelope {
    return { id: -1, ok: false, error: invalidInput(fieldErrorsFromZod(error), 'Malformed request envelope.').toWire() }
  }

  async function handle(request: unknown, ctx: CallContext): Promise<ResponseEnvelope> {
    const envelope = RequestEnvelope.safeParse(request)
    return envelope.success ? answer(envelope.data, ctx) : malformed(envelope.error)
  }

  function session(ctx: Omit<CallContext, 'signal'>): CallSession {
    const inflight = new Map<number | string, AbortController>()
    let closed = false
    return {
      async handle(message) {
        const cancel = CancelEnvelope.safeParse(message)
        if (cancel.success) {
          inflight.get(cancel.data.id)?.abort()
          return undefined
        }
        const envelope = RequestEnvelope.safeParse(message)
        if (!envelope.success) return malformed(envelope.error)
        const controller = new AbortController()
        if (closed) controller.abort()
        inflight.set(envelope.data.id, controller)
        try {
          return await answer(envelope.data, { ...ctx, signal: controller.signal })
        } finally {
          if (inflight.get(envelope.data.id) === controller) inflight.delete(envelope.data.id)
        }
      },
      close() {
        closed = true
        for (const controller of inflight.values()) controller.abort()
        inflight.clear()
      },
    }
  }

  return { call, handle, session }
}
