import { AppError, type WireError } from '../../../shared/errors'
import { activePhases, type Job, type JobIn } from '../../../shared/job'
import type { Connection, TaskState } from '../service/client'
import { isUnreadableResult } from '../service/task-reading'
import { nextAttemptAt } from './backoff'
import { createDownloadTurn } from './download-turn'
import { nextPollAt } from './poll-plan'
import { pauseReasonOf, stillWaiting } from './pause'
import { limitResults } from './result-limit'
import type { ErrorCounts, TurnContext } from './turn-context'

const MAX_SUBMIT_RETRIES = 8
const MAX_POLL_ERRORS = 10
// No connection was made: the service cannot have seen the request.
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH'])

function certainlyNotAccepted(error: AppError): boolean {
  return error.code === 'RATE_LIMITED' || (error.code === 'NETWORK' && NOT_SENT.has(String(error.details?.['networkCode'])))
}

function retryAfter(error: AppError): number | undefined {
  const ms = error.details?.['retryAfterMs']
  return typeof ms === 'number' ? ms : undefined
}

/**
 * What a job does when its turn comes, by phase: queued → submit, pending/running → poll,
 * downloading → fetch the results into the library, paused → look whether it can go on. Each
 * turn ends by scheduling the next one (or by reaching a phase nobody works on).
 */
