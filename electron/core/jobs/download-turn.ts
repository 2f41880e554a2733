import path from 'node:path'
import { AppError } from '../../../shared/errors'
import type { Job, JobIn } from '../../../shared/job'
import { isExpired } from '../downloads/download'
import type { Original } from '../library/embed'
import { discardPart, forgetPart, sizeOf } from '../downloads/part'
import { verifyVideo } from '../downloads/verify'
import { diskReason } from '../files/disk'
import { stagingDir } from '../library/naming'
import { nextAttemptAt } from './backoff'
import { pauseReasonOf } from './pause'
import { createSemaphore } from './semaphore'
import { limitResults } from './result-limit'
import type { ErrorCounts, TurnContext } from './turn-context'

const MAX_DOWNLOAD_ERRORS = 6
/** Fresh links in a row that expire before any of their bytes arrive, before the service is not believed. */
const MAX_BARREN_LINKS = 3

/**
 * A downloading job's turn: each result into staging (resumable), checked to be a video, then
 * into the library. A result that cannot be placed (no space, a read-only or unplugged library)
 * pauses the job with the task id and URLs kept; anything else is retried or fails the job.
 */
export function createDownloadTurn(ctx: TurnContext, tools: { errors: ErrorCounts; fail(id: string, error: unknown): Promise<Job>; leftAlone(id: string): boolean }) {
  const { deps } = ctx
  const { errors, fail, leftAlone } = tools
  const downloads = createSemaphore(() => deps.limits().downloads)
  const now = (): number => deps.clock.now()

  /** §4.2: one more query for fresh result URLs when the old ones have expired. */
  async function freshUrls(job: Job & { taskId?: string }): Promise<string[] | undefined> {
    const conn = await deps.connectionFor(job.profileId).catch(() => undefined)
    if (!conn || !job.taskId) return undefined
    const state = await deps.client.query(conn, job.taskId, { signal: ctx.signalFor(job.id) }).catch(() => undefined)
    if (state?.outcome !== 'success') return undefined
    const { urls } = limitResults(state, deps.limits().resultsPerTask)
    await ctx.commit(job.id, { type: 'urls', at: now(), urls })
    return urls
  }

  /**
   * Pauses for what the library (or its disk) lacks; false when `error` is not about that. The
   * designer is told of their library folder, never of Reelbox's staging corner inside it.
   */
  async function pausedBy(job: Job, error: unknown): Promise<boolean> {
    const folder = deps.library.folder()
    const found = (await deps.library.writable()) ?? pauseReasonOf(error) ?? (await diskReason(error, folder, 'library'))
    // The downloader measures the staging folder; it is on the library's disk.
    const reason = found?.code === 'disk.full' ? { ...found, params: { ...found.params, folder } } : found
    if (reason) await ctx.pause(job.id, reason)
    return reason !== undefined
  }

  /** The download's size and hash when it hashed the file on the way (see DownloadResult), else undefined; 'stop' when the turn ends here. */
  async function fetchResult(job: JobIn<'downloading'>, index: number, partFile: string): Promise<Original | undefined | 'stop'> {
    const release = await downloads.acquire()
    try {
      if (leftAlone(job.id)) return 'stop'
      const current = (): JobIn<'downloading'> | undefined => {
        const latest = ctx.jobs.get(job.id)
        return latest?.phase === 'downloading' ? latest : undefined
      }
      let url = current()?.resultUrls[index] ?? job.resultUrls[index]!
      const limits = deps.limits()
      const fetchOnce = () =>
        ctx.downloader.download({
          url,
          partFile,
          serviceBaseUrl: job.baseUrl,
          maxBytes: limits.resultBytes,
          stallMs: limits.stallMs,
          signal: ctx.signalFor(job.id),
          // Bookkeeping only (`job.progress`); a job removed meanwhile simply has no more of it.
          onProgress: (received, total) => void ctx.commit(job.id, { type: 'progress', at: now(), received, total }).catch(() => undefined),
        })
      // §4.2: a link that expires is asked for again and the download resumed (Range) where it
      // stopped, for as long as each link brings bytes: a service whose links live shorter than
      // a slow download takes still gives the whole video. Links that bring none end it.
      let barren = 0
      for (;;) {
        const before = await sizeOf(partFile)
        try {
          const fetched = await fetchOnce()
          return fetched.sha256 === undefined ? undefined : { size: fetched.size, sha256: fetched.sha256 }
        } catch (error) {
          if (!isExpired(error)) throw error
        }
        barren = (await sizeOf(partFile)) > before ? 0 : barren + 1
        if (barren > MAX_BARREN_LINKS) {
          throw new AppError('NOT_FOUND', `The result link expired before any of it arrived, ${MAX_BARREN_LINKS} fresh links in a row.`, { details: { expired: true } })
        }
        const fresh = await freshUrls(job)
        if (!fresh?.[index]) throw new AppError('NOT_FOUND', 'The result link expired and the service gave no fresh one.', { details: { expired: true } })
        url = fresh[index]!
      }
    } catch (caught) {
      const error = AppError.from(caught)
      if (error.code === 'CANCELLED' || leftAlone(job.id)) return 'stop'
      if (await pausedBy(job, caught)) return 'stop'
      if (!error.retryable || errors.count(job.id) > MAX_DOWNLOAD_ERRORS) {
        await discardPart(partFile) // the job fails: nothing will resume this part
        await fail(job.id, error)
        return 'stop'
      }
      deps.log.warn('jobs.downloadRetried', { file: path.basename(partFile), reason: error.message })
      ctx.schedule(job.id, nextAttemptAt(now(), errors.last(job.id), ctx.polling, undefined, deps.random), { free: true })
      return 'stop'
    } finally {
      release()
    }
  }

  return async function download(job: JobIn<'downloading'>): Promise<void> {
    // Before anything is written: an unplugged drive's library is never recreated on another disk.
    const blocked = await deps.library.writable()
    if (blocked) return void (await ctx.pause(job.id, blocked))
    const itemIds: string[] = []
    const staging = stagingDir(deps.library.folder())
    const unseen = ctx.unseenResults(job.id)
    for (let index = 0; index < job.resultUrls.length; index++) {
      const id = `${job.id}-${index}`
      const partFile = path.join(staging, `${id}.part`)
      // Already in the library: a crash between the import's rename and its removing the staged
      // original (docs/LIBRARY.md) left the downloaded part behind; nothing will resume it.
      if (!unseen && (await deps.library.has(id))) await discardPart(partFile)
      else {
        const original = await fetchResult(job, index, partFile)
        if (original === 'stop') return
        // Only a whole video enters the library; anything else is removed and the job says what came.
        await verifyVideo(partFile).catch(async (error: unknown) => {
          await discardPart(partFile)
          throw error
        })
        const latest = ctx.jobs.get(job.id)
        if (latest?.phase !== 'downloading') return
        // The service's own poster, when it gave one; never fails the job (downloads/poster.ts).
        const posterUrl = latest.resultPosters?.[index]
        const poster = posterUrl ? await ctx.downloader.poster({ url: posterUrl, serviceBaseUrl: job.baseUrl, signal: ctx.signalFor(job.id) }) : undefined
        try {
          await deps.library.importResult({ id, job: latest, index, url: latest.resultUrls[index] ?? job.resultUrls[index]!, stagedFile: partFile, poster, original, unseen })
        } catch (error) {
          if (await pausedBy(job, error)) return
          throw error
        }
        await forgetPart(partFile)
      }
      itemIds.push(id)
    }
    errors.clear(job.id)
    await ctx.commit(job.id, { type: 'downloaded', at: now(), itemIds })
  }
}
