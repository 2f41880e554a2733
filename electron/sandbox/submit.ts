import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SandboxContext } from './context'
import { failure, newRequestId, newTaskId, ok, ResultCode } from './envelope'
import { resetConnection, sendMalformedJson } from './fault-answers'
import type { FaultPlan } from './faults'
import { headerValue, isJsonContentType, sendEnvelope, sendError } from './http'
import type { StoredAnswer } from './idempotency'
import { recordOf } from './records'
import type { Task } from './tasks'
import { validateSubmit } from './validate'

export type ParsedBody = { ok: true; value: unknown } | { ok: false; problem: string }

const TASK_FAILURE_REASON = 'generation failed: the model could not produce a video for this request (Sandbox fault task-failure)'

/** §4.1 submit: validate, create the task, answer the envelope (§2.2) with its record (§2.3). */
export async function handleSubmit(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse, body: ParsedBody, plan: FaultPlan): Promise<void> {
  const log = ctx.options.logger
  // §5: Content-Type is required and a JSON media type.
  if (!isJsonContentType(req)) {
    ctx.stats.invalid += 1
    sendError(res, 400, ResultCode.badRequest, 'invalid request: Content-Type must be application/json')
    return
  }
  if (!body.ok) {
    ctx.stats.invalid += 1
    sendError(res, 400, ResultCode.badRequest, `invalid request body: ${body.problem}`)
    return
  }

  const key = ctx.options.honourIdempotency ? headerValue(req, ctx.options.idempotencyHeader)?.trim() || undefined : undefined
  let answer: StoredAnswer
  if (key) {
    const outcome = await ctx.idempotency.once(key, body.value, (bodyHash) => createTask(ctx, body.value, plan, { key, bodyHash }))
    if (outcome.kind === 'conflict') {
      ctx.stats.invalid += 1
      sendError(res, 409, ResultCode.idempotencyConflict, `invalid request: ${ctx.options.idempotencyHeader} was already used with a different body`)
      return
    }
    answer = outcome.answer
    if (outcome.kind === 'replay') log.info('sandbox.replayed', { task: taskIdOf(answer) ?? '—' })
  } else {
    answer = await createTask(ctx, body.value, plan, undefined)
  }
  if (!answer.created) ctx.stats.invalid += 1

  // The work is done; these faults lose only the answer (the case idempotency keys exist for).
  if (answer.created && plan.kind === 'reset') return resetConnection(res)
  if (answer.created && plan.kind === 'malformed-json') return sendMalformedJson(res)
  sendEnvelope(res, answer.status, answer.envelope)
}

async function createTask(ctx: SandboxContext, body: unknown, plan: FaultPlan, keyed: { key: string; bodyHash: string } | undefined): Promise<StoredAnswer> {
  const { options } = ctx
  const validation = await validateSubmit(body, options.catalog, options.validation)
  if (!validation.ok) {
    const { code, message, field } = validation.rejection
    options.logger.info('sandbox.refused', { reason: message })
    return { status: 400, envelope: failure(code, message, field ? { field } : null), created: false }
  }
  const request = validation.request
  const task: Task = {
    taskId: newTaskId(),
    requestId: newRequestId(),
    model: request.model.id,
    mode: request.mode,
    createdAt: options.now(),
    immediate: options.immediateModels.has(request.model.id),
    timing: options.timing,
    plannedFailure: plan.kind === 'task-failure' ? TASK_FAILURE_REASON : undefined,
    failed: undefined,
    result: undefined,
    renderError: undefined,
    idempotencyKey: keyed?.key,
    images: request.images.map((image) => image.path),
    duration: request.duration,
  }
  ctx.tasks.add(task)
  ctx.stats.tasksCreated += 1
  const accepted = { task: task.taskId, model: task.model, mode: task.mode, seconds: request.duration }
  if (request.ignored.length) options.logger.info('sandbox.acceptedIgnoring', { ...accepted, ignored: request.ignored.join(', ') })
  else options.logger.info('sandbox.accepted', accepted)
  const rendering = task.plannedFailure
    ? Promise.resolve()
    : ctx.renderFor(task, {
        modelId: request.model.id,
        mode: request.mode,
        prompt: request.prompt,
        seed: request.seed,
        duration: request.duration,
        resolution: request.resolution,
        images: request.images.map((image) => image.value),
      })
  // §4.1 rule 1: some models answer with the result at once.
  if (task.immediate) await rendering
  // The answer says what the task was when accepted (§2.3: pending), however long a loaded machine
  // took to get here; an immediate model's, what it is now that its result is ready.
  const envelope = ok(recordOf(ctx, task, ctx.tasks.state(task, task.immediate ? undefined : task.createdAt)))
  envelope.request_id = task.requestId
  const answer: StoredAnswer = { status: 200, envelope, created: true }
  // With a state folder: on disk (and its inputs) before the answer, so a replay after a crash finds it.
  await ctx.state.created(task, request, keyed && { ...keyed, answer })
  return answer
}

function taskIdOf(answer: StoredAnswer): string | undefined {
  const data = answer.envelope.data
  return data && typeof data === 'object' && 'task_id' in data ? String(data.task_id) : undefined
}
