import { MAX_POSTER_BYTES } from '../library/posters'
import type { Logger } from '../logger'
import { readCapped } from './capped'
import type { ResultOpener } from './result-url'

export interface PosterRequest {
  /** The service's poster for one result (the profile's `posterPath`). */
  url: string
  serviceBaseUrl: string
  signal?: AbortSignal
}

/** A poster should come at once; one that does not is drawn from the video instead. */
const POSTER_TIMEOUT_MS = 15_000

/**
 * Fetches the poster a service gave for a result, from where results may come (./result-url.ts)
 * and no larger than a poster may be. A poster is a nicety: whatever goes wrong is logged and the
 * result is kept without it (the page draws one from the video). The library checks that the
 * bytes are an image (library/posters.ts) when it keeps them.
 */
export function createPosterFetcher(deps: { openResult: ResultOpener; log: Logger }) {
  return async function fetchPoster(request: PosterRequest): Promise<Uint8Array | undefined> {
    const timeout = AbortSignal.timeout(POSTER_TIMEOUT_MS)
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout
    try {
      const response = await deps.openResult({ url: request.url, serviceBaseUrl: request.serviceBaseUrl, headers: {}, signal })
      const length = Number(response.headers.get('content-length') ?? 0)
      if (response.status !== 200 || length > MAX_POSTER_BYTES) {
        await response.body?.cancel().catch(() => undefined)
        throw new Error(response.status !== 200 ? `HTTP ${response.status}` : `larger than ${MAX_POSTER_BYTES} bytes`)
      }
      return await readCapped(response, MAX_POSTER_BYTES, () => new Error(`larger than ${MAX_POSTER_BYTES} bytes`))
    } catch (error) {
      deps.log.warn('downloads.posterNotFetched', { reason: (error as Error).message })
      return undefined
    }
  }
}
