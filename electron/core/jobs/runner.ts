import { randomBytes, randomUUID } from 'node:crypto'
import path from 'node:path'
import type { Draft } from '../../../shared/draft'
import { AppError } from '../../../shared/errors'
import { activePhases, terminalPhases, type Job } from '../../../shared/job'
import { takes } from '../../../shared/rules/fields'
import { createDownloader } from '../downloads/download'
import { defaultPolling } from './backoff'
import type { JobsDeps } from './deps'
import { createJournal } from './journal'
import { createOwnership } from './ownership'
import { reduce, type JobEvent } from './reducer'
import { createScheduler } from './scheduler'
import { createTurns } from './turns'

/**
 * The job runner: owns every job's state, journals each transition before acting on it, and
 * drives submits, polls and downloads through one scheduler. Started once per engine; on start it
 * resumes whatever the journal says was in flight.
 */
export interface JobRunner {
  /** Reads the journal; with `resume` (the default) carries on every unfinished job this engine can take. */
  start(options?: { resume?: boolean }): Promise<void>
  list(): Job[]
  get(id: string): Job | undefined
  submit(draft: Draft, variations?: number): Promise<Job[]>
  cancel(id: string): Promise<Job>
  retry(id: string): Promise<Job>
  remove(id: string): Promise<void>
  clearFinished(): Promise<number>
  keepWaiting(id: string): Promise<Job>
  resolveUnknown(id: string, action: 'resubmit' | 'forget'): Promise<Job>
  dispose(): Promise<void>
}

const newKey = (): string => randomUUID()
const FOREIGN_CHECK_MS = 2000
const newJobId = (now: number): string => `job_${now.toString(36)}_${randomBytes(4).toString('hex')}`

