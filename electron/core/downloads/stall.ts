import type { Clock } from '../ports'

/**
 * Under this many bytes in a whole stall window counts as stalled: a server that drips a byte
 * every few seconds never goes silent, so "no byte for N seconds" alone would never fire (the
 * idea of curl's --speed-limit/--speed-time). 16 KB in 30 s is 0.5 KB/s, far below any network
 * that is actually working.
 */
export const STALL_MIN_BYTES = 16 * 1024

export interface StallWatch {
  /** Aborts when the download stalls. */
  readonly signal: AbortSignal
  readonly stalled: () => boolean
  received(bytes: number): void
  stop(): void
}

/** Watches one request from its start (waiting for headers counts too) until `stop`. */
export function watchStall(clock: Clock, windowMs: number): StallWatch {
  const controller = new AbortController()
  let inWindow = 0
  let timer: unknown
  const check = (): void => {
    if (inWindow < STALL_MIN_BYTES) return controller.abort(new Error(`stalled: under ${STALL_MIN_BYTES} bytes in ${windowMs} ms`))
    inWindow = 0
    timer = clock.setTimeout(check, windowMs)
  }
  timer = clock.setTimeout(check, windowMs)
  return {
    signal: controller.signal,
    stalled: () => controller.signal.aborted,
    received: (bytes) => void (inWindow += bytes),
    stop: () => clock.clearTimeout(timer),
  }
}