export function createTurns(ctx: TurnContext) {
  const { deps } = ctx
  const { clock } = deps
  const inFlight = new Set<Promise<void>>()
  const counts = new Map<string, number>()
  const errors: ErrorCounts = {
    count: (id) => {
      const n = (counts.get(id) ?? 0) + 1
      counts.set(id, n)
      return n
    },
    last: (id) => counts.get(id) ?? 1,
    clear: (id) => void counts.delete(id),
  }

  const now = (): number => clock.now()
  const fail = (id: string, error: unknown): Promise<Job> => ctx.commit(id, { type: 'failed', at: now(), error: AppError.from(error).toWire() })
  /** The designer stopped it (or it ended) while a step was under way. */
  const leftAlone = (id: string): boolean => {
    const phase = ctx.jobs.get(id)?.phase ?? 'done'
    return !activePhases.has(phase) || phase === 'paused'
  }
  const download = createDownloadTurn(ctx, { errors, fail, leftAlone })

  function after(job: Job, conn?: Connection): void {
    if (job.phase === 'downloading') ctx.schedule(job.id, now(), { free: true })
    else if (job.phase === 'queued') ctx.schedule(job.id, job.nextPollAt ?? now())
    else if (job.phase === 'pending' || job.phase === 'running') ctx.schedule(job.id, job.nextPollAt ?? planned(job, conn))
  }

  /** The next query of a task that has not finished, knowing the model (poll-plan.ts). */
  function planned(job: Job & { submittedAt: number }, conn: Connection | undefined, state?: TaskState, retryAfterMs?: number): number {
    return nextPollAt({
      now: now(),
      submittedAt: job.submittedAt,
      samples: ctx.finishTimes.samplesFor(job),
      progress: state?.progress,
      etaMs: state?.etaMs,
      policy: ctx.polling,
      minIntervalMs: conn?.profile.query.minIntervalMs,
      retryAfterMs,
      random: deps.random ?? Math.random,
    })
  }

  /** A task seen finishing: still running at the previous answer (`job.updatedAt`), done now. */
  function learn(job: JobIn<'pending' | 'running'>, at: number): void {
    // After a failed query the previous moment is not one the task was seen running.
    if (job.error) return
    ctx.finishTimes.add(job, { lo: Math.max(0, job.updatedAt - job.submittedAt), hi: Math.max(0, at - job.submittedAt) }, at)
  }

  /** The job's connection with its key; a missing key pauses the job, any other failure ends it. */
  async function connection(job: Job): Promise<Connection | undefined> {
    try {
      return await deps.connectionFor(job.profileId)
    } catch (error) {
      const reason = pauseReasonOf(error)
      await (reason ? ctx.pause(job.id, reason) : fail(job.id, error))
      return undefined
    }
  }

  async function submit(job: JobIn<'queued'>): Promise<void> {
    if (!ctx.hasSlot()) return ctx.hold(job.id)
    // Before `submitting`: a job waiting for its key was never half-sent.
    const conn = await connection(job)
    if (!conn) return
    await ctx.commit(job.id, { type: 'submitting', at: now() })
    let body: Record<string, unknown>
    try {
      body = await deps.buildBody(job.draft)
    } catch (error) {
      return void (await fail(job.id, error))
    }
    try {
      const state = limitResults(await deps.client.submit(conn, body, { signal: ctx.signalFor(job.id), idempotencyKey: job.idempotencyKey }), deps.limits().resultsPerTask)
      errors.clear(job.id)
      const at = now()
      after(await ctx.commit(job.id, { type: 'accepted', at, state, deadlineAt: at + deps.limits().maxWaitMs }), conn)
    } catch (caught) {
      const error = AppError.from(caught)
      if (error.code === 'CANCELLED' || leftAlone(job.id)) return
      const idempotent = conn.profile.idempotency.send && conn.profile.idempotency.honoured
      // The service took the job and says it is done: sending it again would make another.
      if (isUnreadableResult(error)) return void (await fail(job.id, error))
      if (!error.retryable && error.code !== 'PROTOCOL') return void (await fail(job.id, error))
      if (!certainlyNotAccepted(error) && !idempotent) {
        // It may have reached the service: sending it again could make two videos (and bills).
        // One sentence after another, not one inside the other: readers put this in lines of their own.
        const wire: WireError = { ...error.toWire(), message: `The service may or may not have this job. ${error.message} Check before sending it again.` }
        return void (await ctx.commit(job.id, { type: 'uncertain', at: now(), error: wire }))
      }
      if (errors.count(job.id) > MAX_SUBMIT_RETRIES) return void (await fail(job.id, error))
      const at = now()
      const next = nextAttemptAt(at, ctx.jobs.get(job.id)?.attempts ?? 0, ctx.polling, retryAfter(error), deps.random)
      after(await ctx.commit(job.id, { type: 'requeued', at, error: error.toWire(), nextPollAt: next }))
    }
  }

  async function poll(job: JobIn<'pending' | 'running'>): Promise<void> {
    if (now() >= job.deadlineAt) return void (await ctx.commit(job.id, { type: 'timed-out', at: now() }))
    const conn = await connection(job)
    if (!conn) return
    try {
      const state = limitResults(await deps.client.query(conn, job.taskId, { signal: ctx.signalFor(job.id) }), deps.limits().resultsPerTask)
      errors.clear(job.id)
      const at = now()
      if (state.outcome === 'success') learn(job, at)
      after(await ctx.commit(job.id, { type: 'polled', at, state, nextPollAt: planned(job, conn, state) }))
    } catch (caught) {
      const error = AppError.from(caught)
      if (error.code === 'CANCELLED' || leftAlone(job.id)) return
      // Polling changes nothing at the service, so most errors are worth another try; a success
      // whose results cannot be read would read the same way again.
      const fatal = error.code === 'UNAUTHORIZED' || error.code === 'INVALID_PARAMS' || isUnreadableResult(error)
      const limit = error.code === 'NOT_FOUND' ? 3 : MAX_POLL_ERRORS
      if (fatal || errors.count(job.id) > limit) return void (await fail(job.id, error))
      const at = now()
      // A failing service is backed off from; the plan's floor and the service's Retry-After still hold.
      const next = Math.max(nextAttemptAt(at, job.attempts + 1, ctx.polling, retryAfter(error), deps.random), planned(job, conn, undefined, retryAfter(error)))
      after(await ctx.commit(job.id, { type: 'poll-error', at, error: error.toWire(), nextPollAt: next }))
    }
  }

  /** A paused job looks again: it goes on where it was, or says what it still waits for. */
  async function look(job: JobIn<'paused'>): Promise<void> {
    const reason = await stillWaiting(job, deps)
    if (reason) return void (await ctx.pause(job.id, reason))
    const at = now()
    after(await ctx.commit(job.id, { type: 'resumed', at, deadlineAt: at + deps.limits().maxWaitMs }))
  }

  async function dispatch(id: string): Promise<void> {
    const job = ctx.jobs.get(id)
    if (!job || !(await ctx.stillOurs(id))) return
    if (job.phase === 'queued') return submit(job)
    if (job.phase === 'pending' || job.phase === 'running') return poll(job)
    if (job.phase === 'downloading') return download(job).catch((error: unknown) => fail(id, error).then(() => undefined))
    if (job.phase === 'paused') return look(job)
  }

  return {
    run(id: string): Promise<void> {
      const turn = dispatch(id)
      inFlight.add(turn)
      void turn.finally(() => inFlight.delete(turn)).catch(() => undefined)
      return turn
    },

    /** After a restart (or a takeover from a dead process): carry on where the journal says. */
    async resume(job: Job): Promise<void> {
      if (job.phase === 'submitting') {
        const conn = await deps.connectionFor(job.profileId).catch(() => undefined)
        const idempotent = conn?.profile.idempotency.send && conn.profile.idempotency.honoured
        if (idempotent) {
          const wire: WireError = { code: 'NETWORK', message: 'Reelbox stopped while sending this job; sending it again with the same idempotency key.', retryable: true }
          await ctx.commit(job.id, { type: 'requeued', at: now(), error: wire, nextPollAt: now() })
          ctx.schedule(job.id, now())
        } else {
          const wire: WireError = { code: 'NETWORK', message: 'Reelbox stopped while sending this job: the service may or may not have it.', retryable: false }
          await ctx.commit(job.id, { type: 'uncertain', at: now(), error: wire })
        }
      } else if (job.phase === 'queued' || job.phase === 'pending' || job.phase === 'running') {
        ctx.schedule(job.id, now())
      } else if (job.phase === 'downloading' || job.phase === 'paused') {
        ctx.schedule(job.id, now(), { free: true })
      }
    },

    async idle(): Promise<void> {
      await Promise.allSettled([...inFlight])
    },
  }
}
