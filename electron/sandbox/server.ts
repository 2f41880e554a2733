import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RouteName, SandboxContext, SandboxStats } from './context'
import { CONTROL_PREFIX, handleControl } from './control'
import { ResultCode } from './envelope'
import { answerEarlyFault } from './fault-answers'
import { delay, FaultHeaderError, type FaultPlan } from './faults'
import { BodyTooLargeError, headerValue, readBody, requireBearer, sendError } from './http'
import { handleQuery, queryPattern } from './query'
import { handleResult } from './results'
import { handleSubmit, type ParsedBody } from './submit'

export const FAULT_HEADER = 'X-Sandbox-Fault'

/**
 * Routes one request: which operation it is (§4.1 submit, the profile's query, a result file, the
 * control API), then auth (§5), the body, the faults, and the handler.
 */
export function createRequestHandler(ctx: SandboxContext, stats: () => SandboxStats): (req: IncomingMessage, res: ServerResponse) => void {
  const pattern = queryPattern(ctx.options.query.path)
  return (req, res) => {
    handle(ctx, pattern, stats, req, res).catch((error: unknown) => {
      ctx.options.logger.warn('sandbox.requestFailed', { reason: error instanceof Error ? error.message : String(error) })
      if (!res.headersSent && !res.destroyed) sendError(res, 500, ResultCode.internal, 'internal server error')
      else res.destroy()
    })
  }
}

async function handle(ctx: SandboxContext, pattern: RegExp, stats: () => SandboxStats, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid')
  const method = req.method ?? 'GET'
  const { options } = ctx
  const isSubmit = method === 'POST' && url.pathname === options.submitPath
  const isQuery = method === options.query.method && pattern.test(url.pathname)
  let route: RouteName = isSubmit ? 'submit' : isQuery ? 'query' : 'other'
  if (url.pathname.startsWith(CONTROL_PREFIX)) route = 'control'
  else if (url.pathname.startsWith('/files/')) route = 'result'
  ctx.stats.requests[route] += 1

  if (route === 'other') {
    ctx.stats.notFound += 1
    if (url.pathname === options.submitPath) return sendError(res, 405, ResultCode.methodNotAllowed, `method not allowed: ${method} ${url.pathname}; submit with POST`, null, { Allow: 'POST' })
    return sendError(res, 404, ResultCode.notFound, `not found: ${method} ${url.pathname}`)
  }
  if (route !== 'result' && route !== 'control' && !requireBearer(req, res, options.apiKey)) {
    ctx.stats.unauthorized += 1
    return
  }

  let body: ParsedBody = { ok: true, value: undefined }
  if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
    try {
      body = parseJson(await readBody(req))
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error
      return sendError(res, 413, ResultCode.tooLarge, `request too large: ${error.message}`)
    }
  }
  if (route === 'control') return handleControl(ctx, req, res, url, body, stats)

  // When the profile's query shares the submit's method and path, the body tells them apart.
  if (isSubmit && isQuery && body.ok && typeof body.value === 'object' && body.value !== null) {
    const fields = body.value as Record<string, unknown>
    if (options.query.idParam in fields && !('model' in fields)) {
      route = 'query'
      ctx.stats.requests.submit -= 1
      ctx.stats.requests.query += 1
    }
  }

  let plan: FaultPlan
  try {
    plan = ctx.faults.take(route, headerValue(req, FAULT_HEADER))
  } catch (error) {
    if (!(error instanceof FaultHeaderError)) throw error
    return sendError(res, 400, ResultCode.badRequest, error.message)
  }
  if (plan.latencyMs !== undefined) {
    count(ctx, 'latency')
    await delay(plan.latencyMs, res)
    if (res.destroyed) return
  }
  if (plan.kind) {
    count(ctx, plan.kind)
    options.logger.info('sandbox.fault', { kind: plan.kind, route })
    if (answerEarlyFault(plan.kind, res)) return
  }
  if (route === 'submit') return handleSubmit(ctx, req, res, body, plan)
  if (route === 'query') return handleQuery(ctx, req, res, url, body, plan)
  return handleResult(ctx, req, res, url, plan)
}

function count(ctx: SandboxContext, kind: keyof SandboxStats['faults']): void {
  ctx.stats.faults[kind] = (ctx.stats.faults[kind] ?? 0) + 1
}

function parseJson(bytes: Buffer): ParsedBody {
  if (bytes.length === 0) return { ok: false, problem: 'empty body; expected a JSON object' }
  try {
    return { ok: true, value: JSON.parse(bytes.toString('utf8')) as unknown }
  } catch (error) {
    return { ok: false, problem: `not valid JSON (${(error as Error).message})` }
  }
}