export function createJobRunner(deps: JobsDeps): JobRunner {
  const { clock, log } = deps
  const journal = createJournal(path.join(deps.dataDir, 'jobs'), log)
  const jobs = new Map<string, Job>()
  const controllers = new Map<string, AbortController>()
  const waiting: string[] = [] // queued jobs held back by the concurrency cap, oldest first
  const ownership = createOwnership({ deps, journal, jobs, resume: (job) => turns.resume(job) })
  const { owned, foreign } = ownership
  let watcher: unknown
  let disposed = false
  const polling = deps.polling ?? defaultPolling

  const scheduler = createScheduler({
    clock,
    requestsPerSecond: () => deps.limits().requestsPerSecond,
    turn: (id) => turns.run(id),
    onError: (id, error) => log.error(`Job ${id}: ${AppError.from(error).message}`),
  })

  /** Applies one event; journals it unless it is bookkeeping only; tells the renderer. */
  async function commit(id: string, event: JobEvent): Promise<Job> {
    const before = jobs.get(id)
    if (!before) throw new AppError('NOT_FOUND', `No job ${id}.`)
    const after = reduce(before, event)
    jobs.set(id, after)
    const bookkeeping =
      event.type === 'progress' ||
      event.type === 'poll-error' ||
      (event.type === 'polled' && after.phase === before.phase && after.serviceStatus === before.serviceStatus)
    if (!bookkeeping) await journal.save(after)
    deps.events.emit('job.updated', after)
    if (activePhases.has(before.phase) && !activePhases.has(after.phase)) {
      promoteWaiting()
      await ownership.letGo(id)
    }
    return after
  }

  /**
   * Follows the journal other engines share with this one: jobs they add (a `reelbox submit`
   * while the app runs) appear here, their progress is followed, and a job whose engine has died
   * is taken over and finished.
   */
  async function watchForeign(): Promise<void> {
    for (const id of await journal.ids()) {
      if (jobs.has(id)) continue
      const added = await journal.read(id)
      if (!added) continue
      jobs.set(id, added)
      deps.events.emit('job.updated', added)
      if (activePhases.has(added.phase)) foreign.add(id)
    }
    for (const id of [...foreign]) {
      const latest = await journal.read(id)
      if (latest && latest.updatedAt !== jobs.get(id)?.updatedAt) {
        jobs.set(id, latest)
        deps.events.emit('job.updated', latest)
      }
      if (!latest || !activePhases.has(latest.phase)) foreign.delete(id)
      else if (await ownership.takeOver(latest)) log.info(`Took over job ${id}: the process that had it is gone.`)
    }
    followJournal()
  }

  function followJournal(): void {
    // A check still reading when the engine was disposed must not start another.
    if (disposed) return
    watcher = clock.setTimeout(() => void watchForeign().catch((error: unknown) => log.warn(`Journal check failed: ${(error as Error).message}`)), FOREIGN_CHECK_MS)
  }

  /** Jobs this engine is sending or waiting on; another engine's jobs count against its own cap. */
  function activeCount(): number {
    let n = 0
    for (const id of owned) {
      const phase = jobs.get(id)?.phase
      if (phase === 'submitting' || phase === 'pending' || phase === 'running') n++
    }
    return n
  }

  function promoteWaiting(): void {
    while (waiting.length > 0 && activeCount() < deps.limits().jobs) {
      const id = waiting.shift()!
      if (jobs.get(id)?.phase === 'queued') scheduler.schedule(id, clock.now())
    }
  }

  function signalFor(id: string): AbortSignal {
    let controller = controllers.get(id)
    if (!controller || controller.signal.aborted) {
      controller = new AbortController()
      controllers.set(id, controller)
    }
    return controller.signal
  }

  const turns = createTurns({
    deps,
    polling,
    jobs,
    commit,
    signalFor,
    schedule: (id, at, options) => scheduler.schedule(id, at, options),
    hasSlot: () => activeCount() < deps.limits().jobs,
    hold: (id) => void (waiting.includes(id) || waiting.push(id)),
    stillOurs: (id) => ownership.stillOurs(id),
    downloader: createDownloader({ fetch: deps.fetch, lookup: deps.lookup, clock, log: log.scope('download') }),
  })

  function must(id: string): Job {
    const job = jobs.get(id)
    if (!job) throw new AppError('NOT_FOUND', `There is no job ${id}.`)
    return job
  }

  async function enqueue(draft: Draft, retryOf?: string, profileId?: string): Promise<Job> {
    const shaped = await deps.shapeRequest(draft) // refuses a bad draft before anything is queued
    const connection = deps.activeConnection()
    const now = clock.now()
    const job: Job = {
      id: newJobId(now),
      createdAt: now,
      updatedAt: now,
      phase: 'queued',
      draft,
      profileId: profileId ?? connection.profileId,
      baseUrl: connection.baseUrl,
      sandbox: connection.sandbox,
      idempotencyKey: newKey(),
      retryOf,
      params: shaped.params,
      inputs: shaped.inputs,
      model: { id: shaped.model.id, family: shaped.model.family, version: shaped.model.version, displayName: shaped.model.displayName },
      attempts: 0,
      libraryItemIds: [],
    }
    jobs.set(job.id, job)
    await ownership.take(job.id)
    await journal.save(job) // journaled before its request can be sent
    deps.events.emit('job.updated', job)
    scheduler.schedule(job.id, now)
    return job
  }

  return {
    async start(options = {}) {
      const resume = options.resume !== false
      // Only an engine that carries jobs on tidies what crashed writers left in the journal.
      for (const job of await journal.load({ tidy: resume })) jobs.set(job.id, job)
      const unfinished = [...jobs.values()].filter((job) => activePhases.has(job.phase))
      log.info(`Jobs: ${jobs.size} in the journal, ${unfinished.length} unfinished.`)
      if (!resume) return
      for (const job of unfinished) if (!(await ownership.takeOver(job))) foreign.add(job.id)
      if (foreign.size > 0) log.info(`${foreign.size} unfinished job(s) belong to another running Reelbox or to a \`reelbox\` run's own --base-url; following them.`)
      followJournal()
    },
    list: () => [...jobs.values()].sort((a, b) => b.createdAt - a.createdAt),
    get: (id) => jobs.get(id),

    async submit(draft, variations = 1) {
      const seeded = takes(deps.findModel(draft.modelId)?.modes[draft.mode], 'seed')
      const drafts = Array.from({ length: variations }, (_, i) => {
        if (!seeded || (i === 0 && draft.seed !== undefined)) return draft
        return { ...draft, seed: Math.floor((deps.random ?? Math.random)() * 2 ** 31) }
      })
      const created: Job[] = []
      for (const each of drafts) created.push(await enqueue(each))
      return created
    },

    async cancel(id) {
      const job = must(id)
      if (terminalPhases.has(job.phase)) return job
      await ownership.mustOwn(job)
      scheduler.unschedule(id)
      controllers.get(id)?.abort()
      return commit(id, { type: 'cancelled', at: clock.now() })
    },

    async retry(id) {
      const job = must(id)
      return enqueue(job.draft, job.id, job.profileId)
    },

    async remove(id) {
      const job = must(id)
      if (!terminalPhases.has(job.phase) && job.phase !== 'unknown') {
        throw new AppError('INVALID_INPUT', 'Cancel the job before removing it.', { details: { fields: { id: ['job is still active'] } } })
      }
      // File first: the journal follower must not find it again and bring it back.
      await journal.remove(id)
      await ownership.forget(id)
      jobs.delete(id)
      deps.events.emit('job.removed', { id })
    },

    async clearFinished() {
      const finished = [...jobs.values()].filter((job) => terminalPhases.has(job.phase))
      for (const job of finished) {
        await journal.remove(job.id)
        await ownership.forget(job.id)
        jobs.delete(job.id)
        deps.events.emit('job.removed', { id: job.id })
      }
      return finished.length
    },

    async keepWaiting(id) {
      const job = must(id)
      await ownership.mustOwn(job)
      if (!job.timedOut) throw new AppError('INVALID_INPUT', 'Only a job that stopped waiting can keep waiting.', { details: { fields: { id: ['not timed out'] } } })
      const now = clock.now()
      const after = await commit(id, { type: 'keep-waiting', at: now, deadlineAt: now + deps.limits().maxWaitMs })
      scheduler.schedule(id, now)
      return after
    },

    async resolveUnknown(id, action) {
      const job = must(id)
      await ownership.mustOwn(job)
      if (job.phase !== 'unknown') throw new AppError('INVALID_INPUT', 'This job is not in doubt.', { details: { fields: { id: ['not unknown'] } } })
      const now = clock.now()
      if (action === 'forget') return commit(id, { type: 'cancelled', at: now })
      // The designer accepts that the service may now run it twice: a fresh key says so honestly.
      const after = await commit(id, { type: 'resubmit', at: now, idempotencyKey: newKey() })
      scheduler.schedule(id, now)
      return after
    },

    async dispose() {
      disposed = true
      clock.clearTimeout(watcher)
      scheduler.dispose()
      for (const controller of controllers.values()) controller.abort()
      await turns.idle()
      ownership.dispose()
    },
  }
}
