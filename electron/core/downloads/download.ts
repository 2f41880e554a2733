import { createHash } from 'node:crypto'
import { mkdir, open, rm, truncate } from 'node:fs/promises'
import path from 'node:path'
import { AppError } from '../../../shared/errors'
import { problem } from '../../../shared/rules/problems'
import { asDiskError, diskReason, isDiskFailure } from '../files/disk'
import { englishSize } from '../../../shared/format'
import type { Logger } from '../logger'
import type { Clock, LookupPort, ResultFetchPort } from '../ports'
import { createResultConnections } from './connect'
import { notAVideoType } from './content-type'
import { fetchOverNode } from './node-fetch'
import { discardPart, metaOf, readMeta, sizeOf, writeMeta } from './part'
import { createPosterFetcher, type PosterRequest } from './poster'
import { createResultOpener } from './result-url'
import { watchStall, type StallWatch } from './stall'

/**
 * Fetches one result URL into `partFile`, resuming what an earlier attempt (or an earlier run of
 * the engine) left there. A resumed request carries `Range` and `If-Range` with the ETag we saw,
 * so a server that changed the file, or ignores ranges, answers 200 and we start over instead of
 * splicing two different files. The length is verified and the file fsynced before it counts.
 *
 * Bounded whatever the server does: a result larger than `maxBytes` is refused (by its
 * Content-Length, or as soon as it passes the cap), a download that stalls is retried with Range
 * and then given up, and one that keeps ending short of its announced length without getting
 * any further is given up after a few Range requests, saying so.
 */
export interface DownloadRequest {
  url: string
  partFile: string
  /** The base URL of the job's connection (which addresses its results may point at). */
  serviceBaseUrl: string
  /** Bytes one result may have (Settings → Jobs). */
  maxBytes: number
  /** A window with almost no data is a stall (see ./stall.ts). */
  stallMs: number
  signal?: AbortSignal
  onProgress?: (received: number, total: number | undefined) => void
}

export interface DownloadResult {
  size: number
  contentType?: string
  /** Bytes this call fetched over the network (for the re-download budget in the crash tests). */
  fetched: number
  /** The file's SHA-256, hashed as it arrived: only when it arrived whole in one response (not resumed, not found complete). */
  sha256?: string
}

export interface Downloader {
  download(request: DownloadRequest): Promise<DownloadResult>
  /** The service's own poster for a result, or undefined (never fails the job; see ./poster.ts). */
  poster(request: PosterRequest): Promise<Uint8Array | undefined>
  /** Closes the connections results were fetched on (the engine's dispose). */
  dispose(): Promise<void>
}

export interface DownloaderDeps {
  /** Default: node:http(s) (./node-fetch.ts). */
  fetchResult?: ResultFetchPort
  lookup: LookupPort
  clock: Clock
  log: Logger
}

type Attempt =
  | { kind: 'done'; size: number; fetched: number; contentType?: string; sha256?: string }
  /** Ended (or broke off) before the end; `size` is what the part holds now. */
  | { kind: 'short'; size: number; fetched: number; total?: number }
  | { kind: 'stalled'; size: number; fetched: number }

const PROGRESS_INTERVAL_MS = 100 // at most 10 progress events per second per download
const WRITE_BATCH_BYTES = 1024 * 1024
/** Written bytes not yet synced before the disk is asked to start on them (see `flush`). */
const SYNC_AHEAD_BYTES = 32 * 1024 * 1024
/** Attempts in one call, however each ends; progress or not. */
const MAX_ATTEMPTS = 8
/** Range requests in a row that bring the part no further before the server is not believed. */
const MAX_FRUITLESS = 3
const MAX_STALLS = 2

/** 403, 404 and 410 on a result URL mean it has expired: ask the task for fresh ones (issue 4). */
export function isExpired(error: unknown): boolean {
  return error instanceof AppError && error.details?.['expired'] === true
}

function parseContentRange(value: string | null): { start: number; total?: number } | undefined {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(value?.trim() ?? '')
  if (!match) return undefined
  return { start: Number(match[1]), total: match[2] === '*' ? undefined : Number(match[2]) }
}

function tooLarge(request: DownloadRequest, size: number | undefined): AppError {
  const what = size === undefined ? 'larger than' : `${englishSize(size)}, over`
  return new AppError('PROTOCOL', `The result is ${what} the ${englishSize(request.maxBytes)} limit per result (Settings → Jobs); it was not kept.`, {
    retryable: false,
    details: { maxBytes: request.maxBytes, size, problem: problem('result.refused', { why: 'tooLarge', max: request.maxBytes }) },
  })
}

