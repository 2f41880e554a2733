import { once } from 'node:events'
import type { CoreHandlers } from '../../shared/contract'
import type { Logger } from '../../electron/core/logger'
import { createRouter, type Router } from '../../electron/core/router'

export interface WaitingRouter {
  router: Router
  /** What each handler saw when it ended, by the `offset` it was called with. */
  seen: Array<{ offset: number; aborted: boolean; reason: unknown }>
  /** Resolves with the offset of the next call to start, once its handler is running. */
  whenStarted(): Promise<number>
  /** Resolves with what the next handler to end saw. */
  whenEnded(): Promise<WaitingRouter['seen'][number]>
}

/**
 * A real router whose `library.list` runs until its call is cancelled: the handler waits on the
 * signal it was given, never on a clock, so a test knows the call is in flight when it cancels.
 */
export function waitingRouter(log: Logger): WaitingRouter {
  const started: Array<(offset: number) => void> = []
  const seen: WaitingRouter['seen'] = []
  const ended: Array<(what: WaitingRouter['seen'][number]) => void> = []
  const handlers = {
    'library.list': async ({ offset }: { offset: number }, { signal }: { signal?: AbortSignal }) => {
      if (!signal) throw new Error('The router gave the handler no signal.')
      for (const tell of started.splice(0)) tell(offset)
      if (!signal.aborted) await once(signal, 'abort')
      const what = { offset, aborted: signal.aborted, reason: signal.reason }
      seen.push(what)
      for (const tell of ended.splice(0)) tell(what)
      throw signal.reason
    },
  } as unknown as CoreHandlers
  return { router: createRouter(handlers, log), seen, whenStarted: () => new Promise((resolve) => started.push(resolve)), whenEnded: () => new Promise((resolve) => ended.push(resolve)) }
}
