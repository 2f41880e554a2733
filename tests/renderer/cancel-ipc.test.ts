/**
 * The page's side of cancellation over Electron IPC: the real IPC transport and API, through a
 * bridge that is the preload's pipe (envelopes in, envelopes out) into a real router session.
 */
import { describe, expect, it, vi } from 'vitest'
import type { DesktopBridge } from '@shared/channels'
import { AppError } from '@shared/errors'
import { createAppApi } from '@/api'
import { ipcTransport } from '@/api/ipc'
import { createLogHub } from '../../electron/core/logger'
import { waitingRouter } from '../support/waiting-router'

function pipe() {
  const waiting = waitingRouter(createLogHub(Date.now).root)
  const session = waiting.router.session({ transport: 'ipc' })
  const invoke = vi.fn<DesktopBridge['invoke']>(async (request) => (await session.handle(request)) ?? null)
  const bridge: DesktopBridge = { invoke, subscribe: () => () => undefined, pathForFile: () => '' }
  return { ...waiting, invoke, api: createAppApi(ipcTransport(bridge)) }
}

describe('a call the page aborts (Electron IPC)', () => {
  it('rejects at once with CANCELLED, sends the cancel on the same pipe, and the engine handler sees the abort', async () => {
    const { api, invoke, whenStarted, whenEnded } = pipe()
    const controller = new AbortController()
    const started = whenStarted()
    const call = api.library.list({ offset: 4 }, { signal: controller.signal })
    expect(await started).toBe(4)
    const ended = whenEnded()
    controller.abort()
    const error = (await call.catch((e: unknown) => e)) as AppError
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'CANCELLED', message: 'The call library.list was cancelled by its caller.' })
    expect(await ended).toMatchObject({ offset: 4, aborted: true })
    const [callEnvelope] = invoke.mock.calls[0]!
    expect(invoke.mock.calls.map(([request]) => request)).toEqual([callEnvelope, { id: (callEnvelope as { id: number }).id, cancel: true }])
  })

  it('never sends a call whose signal was aborted before it was made', async () => {
    const { api, invoke } = pipe()
    await expect(api.library.list({ offset: 0 }, { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(invoke).not.toHaveBeenCalled()
  })
})
