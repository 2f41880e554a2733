import type { Mode } from '../../shared/catalog'
import type { RenderedFile } from './render'

/**
 * The tasks the Sandbox has accepted and where each is in its life (§3): `pending` (§2.3: a new
 * task shows pending), then running, then the success or failure terminal state. The phase is
 * read from the clock and the render, not pushed by timers: nothing to cancel, nothing to leak.
 */
export type TaskPhase = 'pending' | 'running' | 'succeeded' | 'failed'

export interface Task {
  taskId: string
  requestId: string
  model: string
  mode: Mode
  createdAt: number
  /** §4.1 rule 1: answered with urls at once. */
  immediate: boolean
  /** The timing it was created with: a task restored from a state folder keeps its own. */
  timing: Timing
  /** Fails when its running time is over (task-failure fault on submit). */
  plannedFailure: string | undefined
  /** Failed at this moment (task-failure fault on query). */
  failed: { at: number; reason?: string } | undefined
  result: RenderedFile | undefined
  renderError: string | undefined
  idempotencyKey: string | undefined
  /** Where each image of the accepted body was ("image", "headtailImages.first_frame" …): what was really sent. Absent for tasks restored from an older state. */
  images?: string[]
  /** The accepted body's duration in seconds (its default when the body had none). */
  duration?: number
}

export interface TaskState {
  phase: TaskPhase
  /** 0–100. */
  progress: number
  reason: string | undefined
}

export interface TaskSnapshot {
  taskId: string
  requestId: string
  model: string
  mode: Mode
  phase: TaskPhase
  /** The status name the query answers for this phase. */
  status: string
  progress: number
  createdAt: number
  reason: string | undefined
  /** The rendered file on disk, once there is one. */
  file: string | undefined
  idempotencyKey: string | undefined
  /** The accepted body's images, by where they were in it, and its duration: what the service really received. */
  images: string[]
  duration: number | undefined
}

export interface Timing {
  pendingMs: number
  runningMs: number
  progressSteps: number
}

export class TaskBook {
  private readonly tasks = new Map<string, Task>()

  constructor(private readonly now: () => number = Date.now) {}

  add(task: Task): void {
    this.tasks.set(task.taskId, task)
  }

  get(taskId: string): Task | undefined {
    return this.tasks.get(taskId)
  }

  all(): Task[] {
    return [...this.tasks.values()]
  }

  get size(): number {
    return this.tasks.size
  }

  failNow(task: Task, reason?: string): void {
    task.failed ??= { at: this.now(), reason }
  }

  /** What `task` is at `at` (now unless said). */
  state(task: Task, at = this.now()): TaskState {
    if (task.failed) return { phase: 'failed', progress: this.progressAt(task, task.failed.at), reason: task.failed.reason }
    const { pendingMs, runningMs } = task.timing
    const elapsed = at - task.createdAt
    if (!task.immediate) {
      if (elapsed < pendingMs) return { phase: 'pending', progress: 0, reason: undefined }
      if (elapsed < pendingMs + runningMs) return { phase: 'running', progress: this.progressAt(task, at), reason: undefined }
      if (task.plannedFailure) return { phase: 'failed', progress: 100, reason: task.plannedFailure }
    } else if (task.plannedFailure) {
      return { phase: 'failed', progress: 0, reason: task.plannedFailure }
    }
    if (task.renderError) return { phase: 'failed', progress: 100, reason: `generation failed: the Sandbox could not render the video (${task.renderError})` }
    // Running time is over but the render is not: keep running, like a slow real model.
    if (!task.result) return { phase: 'running', progress: 99, reason: undefined }
    return { phase: 'succeeded', progress: 100, reason: undefined }
  }

  /** Running progress in `progressSteps` steps, never 100 before the end. */
  private progressAt(task: Task, at: number): number {
    const { pendingMs, runningMs, progressSteps } = task.timing
    if (runningMs <= 0) return 0
    const fraction = Math.min(1, Math.max(0, (at - task.createdAt - pendingMs) / runningMs))
    return Math.min(99, Math.round((Math.floor(fraction * progressSteps) / progressSteps) * 100))
  }
}
