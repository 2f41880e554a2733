import { randomBytes, randomUUID } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { Draft } from '../../../shared/draft'
import { AppError, problemError } from '../../../shared/errors'
import { activePhases, terminalPhases, type Job } from '../../../shared/job'
import { takes, type AsideKey } from '../../../shared/rules/fields'
import { discardPart } from '../downloads/part'
import { stagingDir } from '../library/naming'
import type { CompareResult } from '../../../shared/contract/jobs'
import { planComparison, queueComparison } from './compare'
import type { JobsDeps } from './deps'
import type { Journal } from './journal'
import type { Ownership } from './ownership'
import { pauseReasonOf } from './pause'
import type { LedgerArchive, LedgerEntry } from '../cost/ledger'
import { estimateJobs, mustFitBudget } from '../cost/guard'
import type { JobEvent } from './reducer'
import type { Scheduler } from './scheduler'

/** What the designer can do to a job (the Queue's and Create's buttons, `jobs.*` procedures). */
export interface JobActions {
  /** Queues the draft; "Variations: N" submits N jobs with different seeds, sharing one batch id. */
  submit(draft: Draft, variations?: number): Promise<Job[]>
  /** One draft on several models, as one batch (see compare.ts). */
  compare(draft: Draft, modelIds: readonly string[], variations?: number): Promise<CompareResult>
  cancel(id: string): Promise<Job>
  checkAgain(id: string): Promise<Job>
  resume(id: string): Promise<Job>
  retry(id: string): Promise<Job>
  remove(id: string): Promise<void>
  clearFinished(): Promise<number>
  resolveUnknown(id: string, action: 'resubmit' | 'forget'): Promise<Job>
}

/** How a job is queued: as a retry of another, on a given connection, in a batch (with what its model set aside). */
export interface EnqueueOptions {
  retryOf?: string
  profileId?: string
  batchId?: string
  setAside?: AsideKey[]
}

export interface ActionParts {
  deps: JobsDeps
  jobs: Map<string, Job>
  journal: Journal
  ownership: Ownership
  scheduler: Scheduler
  controllers: Map<string, AbortController>
  turns: { run(id: string): Promise<void> }
  commit(id: string, event: JobEvent): Promise<Job>
  enqueue(draft: Draft, options: EnqueueOptions): Promise<Job>
  /** Where a job's cost is kept before it leaves the journal. */
  archive: LedgerArchive
  spending(): Promise<LedgerEntry[]>
}

const notNow = (message: string, why: string): AppError => new AppError('INVALID_INPUT', message, { details: { fields: { id: [why] } } })
const newBatchId = (now: number): string => `batch_${now.toString(36)}_${randomBytes(4).toString('hex')}`

