import type { SandboxContext } from './context'
import type { TaskRecord } from './envelope'
import type { Task, TaskSnapshot, TaskState } from './tasks'

/** The task record (§2.3) for a task now: status by the configured name, fresh signed urls. */
export function recordOf(ctx: SandboxContext, task: Task, state: TaskState): TaskRecord {
  const record: TaskRecord = {
    task_id: task.taskId,
    task_status: ctx.options.statusNames[state.phase],
    // §2.3: empty while no result is available.
    urls: state.phase === 'succeeded' && task.result ? [resultUrl(ctx, task.result.id)] : [],
    progress: state.progress,
  }
  if (state.reason) record.reason = state.reason
  return record
}

export function resultUrl(ctx: SandboxContext, fileId: string): string {
  return `${ctx.baseUrl}${ctx.signer.sign(`/files/${fileId}.mp4`)}`
}

export function snapshotOf(ctx: SandboxContext, task: Task): TaskSnapshot {
  const state = ctx.tasks.state(task)
  return {
    taskId: task.taskId,
    requestId: task.requestId,
    model: task.model,
    mode: task.mode,
    phase: state.phase,
    status: ctx.options.statusNames[state.phase],
    progress: state.progress,
    createdAt: task.createdAt,
    reason: state.reason,
    file: task.result?.path,
    idempotencyKey: task.idempotencyKey,
    images: task.images ?? [],
    duration: task.duration,
  }
}
