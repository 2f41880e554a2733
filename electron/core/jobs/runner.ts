import { randomBytes, randomUUID } from 'node:crypto'
import path from 'node:path'
import type { SetAsideEntry } from '../../../shared/contract/jobs'
import type { Draft } from '../../../shared/draft'
import { AppError } from '../../../shared/errors'
import { activePhases, serviceStatusOf, type Job, type PauseReason } from '../../../shared/job'
import { slotPhases } from '../../../shared/phases'
import { createDownloader } from '../downloads/download'
import { stagingDir } from '../library/naming'
import { asDiskError, diskReason, SPACE_MARGIN } from '../files/disk'
import { defaultPolling } from './backoff'
import { createFinishTimes } from './finish-times'
import type { JobsDeps } from './deps'
import { recoverUnreadable, setAsideEntries, sweepStaging } from './housekeeping'
import { createJournal } from './journal'
import { createOwnership } from './ownership'
import { PAUSE_CHECK_MS } from './pause'
import { reduce, type JobEvent } from './reducer'
import { createScheduler } from './scheduler'
import { createTurns } from './turns'
import { createJobActions, type EnqueueOptions, type JobActions } from './actions'
import { createLedgerArchive, mergeLedger, type LedgerEntry } from '../cost/ledger'
import { jobCostOf, lineFor } from '../../../shared/rules/price'

/**
 * The job runner: owns every job's state, journals each transition before acting on it, and
 * drives submits, polls and downloads through one scheduler. Started once per engine; on start it
 * resumes whatever the journal says was in flight.
 */
export interface JobRunner extends JobActions {
  /** Reads the journal; with `resume` (the default) carries on every unfinished job this engine can take. */
  start(options?: { resume?: boolean }): Promise<void>
  list(): Job[]
  get(id: string): Job | undefined
  /** Whether this engine works the job now (holds its lease). */
  works(id: string): boolean
  setAside(): SetAsideEntry[]
  dismissSetAside(): Promise<number>
  /** The ledger: every job the service took or may have taken, each once (issue 26). */
  spending(): Promise<LedgerEntry[]>
  dispose(): Promise<void>
}

const FOREIGN_CHECK_MS = 2000
const newJobId = (now: number): string => `job_${now.toString(36)}_${randomBytes(4).toString('hex')}`

