import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { KeyedAnswer, SandboxContext, StateHooks } from '../context'
import type { ResolvedOptions } from '../options'
import type { Task } from '../tasks'
import type { AcceptedRequest } from '../validate'
import { writeAtomic } from './atomic'
import { InputFolder } from './inputs'
import { prune } from './prune'
import { type LoadedState, readState, STATE_FILE } from './read'
import { restoreTasks, type TaskExtras } from './restore'
import { STATE_VERSION, type StateFile, type StoredIdempotency, type StoredResult, type StoredTask } from './schema'
import { StateWriter } from './writer'

/**
 * The Sandbox's state folder (`options.stateDir`), so that the built-in Sandbox comes back after
 * its host restarts (the designer quits and reopens while jobs run) with the same tasks, key,
 * URL-signing secret and, when free, port:
 *
 *   <stateDir>/state.json     version 1 (schema.ts), mode 0600 (it holds the key and the secret)
 *   <stateDir>/results/       rendered MP4s, `<id>.mp4`; kept on close
 *   <stateDir>/inputs/        decoded input images, `<sha256>.<ext>`, to render again after a crash
 *
 * Every change rewrites state.json atomically (atomic.ts). A submit is answered only once its task
 * is on disk (group commit, writer.ts); other changes are saved within DEBOUNCE_MS.
 * One Sandbox per folder at a time: two would overwrite each other's state.
 */
const DEBOUNCE_MS = 200

export class StateFolder {
  readonly resultsDir: string
  private readonly inputs: InputFolder
  private readonly extras = new Map<string, TaskExtras>()
  private readonly writer: StateWriter
  private ctx: SandboxContext | undefined
  private apiKey: string | undefined
  private port: number | undefined

  private constructor(
    readonly dir: string,
    private readonly options: ResolvedOptions,
    /** What was on disk at start, pruned. */
    readonly loaded: LoadedState | undefined,
  ) {
    this.resultsDir = path.join(dir, 'results')
    this.inputs = new InputFolder(path.join(dir, 'inputs'))
    this.port = loaded?.file.port
    this.writer = new StateWriter(
      () => this.save(),
      DEBOUNCE_MS,
      (error) => options.logger.warn('sandbox.stateNotSaved', { file: path.join(dir, STATE_FILE), reason: (error as Error).message }),
    )
  }

  /** Reads the folder (a missing or unreadable state means a fresh start) and drops old tasks. */
  static async open(dir: string, options: ResolvedOptions): Promise<StateFolder> {
    const log = options.logger
    await Promise.all(['results', 'inputs'].map((sub) => mkdir(path.join(dir, sub), { recursive: true })))
    const loaded = await readState(dir, log)
    const retention = options.stateRetentionMs
    const pruned = await prune({ root: dir, results: path.join(dir, 'results'), inputs: path.join(dir, 'inputs') }, loaded?.tasks ?? [], options.now() - retention, Date.now() - retention)
    if (pruned.droppedTasks || pruned.removedFiles) log.info('sandbox.pruned', { tasks: pruned.droppedTasks, hours: Math.round(retention / 3_600_000), files: pruned.removedFiles })
    return new StateFolder(dir, options, loaded && { file: loaded.file, tasks: pruned.kept })
  }

  get savedPort(): number | undefined {
    return this.loaded?.file.port
  }

  get savedApiKey(): string | undefined {
    return this.loaded?.file.apiKey
  }

  get savedUrlSecret(): Buffer | undefined {
    return this.loaded ? Buffer.from(this.loaded.file.urlSecret, 'base64url') : undefined
  }

  get writes(): number {
    return this.writer.writes
  }

  /**
   * Puts the saved tasks into the running Sandbox and returns the hooks its routes call.
   * `apiKey`: the key to keep in the file (only one the Sandbox made itself).
   */
  async attach(ctx: SandboxContext, apiKey: string | undefined): Promise<StateHooks> {
    this.ctx = ctx
    this.apiKey = apiKey
    if (this.loaded) {
      const used = new Set(this.loaded.tasks.map((task) => task.resultId))
      const results = Object.fromEntries(Object.entries(this.loaded.file.results).filter(([id]) => used.has(id)))
      const restored = await restoreTasks(ctx, { tasks: this.loaded.tasks, results }, this.resultsDir, this.inputs, this.extras)
      this.options.logger.info('sandbox.restored', { count: restored.tasks, folder: this.dir, rendering: restored.rendering, failed: restored.failed })
    }
    return { created: (task, request, keyed) => this.created(task, request, keyed), changed: () => this.writer.soon() }
  }

  /** Listening: the port goes into the state, which is on disk before the Sandbox is handed out. */
  async listening(port: number): Promise<void> {
    this.port = port
    await this.writer.now()
  }

  async close(): Promise<void> {
    await this.writer.flush().catch((error: unknown) => this.options.logger.warn('sandbox.stateNotSavedOnClose', { reason: (error as Error).message }))
  }

  private async created(task: Task, request: AcceptedRequest, keyed: KeyedAnswer | undefined): Promise<void> {
    // Inputs first: the task must never be on disk without what it renders from.
    const images = task.plannedFailure ? undefined : await this.inputs.save(request.images)
    const render = images && { prompt: request.prompt, seed: request.seed, duration: request.duration, resolution: request.resolution, images }
    const idempotency = keyed && { key: keyed.key, bodyHash: keyed.bodyHash, status: keyed.answer.status, envelope: keyed.answer.envelope as StoredIdempotency['envelope'] }
    this.extras.set(task.taskId, { render, idempotency })
    await this.writer.now()
  }

  /** Snapshot taken synchronously (the writer's cut), then written atomically. */
  private save(): Promise<void> {
    return writeAtomic(path.join(this.dir, STATE_FILE), this.serialize())
  }

  private serialize(): string {
    const ctx = this.ctx
    if (!ctx) throw new Error('sandbox state saved before it was attached')
    const tasks: StoredTask[] = []
    const results: Record<string, StoredResult> = {}
    for (const task of ctx.tasks.all()) {
      // A task enters the file only with its extras, i.e. once its inputs are on disk.
      const extra = this.extras.get(task.taskId)
      if (!extra) continue
      tasks.push({ ...storedFields(task), render: extra.render, idempotency: extra.idempotency })
      const file = task.result
      if (file) {
        const generation = ctx.files.get(file.id)?.generation ?? 0
        results[file.id] = { size: file.size, sha256: file.sha256, width: file.width, height: file.height, seconds: file.seconds, generation }
      }
    }
    const state: StateFile = { version: STATE_VERSION, savedAt: Date.now(), apiKey: this.apiKey, urlSecret: ctx.signer.secret.toString('base64url'), port: this.port, results, tasks }
    return JSON.stringify(state)
  }
}

function storedFields(task: Task): Omit<StoredTask, 'render' | 'idempotency'> {
  const { taskId, requestId, model, mode, createdAt, immediate, timing, plannedFailure, failed, renderError } = task
  return { taskId, requestId, model, mode, createdAt, immediate, timing, plannedFailure, failed, resultId: task.result?.id, renderError }
}
