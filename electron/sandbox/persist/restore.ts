import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { SandboxContext } from '../context'
import type { RenderedFile } from '../render'
import type { Task } from '../tasks'
import type { InputFolder } from './inputs'
import type { StoredIdempotency, StoredRender, StoredResult, StoredTask } from './schema'

/** What the state keeps of a task besides the Task itself. */
export interface TaskExtras {
  render: StoredRender | undefined
  idempotency: StoredIdempotency | undefined
}

export interface Restored {
  tasks: number
  /** Tasks whose video is being rendered again (it had not finished, or its file is gone). */
  rendering: number
  /** Tasks that cannot be rendered again and now fail with a reason. */
  failed: number
}

/**
 * Puts saved tasks back: the same ids, clock-driven phases going on from their `createdAt`, their
 * idempotency answers, their result files (served with the same ETags). A task without a usable
 * result renders again from its saved inputs; without them it fails and says why.
 */
export async function restoreTasks(
  ctx: SandboxContext,
  saved: { tasks: StoredTask[]; results: Record<string, StoredResult> },
  resultsDir: string,
  inputs: InputFolder,
  extras: Map<string, TaskExtras>,
): Promise<Restored> {
  const files = await presentResults(saved.results, resultsDir)
  for (const file of files.values()) ctx.files.set(file.id, { file, generation: saved.results[file.id]?.generation ?? 0 })
  const count: Restored = { tasks: 0, rendering: 0, failed: 0 }
  for (const stored of saved.tasks) {
    const task = taskOf(stored, stored.resultId ? files.get(stored.resultId) : undefined)
    ctx.tasks.add(task)
    extras.set(task.taskId, { render: stored.render, idempotency: stored.idempotency })
    if (stored.idempotency) {
      const { key, bodyHash, status, envelope } = stored.idempotency
      ctx.idempotency.restore(key, bodyHash, { status, envelope, created: true })
    }
    count.tasks += 1
    if (task.result || task.renderError || task.plannedFailure || task.failed) continue
    const problem = await renderAgain(ctx, task, stored.render, inputs)
    if (problem) {
      task.renderError = problem
      count.failed += 1
    } else {
      count.rendering += 1
    }
  }
  return count
}

function taskOf(stored: StoredTask, result: RenderedFile | undefined): Task {
  return {
    taskId: stored.taskId,
    requestId: stored.requestId,
    model: stored.model,
    mode: stored.mode,
    createdAt: stored.createdAt,
    immediate: stored.immediate,
    timing: stored.timing,
    plannedFailure: stored.plannedFailure,
    failed: stored.failed,
    result,
    renderError: stored.renderError,
    idempotencyKey: stored.idempotency?.key,
  }
}

/** Starts the render, or says why it cannot be done. */
async function renderAgain(ctx: SandboxContext, task: Task, render: StoredRender | undefined, inputs: InputFolder): Promise<string | undefined> {
  if (!render) return 'the Sandbox restarted before this video was rendered and kept nothing to render it from'
  const images = await inputs.restore(render.images)
  if ('missing' in images) return `the Sandbox restarted before this video was rendered, and its input ${images.missing} is gone from ${inputs.dir}`
  void ctx.renderFor(task, { modelId: task.model, mode: task.mode, prompt: render.prompt, seed: render.seed, duration: render.duration, resolution: render.resolution, images: images.images })
  return undefined
}

/** The saved results whose file is still there, whole. */
async function presentResults(results: Record<string, StoredResult>, dir: string): Promise<Map<string, RenderedFile>> {
  const present = new Map<string, RenderedFile>()
  await Promise.all(
    Object.entries(results).map(async ([id, meta]) => {
      const file = path.join(dir, `${id}.mp4`)
      const found = await stat(file).catch(() => undefined)
      if (found?.size !== meta.size) return
      present.set(id, { id, path: file, size: meta.size, sha256: meta.sha256, width: meta.width, height: meta.height, seconds: meta.seconds })
    }),
  )
  return present
}