export function createJobRunner(deps: JobsDeps): JobRunner {
  const { clock, log } = deps
  const journal = createJournal(path.join(deps.dataDir, 'jobs'), log)
  const finishTimes = createFinishTimes(deps.dataDir, log)
  const archive = createLedgerArchive(deps.dataDir, log)
  const jobs = new Map<string, Job>()
  const controllers = new Map<string, AbortController>()
  const waiting: string[] = [] // queued jobs held back by the concurrency cap, oldest first
  const ownership = createOwnership({ deps, journal, jobs, resume: (job) => turns.resume(job) })
  const { owned, foreign } = ownership
  let watcher: unknown
  let disposed = false
  let aside: SetAsideEntry[] = []
  const stops: Array<() => void> = []

  const scheduler = createScheduler({
    clock,
    requestsPerSecond: () => deps.limits().requestsPerSecond,
    turn: (id) => turns.run(id),
    onError: (id, error) => log.error('jobs.failed', { id, reason: AppError.from(error).message }),
  })

  /** The reason the journal could not be written, when it is the disk's (then the job waits, in memory). */
  const journalBlocked = (error: unknown): Promise<PauseReason | undefined> => diskReason(error, deps.dataDir, 'data', SPACE_MARGIN)

  /** Puts a job aside until `reason` has gone, without the journal (which is what cannot be written). */
  function holdInMemory(job: Job, reason: PauseReason): Job {
    const paused = reduce(job, { type: 'paused', at: clock.now(), reason })
    jobs.set(job.id, paused)
    deps.events.emit('job.updated', paused)
    scheduler.schedule(job.id, clock.now() + PAUSE_CHECK_MS, { free: true })
    return paused
  }

  /** Applies one event; journals it unless it is bookkeeping only; tells every window. */
  async function commit(id: string, event: JobEvent): Promise<Job> {
    const before = jobs.get(id)
    if (!before) throw new AppError('NOT_FOUND', `No job ${id}.`)
    const after = reduce(before, event)
    if (after === before) {
      log.warn('jobs.eventIgnored', { id, event: event.type, phase: before.phase })
      return before
    }
    jobs.set(id, after)
    if (event.type === 'progress') {
      deps.events.emit('job.progress', { id, received: event.received, total: event.total })
      return after
    }
    const bookkeeping =
      event.type === 'poll-error' ||
      (event.type === 'polled' && after.phase === before.phase && serviceStatusOf(after) === serviceStatusOf(before)) ||
      (before.phase === 'paused' && after.phase === 'paused' && after.reason.code === before.reason.code)
    if (!bookkeeping) {
      try {
        await journal.save(after)
      } catch (error) {
        const reason = await journalBlocked(error)
        if (!reason) throw error
        log.error('jobs.journalNotWritten', { id, reason: (error as Error).message })
        // A job that goes on must be on disk first; an ended one is found again after a restart (imports are idempotent).
        if (activePhases.has(after.phase)) return holdInMemory(after, reason)
      }
    }
    deps.events.emit('job.updated', after)
    if (activePhases.has(before.phase) && !activePhases.has(after.phase)) {
      promoteWaiting()
      await ownership.letGo(id).catch((error: unknown) => log.warn('jobs.leaseKept', { id, reason: (error as Error).message }))
    }
    return after
  }

  async function pause(id: string, reason: PauseReason): Promise<Job> {
    const job = await commit(id, { type: 'paused', at: clock.now(), reason })
    if (job.phase === 'paused') scheduler.schedule(id, clock.now() + PAUSE_CHECK_MS, { free: true })
    return job
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
      else if (await ownership.takeOver(latest)) log.info('jobs.tookOver', { id })
    }
    followJournal()
  }

  function followJournal(): void {
    // A check still reading when the engine was disposed must not start another.
    if (disposed) return
    watcher = clock.setTimeout(() => void watchForeign().catch((error: unknown) => log.warn('jobs.journalCheckFailed', { reason: (error as Error).message })), FOREIGN_CHECK_MS)
  }

  /** Jobs this engine is sending or waiting on; another engine's jobs count against its own cap. */
  function activeCount(): number {
    let n = 0
    for (const id of owned) {
      const phase = jobs.get(id)?.phase
      if (phase && slotPhases.has(phase)) n++
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

  const downloader = createDownloader({ fetchResult: deps.fetchResult, lookup: deps.lookup, clock, log: log.scope('download') })
  const turns = createTurns({
    deps,
    polling: deps.polling ?? defaultPolling,
    finishTimes,
    jobs,
    commit,
    unseenResults: (id) => madeHere.delete(id),
    pause,
    signalFor,
    schedule: (id, at, options) => scheduler.schedule(id, at, options),
    hasSlot: () => activeCount() < deps.limits().jobs,
    hold: (id) => void (waiting.includes(id) || waiting.push(id)),
    stillOurs: (id) => ownership.stillOurs(id),
    downloader,
  })

  /** Jobs this engine made in this run whose results have not been fetched yet (TurnContext `unseenResults`). */
  const madeHere = new Set<string>()

  async function enqueue(draft: Draft, options: EnqueueOptions = {}): Promise<Job> {
    const shaped = await deps.shapeRequest(draft) // refuses a bad draft before anything is queued
    const connection = deps.activeConnection()
    const now = clock.now()
    const job: Job = {
      id: newJobId(now),
      createdAt: now,
      updatedAt: now,
      phase: 'queued',
      draft,
      profileId: options.profileId ?? connection.profileId,
      baseUrl: connection.baseUrl,
      sandbox: connection.sandbox,
      idempotencyKey: randomUUID(),
      retryOf: options.retryOf,
      batchId: options.batchId,
      setAside: options.setAside?.length ? options.setAside : undefined,
      params: shaped.params,
      inputs: shaped.inputs,
      model: { id: shaped.model.id, family: shaped.model.family, version: shaped.model.version, displayName: shaped.model.displayName },
      // At the price now: what it cost stays what it cost when it was sent.
      cost: jobCostOf(lineFor(shaped.model, draft), { free: connection.sandbox }),
      attempts: 0,
    }
    jobs.set(job.id, job)
    try {
      await ownership.take(job.id)
      await journal.save(job) // journaled before its request can be sent
      madeHere.add(job.id)
    } catch (error) {
      // Never sent: refused whole, saying which folder is full or read-only.
      jobs.delete(job.id)
      await ownership.forget(job.id).catch(() => undefined)
      throw AppError.from(await asDiskError(error, deps.dataDir, 'data', SPACE_MARGIN))
    }
    deps.events.emit('job.updated', job)
    scheduler.schedule(job.id, now)
    return job
  }

  const spending = async (): Promise<LedgerEntry[]> => mergeLedger([...jobs.values()], await archive.read())
  const actions = createJobActions({ deps, jobs, journal, ownership, scheduler, controllers, turns, commit, enqueue, archive, spending })

  function announceSetAside(entries: SetAsideEntry[]): void {
    aside = entries
    deps.events.emit('jobs.setAside', entries)
  }

  return {
    ...actions,
    async start(options = {}) {
      const resume = options.resume !== false
      // Only an engine that carries jobs on tidies, sets aside and sweeps (listing commands only read).
      const loaded = await journal.load({ tidy: resume })
      await finishTimes.load()
      for (const job of loaded.jobs) jobs.set(job.id, job)
      if (resume) for (const job of await recoverUnreadable(journal, loaded.unreadable, clock, deps.limits().maxWaitMs, log)) jobs.set(job.id, job)
      aside = await setAsideEntries(loaded.unreadable, (id) => jobs.has(id))
      const unfinished = [...jobs.values()].filter((job) => activePhases.has(job.phase))
      log.info(aside.length ? 'jobs.loadedWithUnreadable' : 'jobs.loaded', { count: jobs.size, unfinished: unfinished.length, unreadable: aside.length })
      if (!resume) return
      await sweepStaging(stagingDir(deps.library.folder()), journal, jobs, log).catch((error: unknown) => log.warn('jobs.stagingNotSwept', { reason: (error as Error).message }))
      // A key set for a connection: its jobs waiting for one look at once.
      stops.push(
        deps.events.on('secrets.changed', (status) => {
          for (const job of jobs.values()) if (status.hasKey && job.phase === 'paused' && job.reason.code === 'key.missing' && job.profileId === status.profileId && owned.has(job.id)) scheduler.schedule(job.id, clock.now(), { free: true })
        }),
      )
      for (const job of unfinished) if (!(await ownership.takeOver(job))) foreign.add(job.id)
      if (foreign.size > 0) log.info('jobs.following', { count: foreign.size })
      followJournal()
    },
    list: () => [...jobs.values()].sort((a, b) => b.createdAt - a.createdAt),
    get: (id) => jobs.get(id),
    works: (id) => owned.has(id),

    setAside: () => aside,
    spending,
    async dismissSetAside() {
      const removed = await journal.dismissSetAside()
      announceSetAside(aside.filter((entry) => !entry.file.endsWith('.corrupt')))
      return removed
    },

    async dispose() {
      disposed = true
      clock.clearTimeout(watcher)
      stops.forEach((stop) => stop())
      scheduler.dispose()
      for (const controller of controllers.values()) controller.abort()
      await turns.idle()
      await downloader.dispose()
      await finishTimes.flush()
      ownership.dispose()
    },
  }
}
