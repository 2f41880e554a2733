import { z } from 'zod'
import { AppError, fieldErrorsFromZod, invalidInput } from '../../shared/errors'
import type { CallContext, CoreHandlers, ProcedureName } from '../../shared/contract'
import { procedures } from '../../shared/contract'
import { RequestEnvelope, type ResponseEnvelope } from '../../shared/envelope'
import type { Logger } from './logger'

export interface Router {
  /** Validates `input` against the contract, runs the handler, returns its output or throws AppError. */
  call(method: string, input: unknown, ctx: CallContext): Promise<unknown>
  /** The transports' entry point: an envelope in, an envelope out; never throws. */
  handle(request: unknown, ctx: CallContext): Promise<ResponseEnvelope>
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

  async function handle(request: unknown, ctx: CallContext): Promise<ResponseEnvelope> {
    const envelope = RequestEnvelope.safeParse(request)
    if (!envelope.success) {
      return { id: -1, ok: false, error: invalidInput(fieldErrorsFromZod(envelope.error), 'Malformed request envelope.').toWire() }
    }
    const { id, method, input } = envelope.data
    try {
      return { id, ok: true, data: await call(method, input, ctx) }
    } catch (error) {
      const appError = AppError.from(error)
      if (appError.code === 'INTERNAL') log.error('engine.callFailed', { method, reason: appError.message })
      return { id, ok: false, error: appError.toWire() }
    }
  }

  return { call, handle }
}
