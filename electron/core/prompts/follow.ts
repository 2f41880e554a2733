import type { EventBus } from '../events'
import type { Library } from '../library/library'
import type { Logger } from '../logger'
import type { PromptHistory } from './history'

/**
 * Keeps the prompt history from what the engine does, not from any one screen: every job queued
 * (Create, Retry, `reelbox submit`) is a prompt sent; every result added to the library is its
 * prompt's latest result (the thumbnail). Recording never holds up a job: a failure is logged.
 * Stopping waits for the recordings under way, so none writes after the engine has closed.
 */
export function followPrompts(deps: { events: EventBus; history: PromptHistory; library: () => Pick<Library, 'get'>; log: Logger }): () => Promise<void> {
  const failed = (error: unknown): void => deps.log.warn('prompts.notUpdated', { reason: (error as Error).message })
  const underWay = new Set<Promise<unknown>>()
  const track = (recording: Promise<unknown>): void => {
    const settled = recording.catch(failed).finally(() => underWay.delete(settled))
    underWay.add(settled)
  }
  const stops = [
    deps.events.on('job.updated', (job) => {
      // Queued is a job's first phase: one record per job sent, none for jobs resumed after a restart.
      if (job.phase !== 'queued' || !job.draft.prompt) return
      track(deps.history.record({ prompt: job.draft.prompt, modelId: job.draft.modelId, at: job.createdAt }))
    }),
    deps.events.on('library.changed', (change) => {
      if (change.kind !== 'added') return
      for (const id of change.ids) {
        track(
          deps
            .library()
            .get(id)
            .then(({ item }) => (item.origin === 'generated' && item.prompt ? deps.history.record({ prompt: item.prompt, modelId: item.modelId, at: item.finishedAt, itemId: item.id }) : undefined)),
        )
      }
    }),
  ]
  return async () => {
    stops.forEach((stop) => stop())
    await Promise.all(underWay)
  }
}
