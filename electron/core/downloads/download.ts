import { open, readFile, rm, stat, truncate } from 'node:fs/promises'
import { AppError } from '../../../shared/errors'
import { writeFileAtomic } from '../files/atomic'
import type { Logger } from '../logger'
import type { Clock, FetchPort } from '../ports'

/**
 * Fetches one result URL into `partFile`, resuming what an earlier attempt (or an earlier run of
 * the engine) left there. A resumed request carries `Range` and `If-Range` with the ETag we saw,
 * so a server that changed the file, or ignores ranges, answers 200 and we start over instead of
 * splicing two different files. The length is verified and the file fsynced before it counts.
 */
export interface DownloadRequest {
  url: string
  partFile: string
  signal?: AbortSignal
  onProgress?: (received: number, total: number | undefined) => void
}

export interface DownloadResult {
  size: number
  contentType?: string
  /** Bytes this call fetched over the network (for the re-download budget in the crash tests). */
  fetched: number
}

interface PartMeta {
  etag?: string
  lastModified?: string
  total?: number
}

export interface Downloader {
  download(request: DownloadRequest): Promise<DownloadResult>
}

const PROGRESS_INTERVAL_MS = 100 // at most 10 progress events per second per download
const MAX_RESUMES = 6
const WRITE_BATCH_BYTES = 1024 * 1024

/** Drops a finished part's bookkeeping once the part itself has been moved into the library. */
export async function forgetPart(partFile: string): Promise<void> {
  await rm(`${partFile}.json`, { force: true })
}

/** 403, 404 and 410 on a result URL mean it has expired: ask the task for fresh ones (issue 4). */
export function isExpired(error: unknown): boolean {
  return error instanceof AppError && error.details?.['expired'] === true
}

async function sizeOf(file: string): Promise<number> {
  return stat(file).then((s) => s.size, () => 0)
}

async function readMeta(file: string): Promise<PartMeta> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as PartMeta
  } catch {
    return {}
  }
}

function parseContentRange(value: string | null): { start: number; total?: number } | undefined {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(value?.trim() ?? '')
  if (!match) return undefined
  return { start: Number(match[1]), total: match[2] === '*' ? undefined : Number(match[2]) }
}

export function createDownloader(deps: { fetch: FetchPort; clock: Clock; log: Logger }): Downloader {
  async function attempt(request: DownloadRequest, metaFile: string): Promise<{ done: boolean; result: DownloadResult }> {
    const { url, partFile } = request
    let have = await sizeOf(partFile)
    const meta = await readMeta(metaFile)
    const validator = meta.etag ?? meta.lastModified
    if (have > 0 && !validator) {
      await truncate(partFile, 0) // nothing to prove the bytes on disk belong to this file
      have = 0
    }
    if (have > 0 && meta.total !== undefined && have > meta.total) {
      await truncate(partFile, 0)
      have = 0
    }

    const headers: Record<string, string> = {}
    if (have > 0) {
      headers['Range'] = `bytes=${have}-`
      headers['If-Range'] = validator!
    }
    let response: Response
    try {
      response = await deps.fetch(url, { headers, signal: request.signal })
    } catch (error) {
      if (request.signal?.aborted) throw new AppError('CANCELLED', 'Download cancelled.', { cause: error })
      throw new AppError('NETWORK', `The result download failed: ${(error as Error).message}`, { cause: error })
    }

    if ([403, 404, 410].includes(response.status)) {
      await response.body?.cancel()
      throw new AppError('NOT_FOUND', `The result URL has expired (HTTP ${response.status}).`, { details: { expired: true, httpStatus: response.status } })
    }
    if (response.status === 416) {
      await response.body?.cancel()
      if (meta.total !== undefined && have === meta.total) return { done: true, result: { size: have, fetched: 0 } }
      await truncate(partFile, 0)
      return { done: false, result: { size: 0, fetched: 0 } }
    }
    if (response.status !== 200 && response.status !== 206) {
      await response.body?.cancel()
      throw new AppError(response.status >= 500 ? 'REMOTE_FAILED' : 'PROTOCOL', `The result download answered HTTP ${response.status}.`, {
        retryable: response.status >= 500 || response.status === 429,
      })
    }

    const etag = response.headers.get('etag') ?? undefined
    const lastModified = response.headers.get('last-modified') ?? undefined
    let start = 0
    let total: number | undefined
    if (response.status === 206) {
      const range = parseContentRange(response.headers.get('content-range'))
      // A 206 for other bytes than we asked for, or for a changed file, cannot be appended.
      if (!range || range.start !== have || (meta.etag && etag && etag !== meta.etag)) {
        await response.body?.cancel()
        await truncate(partFile, 0)
        await rm(metaFile, { force: true })
        return { done: false, result: { size: 0, fetched: 0 } }
      }
      start = have
      total = range.total
    } else {
      const length = response.headers.get('content-length')
      total = length === null ? undefined : Number(length)
    }
    await writeFileAtomic(metaFile, JSON.stringify({ etag, lastModified, total } satisfies PartMeta))

    const handle = await open(partFile, start > 0 ? 'a' : 'w')
    // Chunks are gathered into ~1 MB batches and written while the next ones arrive: one write in
    // flight at a time keeps memory flat (a couple of MB whatever the file's size).
    let batch: Uint8Array[] = []
    let batchBytes = 0
    let writing: Promise<unknown> = Promise.resolve()
    const flush = async (): Promise<void> => {
      await writing
      if (batchBytes === 0) return
      const chunks = batch
      batch = []
      batchBytes = 0
      writing = handle.writev(chunks)
    }
    let received = start
    let fetched = 0
    let lastProgress = 0
    try {
      const reader = response.body?.getReader()
      for (;;) {
        if (!reader) break
        const { done, value: chunk } = await reader.read()
        if (done) break
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
      await handle.sync()
    } catch (error) {
      // A connection that broke mid-body: what arrived is kept (written and synced) and resumed.
      await flush().catch(() => undefined)
      await writing.catch(() => undefined)
      await handle.sync().catch(() => undefined)
      if (request.signal?.aborted) throw new AppError('CANCELLED', 'Download cancelled.', { cause: error })
      deps.log.warn(`Download broke after ${received} bytes: ${(error as Error).message}`)
      return { done: false, result: { size: received, fetched } }
    } finally {
      await handle.close()
    }
    if (total !== undefined && received !== total) {
      deps.log.warn(`Download ended at ${received} of ${total} bytes; resuming.`)
      if (received > total) await truncate(partFile, 0)
      return { done: false, result: { size: received, fetched } }
    }
    request.onProgress?.(received, total)
    return { done: true, result: { size: received, fetched, contentType: response.headers.get('content-type') ?? undefined } }
  }

  return {
    async download(request) {
      const metaFile = `${request.partFile}.json`
      let fetched = 0
      for (let i = 0; i < MAX_RESUMES; i++) {
        const { done, result } = await attempt(request, metaFile)
        fetched += result.fetched
        // The validator stays until the caller has moved the file away (see `forgetPart`): a
        // crash in between must find a complete part it can prove, not re-fetch it.
        if (done) return { ...result, fetched }
      }
      throw new AppError('NETWORK', 'The result download kept breaking off; it will be resumed.', { retryable: true })
    },
  }
}
