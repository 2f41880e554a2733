import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SandboxContext, SandboxStats } from './context'
import { ok, ResultCode } from './envelope'
import { type FaultRoute, faultRoutes, isFaultKind } from './faults'
import { isLoopback, requireBearer, sendEnvelope, sendError } from './http'
import { snapshotOf } from './records'
import type { ParsedBody } from './submit'

/**
 * The control API, for tests and e2e runs that cannot set headers on the app's requests.
 * Loopback callers with the Sandbox's key only.
 *   GET    /__sandbox/faults   pending injected faults
 *   POST   /__sandbox/faults   {kind, count?, route?, ms?}: inject (see faults.ts)
 *   DELETE /__sandbox/faults   clear them
 *   GET    /__sandbox/tasks    every task's snapshot
 *   GET    /__sandbox/stats    request counts by route, faults applied, renders
 */
export const CONTROL_PREFIX = '/__sandbox/'

export function handleControl(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse, url: URL, body: ParsedBody, stats: () => SandboxStats): void {
  if (!isLoopback(req.socket.remoteAddress)) return sendError(res, 403, ResultCode.forbidden, 'forbidden: the control API answers loopback callers only')
  if (!requireBearer(req, res, ctx.options.apiKey)) return
  const what = url.pathname.slice(CONTROL_PREFIX.length)
  if (what === 'faults' && req.method === 'GET') return sendEnvelope(res, 200, ok({ pending: ctx.faults.pending() }))
  if (what === 'faults' && req.method === 'DELETE') {
    ctx.faults.clear()
    return sendEnvelope(res, 200, ok({ pending: [] }))
  }
  if (what === 'faults' && req.method === 'POST') {
    if (!body.ok || typeof body.value !== 'object' || body.value === null) {
      return sendError(res, 400, ResultCode.badRequest, `invalid request body: ${body.ok ? 'must be a JSON object' : body.problem}`)
    }
    const { kind, count, route, ms } = body.value as Record<string, unknown>
    if (!isFaultKind(kind)) return sendError(res, 400, ResultCode.invalidParameter, `invalid parameter: kind must be a fault kind (got ${JSON.stringify(kind)})`, { field: 'kind' })
    if (route !== undefined && !(faultRoutes as readonly unknown[]).includes(route)) {
      return sendError(res, 400, ResultCode.invalidParameter, `invalid parameter: route must be one of ${faultRoutes.join(', ')}`, { field: 'route' })
    }
    if ((count !== undefined && typeof count !== 'number') || (ms !== undefined && typeof ms !== 'number')) {
      return sendError(res, 400, ResultCode.invalidParameter, 'invalid parameter: count and ms must be numbers', { field: typeof count !== 'number' ? 'count' : 'ms' })
    }
    try {
      ctx.faults.inject(kind, { count, route: route as FaultRoute | undefined, ms })
    } catch (error) {
      return sendError(res, 400, ResultCode.invalidParameter, `invalid parameter: ${(error as Error).message}`)
    }
    if (route) ctx.options.logger.info('sandbox.faultInjectedOn', { kind, route: String(route), count: count ?? 1 })
    else ctx.options.logger.info('sandbox.faultInjected', { kind, count: count ?? 1 })
    return sendEnvelope(res, 200, ok({ pending: ctx.faults.pending() }))
  }
  if (what === 'tasks' && req.method === 'GET') return sendEnvelope(res, 200, ok({ tasks: ctx.tasks.all().map((task) => snapshotOf(ctx, task)) }))
  if (what === 'stats' && req.method === 'GET') return sendEnvelope(res, 200, ok({ ...stats() }))
  sendError(res, 404, ResultCode.notFound, `not found: ${url.pathname}`)
}