export function createJobActions(parts: ActionParts): JobActions {
  const { deps, jobs, journal, ownership, scheduler, commit } = parts
  const now = (): number => deps.clock.now()

  function must(id: string): Job {
    const job = jobs.get(id)
    if (!job) throw new AppError('NOT_FOUND', `There is no job ${id}.`)
    return job
  }

  /** The job leaves the journal, and its half-downloaded results the staging folder. */
  async function forget(id: string): Promise<void> {
    // The ledger keeps what it cost first; a crash before the removal leaves it in both, read once.
    const job = jobs.get(id)
    if (job) await parts.archive.keep(job)
    // File first: the journal follower must not find it again and bring it back.
    await journal.remove(id)
    await ownership.forget(id)
    jobs.delete(id)
    const staging = stagingDir(deps.library.folder())
    for (const name of await readdir(staging).catch(() => [] as string[])) if (name.startsWith(`${id}-`) && name.endsWith('.part')) await discardPart(path.join(staging, name))
    deps.events.emit('job.removed', { id })
  }

  /**
   * Before anything is sent (and billed): results must have somewhere to go, and the connection
   * its key. A job already sent waits for either instead (`paused`); a new one is refused, saying why.
   */
  async function mustBeAbleToSend(profileId: string): Promise<void> {
    const folder = await deps.library.writable()
    if (folder) throw problemError('DISK', folder, `Results could not be placed in the library (${folder.code}): nothing was sent.`)
    const key = await deps.connectionFor(profileId).then(
      () => undefined,
      (error: unknown) => pauseReasonOf(error),
    )
    if (key) throw problemError('UNAUTHORIZED', key, 'The connection has no API key here: nothing was sent.')
  }

  // One submission at a time is judged against its budget and queued, so two cannot both fit the last of it.
  let turn: Promise<unknown> = Promise.resolve()
  function withinBudget<T>(profileId: string, drafts: readonly Draft[], free: boolean, queue: () => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      const { limits, name } = deps.budget?.(profileId) ?? { limits: undefined, name: profileId }
      const cost = estimateJobs(deps.findModel, drafts, free)
      mustFitBudget({ connection: name, profileId, limits, entries: limits ? await parts.spending() : [], now: now(), estimate: cost })
      return queue()
    }
    const result = turn.then(run, run)
    turn = result.catch(() => undefined)
    return result
  }

  return {
    async submit(draft, variations = 1) {
      const connection = deps.activeConnection()
      await mustBeAbleToSend(connection.profileId)
      const seeded = takes(deps.findModel(draft.modelId)?.modes[draft.mode], 'seed')
      const drafts = Array.from({ length: variations }, (_, i) => {
        if (!seeded || (i === 0 && draft.seed !== undefined)) return draft
        return { ...draft, seed: Math.floor((deps.random ?? Math.random)() * 2 ** 31) }
      })
      const batchId = drafts.length > 1 ? newBatchId(now()) : undefined
      return withinBudget(connection.profileId, drafts, connection.sandbox, async () => {
        const created: Job[] = []
        for (const each of drafts) created.push(await parts.enqueue(each, { batchId }))
        return created
      })
    },

    async compare(draft, modelIds, variations = 1) {
      const connection = deps.activeConnection()
      await mustBeAbleToSend(connection.profileId)
      const { planned, setAside } = await planComparison(deps, draft, modelIds, variations)
      const batchId = newBatchId(now())
      const jobs = await withinBudget(
        connection.profileId,
        planned.map((each) => each.draft),
        connection.sandbox,
        () => queueComparison(planned, (each) => parts.enqueue(each.draft, { batchId, setAside: each.setAside })),
      )
      return { batchId, jobs, setAside }
    },

    async cancel(id) {
      const job = must(id)
      if (!activePhases.has(job.phase)) return job
      await ownership.mustOwn(job)
      scheduler.unschedule(id)
      parts.controllers.get(id)?.abort()
      return commit(id, { type: 'stop', at: now() })
    },

    async checkAgain(id) {
      const job = must(id)
      if (job.phase !== 'stopped') throw notNow('Only a job that stopped waiting can be checked again.', 'not stopped')
      await ownership.mustOwn(job)
      const at = now()
      const after = await commit(id, { type: 'check-again', at, deadlineAt: at + deps.limits().maxWaitMs })
      scheduler.schedule(id, at)
      return after
    },

    async resume(id) {
      const job = must(id)
      if (job.phase !== 'paused') throw notNow('Only a paused job can be resumed.', 'not paused')
      await ownership.mustOwn(job)
      scheduler.unschedule(id)
      // Looks now: it goes on, or stays paused saying what it still waits for.
      await parts.turns.run(id)
      return must(id)
    },

    async retry(id) {
      const job = must(id)
      await mustBeAbleToSend(job.profileId)
      return withinBudget(job.profileId, [job.draft], job.sandbox, () => parts.enqueue(job.draft, { retryOf: job.id, profileId: job.profileId }))
    },

    async remove(id) {
      const job = must(id)
      if (activePhases.has(job.phase)) throw notNow('Stop waiting for the job before removing it.', 'job is still active')
      await forget(id)
    },

    async clearFinished() {
      const finished = [...jobs.values()].filter((job) => terminalPhases.has(job.phase))
      for (const job of finished) await forget(job.id)
      return finished.length
    },

    async resolveUnknown(id, action) {
      const job = must(id)
      await ownership.mustOwn(job)
      if (job.phase !== 'unknown') throw notNow('This job is not in doubt.', 'not unknown')
      if (action === 'forget') return commit(id, { type: 'forget', at: now() })
      // The designer accepts that the service may now run it twice: a fresh key says so honestly.
      const after = await commit(id, { type: 'resubmit', at: now(), idempotencyKey: randomUUID() })
      scheduler.schedule(id, now())
      return after
    },
  }
}
