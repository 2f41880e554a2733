import path from 'node:path'
import { AppError, type WireError } from '../../../shared/errors'
import type { Job } from '../../../shared/job'
import type { Downloader } from '../downloads/download'
import { isExpired } from '../downloads/download'
import { discardPart, forgetPart } from '../downloads/part'
import { verifyVideo } from '../downloads/verify'
import type { Connection, TaskState } from '../service/client'
import { isUnreadableResult } from '../service/task-reading'
import { nextAttemptAt, type BackoffPolicy } from './backoff'
import type { JobsDeps } from './deps'
import type { JobEvent } from './reducer'
import { createSemaphore } from './semaphore'

/**
 * What a job does when its turn comes, by phase: queued → submit, pending/running → poll,
 * downloading → fetch the results into the library. Each turn ends by scheduling the next one
 * (or by reaching a terminal phase).
 */
export interface TurnContext {
  deps: JobsDeps
  polling: BackoffPolicy
  jobs: Map<string, Job>
  commit(id: string, event: JobEvent): Promise<Job>
  signalFor(id: string): AbortSignal
  schedule(id: string, at: number, options?: { free?: boolean }): void
  hasSlot(): boolean
  hold(id: string): void
  /** Whether this engine still holds the job's lease (checked before every step). */
  stillOurs(id: string): Promise<boolean>
  downloader: Downloader
}

const MAX_SUBMIT_RETRIES = 8
const MAX_POLL_ERRORS = 10
const MAX_DOWNLOAD_ERRORS = 6
// No connection was made: the service cannot have seen the request.
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH'])

function certainlyNotAccepted(error: AppError): boolean {
  return error.code === 'RATE_LIMITED' || (error.code === 'NETWORK' && NOT_SENT.has(String(error.details?.['networkCode'])))
}

/** How many skipped result URLs a job lists: enough to fetch by hand, never a journal-sized list. */
const LISTED_SKIPPED = 100

/** Only the first `perTask` results are downloaded (a task answering 10,000 urls makes 16 videos, not 10,000). */
export function limitResults(state: TaskState, perTask: number): TaskState {
  if (state.urls.length <= perTask) return state
  const rest = state.urls.slice(perTask)
  return { ...state, urls: state.urls.slice(0, perTask), posters: state.posters?.slice(0, perTask), skipped: { count: rest.length, urls: rest.slice(0, LISTED_SKIPPED) } }
}

function retryAfter(error: AppError): number | undefined {
  const ms = error.details?.['retryAfterMs']
  return typeof ms === 'number' ? ms : undefined
}

