import { describe, expect, it } from 'vitest'
import type { Job } from '../../../shared/job'
import { createEventBus } from '../../../electron/core/events'
import { createLogHub } from '../../../electron/core/logger'
import type { PromptHistory, PromptUse } from '../../../electron/core/prompts/history'
import { followPrompts } from '../../../electron/core/prompts/follow'

/**
 * The engine closes only after the prompt history has written what it was recording: a write
 * landing after close would touch a folder the shell (or a test) is already removing.
 */
describe('following prompts', () => {
  it('stops only once the recordings under way have been written, and records nothing after', async () => {
    const events = createEventBus()
    const recorded: PromptUse[] = []
    let calls = 0
    let finishWrite: () => void = () => undefined
    const history: Pick<PromptHistory, 'record'> = {
      record: (use) => {
        calls++
        return new Promise<void>((resolve) => {
          finishWrite = () => {
            recorded.push(use)
            resolve()
          }
        })
      },
    }
    const stop = followPrompts({ events, history: history as PromptHistory, library: () => ({ get: () => Promise.reject(new Error('not used')) }), log: createLogHub(() => 0).root })
    const queued = { id: 'j1', phase: 'queued', createdAt: 5, draft: { modelId: 'lumen-1', mode: 't2v', prompt: 'a fox in the snow' } } as unknown as Job
    events.emit('job.updated', queued)

    let stopped = false
    const stopping = stop().then(() => (stopped = true))
    await new Promise((resolve) => setImmediate(resolve))
    expect(stopped).toBe(false)
    finishWrite()
    await stopping
    expect(recorded).toEqual([{ prompt: 'a fox in the snow', modelId: 'lumen-1', at: 5 }])

    events.emit('job.updated', { ...queued, id: 'j2' } as Job)
    expect(calls).toBe(1)
  })
})