export function createDownloader(deps: DownloaderDeps): Downloader {
  const connections = createResultConnections(deps.lookup)
  const openResult = createResultOpener({ ...deps, fetchResult: deps.fetchResult ?? fetchOverNode, connections })

  async function attempt(request: DownloadRequest, watch: StallWatch): Promise<Attempt> {
    const { partFile } = request
    let have = await sizeOf(partFile)
    const meta = await readMeta(partFile)
    const validator = meta.etag ?? meta.lastModified
    // Nothing proves the bytes on disk belong to this file, or they are more than it has.
    if (have > 0 && (!validator || (meta.total !== undefined && have > meta.total))) {
      await truncate(partFile, 0)
      have = 0
    }
    const headers: Record<string, string> = have > 0 ? { Range: `bytes=${have}-`, 'If-Range': validator! } : {}
    const signal = request.signal ? AbortSignal.any([request.signal, watch.signal]) : watch.signal
    let response: Response
    try {
      response = await openResult({ url: request.url, serviceBaseUrl: request.serviceBaseUrl, headers, signal })
    } catch (error) {
      if (error instanceof AppError) throw error
      if (request.signal?.aborted) throw new AppError('CANCELLED', 'Download cancelled.', { cause: error })
      if (watch.stalled()) return { kind: 'stalled', size: have, fetched: 0 }
      throw new AppError('NETWORK', `The result download failed: ${(error as Error).message}`, { cause: error })
    }
    const drop = async (): Promise<void> => void (await response.body?.cancel().catch(() => undefined))

    if ([403, 404, 410].includes(response.status)) {
      await drop()
      throw new AppError('NOT_FOUND', `The result URL has expired (HTTP ${response.status}).`, { details: { expired: true, httpStatus: response.status } })
    }
    if (response.status === 416) {
      await drop()
      if (meta.total !== undefined && have === meta.total) return { kind: 'done', size: have, fetched: 0 }
      await truncate(partFile, 0)
      return { kind: 'short', size: 0, fetched: 0, total: meta.total }
    }
    if (response.status !== 200 && response.status !== 206) {
      await drop()
      throw new AppError(response.status >= 500 ? 'REMOTE_FAILED' : 'PROTOCOL', `The result download answered HTTP ${response.status}.`, {
        retryable: response.status >= 500 || response.status === 429,
      })
    }
    const contentType = response.headers.get('content-type') ?? undefined
    const refusedType = notAVideoType(contentType)
    if (refusedType) {
      await drop()
      await discardPart(partFile)
      throw new AppError('PROTOCOL', `The result URL gave ${refusedType}, not a video; it was not kept.`, { retryable: false, details: { contentType: refusedType, problem: problem('result.refused', { why: 'contentType', type: refusedType }) } })
    }

    const etag = response.headers.get('etag') ?? undefined
    const lastModified = response.headers.get('last-modified') ?? undefined
    let start = 0
    let total: number | undefined
    if (response.status === 206) {
      const range = parseContentRange(response.headers.get('content-range'))
      // A 206 for other bytes than we asked for, or for a changed file, cannot be appended.
      if (!range || range.start !== have || (meta.etag && etag && etag !== meta.etag)) {
        await drop()
        await truncate(partFile, 0)
        await rm(metaOf(partFile), { force: true })
        return { kind: 'short', size: 0, fetched: 0 }
      }
      start = have
      total = range.total
    } else {
      const length = response.headers.get('content-length')
      total = length === null ? undefined : Number(length)
    }
    if (total !== undefined && total > request.maxBytes) {
      await drop()
      await discardPart(partFile)
      throw tooLarge(request, total)
    }
    const handle = await writeMeta(partFile, { etag, lastModified, total })
      .then(() => open(partFile, start > 0 ? 'a' : 'w'))
      .catch(async (error: unknown) => {
        await drop()
        throw error
      })
    // Chunks are gathered into ~1 MB batches and written while the next ones arrive: one write in
    // flight at a time keeps memory flat (a couple of MB whatever the file's size).
    let batch: Uint8Array[] = []
    let batchBytes = 0
    // A write that fails while the next chunks arrive (the disk is full) is kept here and thrown
    // at the next flush: left pending without a handler, its rejection would be unhandled, which
    // takes the whole process down (and, with the Sandbox's WASM encoder loaded, aborts it).
    let writeFailed: { error: unknown } | undefined
    let writing: Promise<void> = Promise.resolve()
    // The one fsync before the part counts would otherwise find the whole file still in memory
    // and wait for all of it to reach the disk after the last byte (0.15 s for 255 MB here): every
    // SYNC_AHEAD_BYTES the disk is given what is written so far while the next bytes arrive, one
    // sync in flight at a time, so the last one has only the tail left.
    let syncing: Promise<void> = Promise.resolve()
    let unsynced = 0
    const flush = async (): Promise<void> => {
      await writing
      if (writeFailed) throw writeFailed.error
      if (batchBytes === 0) return
      const chunks = batch
      unsynced += batchBytes
      batch = []
      batchBytes = 0
      writing = handle.writev(chunks).then(
        () => undefined,
        (error: unknown) => void (writeFailed = { error }),
      )
      if (unsynced >= SYNC_AHEAD_BYTES) {
        unsynced = 0
        const written = writing
        syncing = syncing.then(() => written).then(
          () => handle.datasync(),
          () => undefined,
        ).catch((error: unknown) => void (writeFailed ??= { error }))
      }
    }
    // Hashed on the way (issue 24: the bytes cross once); a resumed file is hashed by whoever needs it.
    const hash = start === 0 ? createHash('sha256') : undefined
    let received = start
    let fetched = 0
    let lastProgress = 0
    let overCap = false
    try {
      const reader = response.body?.getReader()
      for (;;) {
        if (!reader) break
        const { done, value: chunk } = await reader.read()
        if (done) break
        if (received + chunk.byteLength > request.maxBytes) {
          overCap = true
          await reader.cancel().catch(() => undefined)
          break
        }
        watch.received(chunk.byteLength)
        hash?.update(chunk)
        batch.push(chunk)
        batchBytes += chunk.byteLength
        received += chunk.byteLength
        fetched += chunk.byteLength
        if (batchBytes >= WRITE_BATCH_BYTES) await flush()
        const now = deps.clock.now()
        if (now - lastProgress >= PROGRESS_INTERVAL_MS) {
          lastProgress = now
          request.onProgress?.(received, total)
        }
      }
      await flush()
      await writing
      await syncing
      if (writeFailed) throw writeFailed.error
      await handle.sync()
    } catch (error) {
      // The disk, not the connection: nothing to resume (see `download`).
      if (isDiskFailure(error)) throw error
      // A connection that broke mid-body: what arrived is kept (written and synced) and resumed.
      await flush().catch(() => undefined)
      await writing.catch(() => undefined)
      await syncing
      await handle.sync().catch(() => undefined)
      if (request.signal?.aborted) throw new AppError('CANCELLED', 'Download cancelled.', { cause: error })
      if (watch.stalled()) return { kind: 'stalled', size: received, fetched }
      deps.log.warn('downloads.broke', { received, reason: (error as Error).message })
      return { kind: 'short', size: received, fetched, total }
    } finally {
      await handle.close()
    }
    if (overCap) {
      await discardPart(partFile)
      throw tooLarge(request, undefined)
    }
    if (total !== undefined && received !== total) {
      deps.log.warn('downloads.endedShort', { received, total })
      if (received > total) await truncate(partFile, 0)
      return { kind: 'short', size: received > total ? 0 : received, fetched, total }
    }
    request.onProgress?.(received, total)
    return { kind: 'done', size: received, fetched, contentType, sha256: hash?.digest('hex') }
  }

  /**
   * A write that failed (no space, a read-only or vanished library) is a `DISK` error with its
   * reason, never a retried connection. Without space the part is removed: what it holds is
   * what filled the disk, and the job waits for room for the whole result.
   */
  async function onDisk(request: DownloadRequest, error: unknown, needBytes: number | undefined): Promise<never> {
    const reason = await diskReason(error, path.dirname(request.partFile), 'library', needBytes)
    if (reason?.code === 'disk.full') await discardPart(request.partFile).catch(() => undefined)
    throw await asDiskError(error, path.dirname(request.partFile), 'library', needBytes)
  }

  return {
    poster: createPosterFetcher({ openResult, log: deps.log }),
    dispose: () => connections.close(),
    async download(request) {
      await mkdir(path.dirname(request.partFile), { recursive: true }).catch((error: unknown) => onDisk(request, error, undefined))
      let best = await sizeOf(request.partFile)
      let fetched = 0
      let fruitless = 0
      let stalls = 0
      for (let n = 1; ; n++) {
        const watch = watchStall(deps.clock, request.stallMs)
        let outcome: Attempt
        try {
          outcome = await attempt(request, watch)
        } catch (error) {
          if (!isDiskFailure(error)) throw error
          const meta = await readMeta(request.partFile)
          return onDisk(request, error, meta.total ?? (await sizeOf(request.partFile)))
        } finally {
          watch.stop()
        }
        fetched += outcome.fetched
        // The validator stays until the caller has moved the file away (`forgetPart`, ./part.ts):
        // a crash in between must find a complete part it can prove, not re-fetch it.
        if (outcome.kind === 'done') return { size: outcome.size, contentType: outcome.contentType, fetched, sha256: outcome.sha256 }
        const further = outcome.size > best
        if (further) best = outcome.size
        fruitless = further ? 0 : fruitless + 1
        if (outcome.kind === 'stalled' && ++stalls >= MAX_STALLS) {
          throw new AppError('NETWORK', `The result download stalled: almost nothing arrived for ${request.stallMs / 1000} s, ${MAX_STALLS} times (at ${englishSize(best)}).`, {
            retryable: true,
            details: { stalled: true, received: best },
          })
        }
        if (outcome.kind === 'short' && fruitless >= MAX_FRUITLESS && outcome.total !== undefined) {
          // Its Content-Length (or Content-Range) promises bytes it never sends: asking again will not help.
          throw new AppError('PROTOCOL', `The result server says the file has ${outcome.total} bytes but stops at ${best}, after ${MAX_FRUITLESS} requests for the rest; the file cannot be completed.`, {
            retryable: false,
            details: { received: best, total: outcome.total },
          })
        }
        if (n >= MAX_ATTEMPTS || fruitless >= MAX_FRUITLESS) {
          throw new AppError('NETWORK', `The result download kept breaking off (${n} attempts, ${englishSize(best)} received).`, { retryable: true, details: { received: best } })
        }
      }
    },
  }
}