export function createTurns(ctx: TurnContext) {
  const { deps } = ctx
  const { clock, log } = deps
  const inFlight = new Set<Promise<void>>()
  const errorCounts = new Map<string, number>()
  const downloads = createSemaphore(() => deps.limits().downloads)

  const now = (): number => clock.now()
  const countError = (id: string): number => {
    const n = (errorCounts.get(id) ?? 0) + 1
    errorCounts.set(id, n)
    return n
  }
  const fail = (id: string, error: unknown): Promise<Job> => ctx.commit(id, { type: 'failed', at: now(), error: AppError.from(error).toWire() })
  const isCancelled = (id: string): boolean => ctx.jobs.get(id)?.phase === 'cancelled'

  function after(job: Job): void {
    if (job.phase === 'downloading') ctx.schedule(job.id, now(), { free: true })
    else if (job.phase === 'pending' || job.phase === 'running') ctx.schedule(job.id, job.nextPollAt ?? nextAttemptAt(now(), job.attempts, ctx.polling, undefined, deps.random))
  }

  async function connection(job: Job): Promise<Connection | undefined> {
    try {
      return await deps.connectionFor(job.profileId)
    } catch (error) {
      await fail(job.id, error)
      return undefined
    }
  }

  async function submit(job: Job): Promise<void> {
    if (!ctx.hasSlot()) return ctx.hold(job.id)
    await ctx.commit(job.id, { type: 'submitting', at: now() })
    const conn = await connection(job)
    if (!conn) return
    let body: Record<string, unknown>
    try {
      body = await deps.buildBody(job.draft)
    } catch (error) {
      return void (await fail(job.id, error))
    }
    try {
      const state = limitResults(await deps.client.submit(conn, body, { signal: ctx.signalFor(job.id), idempotencyKey: job.idempotencyKey }), deps.limits().resultsPerTask)
      errorCounts.delete(job.id)
      const at = now()
      after(await ctx.commit(job.id, { type: 'accepted', at, state, deadlineAt: at + deps.limits().maxWaitMs }))
    } catch (caught) {
      const error = AppError.from(caught)
      if (error.code === 'CANCELLED' || isCancelled(job.id)) return
      const idempotent = conn.profile.idempotency.send && conn.profile.idempotency.honoured
      // The service took the job and says it is done: sending it again would make another.
      if (isUnreadableResult(error)) return void (await fail(job.id, error))
      if (!error.retryable && error.code !== 'PROTOCOL') return void (await fail(job.id, error))
      if (!certainlyNotAccepted(error) && !idempotent) {
        // It may have reached the service: sending it again could make two videos (and bills).
        const wire: WireError = { ...error.toWire(), message: `The service may or may not have this job (${error.message}) — check before sending it again.` }
        return void (await ctx.commit(job.id, { type: 'uncertain', at: now(), error: wire }))
      }
      if (countError(job.id) > MAX_SUBMIT_RETRIES) return void (await fail(job.id, error))
      const at = now()
      const next = nextAttemptAt(at, ctx.jobs.get(job.id)?.attempts ?? 0, ctx.polling, retryAfter(error), deps.random)
      await ctx.commit(job.id, { type: 'requeued', at, error: error.toWire(), nextPollAt: next })
      ctx.schedule(job.id, next)
    }
  }

  async function poll(job: Job): Promise<void> {
    if (job.deadlineAt !== undefined && now() >= job.deadlineAt) return void (await ctx.commit(job.id, { type: 'timed-out', at: now() }))
    const conn = await connection(job)
    if (!conn || !job.taskId) return void (conn && (await fail(job.id, new AppError('PROTOCOL', 'The job has no task id to poll.'))))
    try {
      const state = limitResults(await deps.client.query(conn, job.taskId, { signal: ctx.signalFor(job.id) }), deps.limits().resultsPerTask)
      errorCounts.delete(job.id)
      const at = now()
      after(await ctx.commit(job.id, { type: 'polled', at, state, nextPollAt: nextAttemptAt(at, job.attempts + 1, ctx.polling, undefined, deps.random) }))
    } catch (caught) {
      const error = AppError.from(caught)
      if (error.code === 'CANCELLED' || isCancelled(job.id)) return
      // Polling changes nothing at the service, so most errors are worth another try; a success
      // whose results cannot be read would read the same way again.
      const fatal = error.code === 'UNAUTHORIZED' || error.code === 'INVALID_PARAMS' || isUnreadableResult(error)
      const limit = error.code === 'NOT_FOUND' ? 3 : MAX_POLL_ERRORS
      if (fatal || countError(job.id) > limit) return void (await fail(job.id, error))
      const at = now()
      const next = nextAttemptAt(at, job.attempts + 1, ctx.polling, retryAfter(error), deps.random)
      await ctx.commit(job.id, { type: 'poll-error', at, error: error.toWire(), nextPollAt: next })
      ctx.schedule(job.id, next)
    }
  }

  /** §4.2: one more query for fresh result URLs when the old ones have expired. */
  async function freshUrls(job: Job): Promise<string[] | undefined> {
    const conn = await deps.connectionFor(job.profileId).catch(() => undefined)
    if (!conn || !job.taskId) return undefined
    const state = await deps.client.query(conn, job.taskId, { signal: ctx.signalFor(job.id) }).catch(() => undefined)
    if (state?.outcome !== 'success') return undefined
    const { urls } = limitResults(state, deps.limits().resultsPerTask)
    await ctx.commit(job.id, { type: 'urls', at: now(), urls })
    return urls
  }

  async function download(job: Job): Promise<void> {
    const urls = job.resultUrls ?? []
    const itemIds: string[] = []
    const staging = deps.library.stagingDir()
    for (let index = 0; index < urls.length; index++) {
      const id = `${job.id}-${index}`
      const partFile = path.join(staging, `${id}.part`)
      // Already in the library: a crash between the import's rename and its removing the staged
      // original (docs/LIBRARY.md) left the downloaded part behind; nothing will resume it.
      if (await deps.library.has(id)) await discardPart(partFile)
      else {
        const release = await downloads.acquire()
        try {
          if (isCancelled(job.id)) return
          let url = ctx.jobs.get(job.id)?.resultUrls?.[index] ?? urls[index]!
          const limits = deps.limits()
          const fetchOnce = () =>
            ctx.downloader.download({
              url,
              partFile,
              serviceBaseUrl: job.baseUrl,
              maxBytes: limits.resultBytes,
              stallMs: limits.stallMs,
              signal: ctx.signalFor(job.id),
              onProgress: (received, total) => void ctx.commit(job.id, { type: 'progress', at: now(), received, total }),
            })
          try {
            await fetchOnce()
          } catch (error) {
            if (!isExpired(error)) throw error
            const fresh = await freshUrls(job)
            if (!fresh?.[index]) throw new AppError('NOT_FOUND', 'The result link expired and the service gave no fresh one.', { details: { expired: true } })
            url = fresh[index]!
            await fetchOnce()
          }
        } catch (caught) {
          const error = AppError.from(caught)
          if (error.code === 'CANCELLED' || isCancelled(job.id)) return
          if (!error.retryable || countError(job.id) > MAX_DOWNLOAD_ERRORS) {
            await discardPart(partFile) // the job fails: nothing will resume this part
            return void (await fail(job.id, error))
          }
          log.warn(`Download of ${id} will be retried: ${error.message}`)
          ctx.schedule(job.id, nextAttemptAt(now(), errorCounts.get(job.id) ?? 1, ctx.polling, undefined, deps.random), { free: true })
          return
        } finally {
          release()
        }
        // Only a whole video enters the library; anything else is removed and the job says what came.
        await verifyVideo(partFile).catch(async (error: unknown) => {
          await discardPart(partFile)
          throw error
        })
        const latest = ctx.jobs.get(job.id) ?? job
        const posterUrl = latest.resultPosters?.[index]
        const poster = posterUrl ? await ctx.downloader.poster({ url: posterUrl, serviceBaseUrl: job.baseUrl, signal: ctx.signalFor(job.id) }) : undefined
        await deps.library.importResult({ id, job: latest, index, url: latest.resultUrls?.[index] ?? urls[index]!, stagedFile: partFile, poster })
        await forgetPart(partFile)
      }
      itemIds.push(id)
    }
    errorCounts.delete(job.id)
    await ctx.commit(job.id, { type: 'downloaded', at: now(), itemIds })
  }

  async function dispatch(id: string): Promise<void> {
    const job = ctx.jobs.get(id)
    if (!job || !(await ctx.stillOurs(id))) return
    if (job.phase === 'queued') return submit(job)
    if (job.phase === 'pending' || job.phase === 'running') return poll(job)
    if (job.phase === 'downloading') return download(job).catch((error: unknown) => void fail(id, error))
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
      } else if (job.phase === 'downloading') {
        ctx.schedule(job.id, now(), { free: true })
      }
    },

    async idle(): Promise<void> {
      await Promise.allSettled([...inFlight])
    },
  }
}
