import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SandboxContext } from './context'
import { ok, ResultCode } from './envelope'
import { resetConnection, sendMalformedJson } from './fault-answers'
import type { FaultPlan } from './faults'
import { isJsonContentType, sendEnvelope, sendError } from './http'
import { recordOf } from './records'
import type { ParsedBody } from './submit'

/** A status name no profile knows: the client must treat it as "still running" (§3). */
export const UNKNOWN_STATUS = 'warming_up'

/** `/api/v1/video/generation/{task_id}` → a matcher for that template. */
export function queryPattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{task_id\}/g, '([^/]+)').replace(/[{}]/g, '\\$&')
  return new RegExp(`^${escaped}$`)
}

/**
 * §4.2, as the Sandbox's profile says (the spec leaves it unshown): where the id travels (path,
 * query string or body), then the same envelope as the submit, with the current status.
 */
export function handleQuery(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse, url: URL, body: ParsedBody, plan: FaultPlan): void {
  const { query } = ctx.options
  let taskId: string | undefined
  if (query.idIn === 'path') {
    const raw = queryPattern(query.path).exec(url.pathname)?.[1]
    taskId = raw === undefined ? undefined : safeDecode(raw)
  } else if (query.idIn === 'query') {
    taskId = url.searchParams.get(query.idParam) ?? undefined
  } else {
    if (!isJsonContentType(req)) {
      ctx.stats.invalid += 1
      return sendError(res, 400, ResultCode.badRequest, 'invalid request: Content-Type must be application/json')
    }
    if (!body.ok) {
      ctx.stats.invalid += 1
      return sendError(res, 400, ResultCode.badRequest, `invalid request body: ${body.problem}`)
    }
    const value = typeof body.value === 'object' && body.value !== null ? (body.value as Record<string, unknown>)[query.idParam] : undefined
    taskId = typeof value === 'string' ? value : undefined
  }
  if (!taskId) {
    ctx.stats.invalid += 1
    return sendError(res, 400, ResultCode.invalidParameter, `invalid parameter: ${query.idParam} is required`, { field: query.idParam })
  }
  const task = ctx.tasks.get(taskId)
  if (!task) {
    ctx.stats.notFound += 1
    return sendError(res, 404, ResultCode.notFound, `task not found: ${taskId}`)
  }
  if (plan.kind === 'task-failure') {
    // Stopped with no word of why, as services do: the client must say it in its own words.
    ctx.tasks.failNow(task)
    ctx.state.changed()
  }
  const state = ctx.tasks.state(task)
  const record = recordOf(ctx, task, state)
  if (plan.kind === 'unknown-status') record.task_status = UNKNOWN_STATUS
  if (plan.kind === 'reset') return resetConnection(res)
  if (plan.kind === 'malformed-json') return sendMalformedJson(res)
  // The query itself succeeded: code 0 and the success word, whatever the task's state (a
  // failed task says why, when it can, in data.reason only).
  sendEnvelope(res, 200, ok(record))
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}
