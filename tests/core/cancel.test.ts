/**
 * Cancellation through the pipe (VS Code's `IChannel.call(command, arg, CancellationToken)`): a
 * caller's cancel envelope, on the same pipe as its call, aborts the signal its handler was given,
 * and the call answers `CANCELLED`. The library's sweeps stop on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { procedures } from '../../shared/contract'
import { sweep } from '../../electron/core/library/sweep'
import { startTestCore, type TestCore } from '../support/core'
import { waitingRouter } from '../support/waiting-router'

let t: TestCore
beforeAll(async () => void (t = await startTestCore()))
afterAll(() => t.dispose())

describe('a call cancelled through the pipe', () => {
  it("aborts its handler's signal, and the caller gets CANCELLED naming the call", async () => {
    const { router, seen, whenStarted } = waitingRouter(t.core.log)
    const session = router.session({ transport: 'test' })
    const running = whenStarted()
    const answer = session.handle({ id: 7, method: 'library.list', input: { offset: 1 } })
    await running
    // The cancel itself answers nothing: only the call it names answers.
    await expect(session.handle({ id: 7, cancel: true })).resolves.toBeUndefined()
    expect(await answer).toEqual({ id: 7, ok: false, error: { code: 'CANCELLED', message: 'The call library.list was cancelled by its caller.', retryable: false } })
    expect(seen).toEqual([{ offset: 1, aborted: true, reason: expect.objectContaining({ name: 'AbortError' }) }])
  })

  it("reaches only its own caller's call of that id, and a caller that goes cancels all it has running", async () => {
    const { router, seen, whenStarted } = waitingRouter(t.core.log)
    const window = router.session({ transport: 'test' })
    const other = router.session({ transport: 'test' })
    let running = whenStarted()
    const mine = window.handle({ id: 1, method: 'library.list', input: { offset: 10 } })
    await running
    running = whenStarted()
    const theirs = other.handle({ id: 1, method: 'library.list', input: { offset: 20 } })
    await running
    await other.handle({ id: 2, cancel: true }) // no such call: nothing happens
    await window.handle({ id: 1, cancel: true })
    expect(await mine).toMatchObject({ id: 1, ok: false, error: { code: 'CANCELLED' } })
    expect(seen.map((s) => s.offset)).toEqual([10])
    other.close()
    expect(await theirs).toMatchObject({ id: 1, ok: false, error: { code: 'CANCELLED' } })
    expect(seen.map((s) => s.offset)).toEqual([10, 20])
  })

  it('goes through the real engine: a library page cancelled before the engine answers is CANCELLED, and others are answered', async () => {
    const session = t.core.router.session({ transport: 'test' })
    // Sent, then cancelled before the engine has had a turn: the library's query sees the abort.
    const cancelled = session.handle({ id: 1, method: 'library.list', input: { search: 'fox', offset: 0, limit: 100 } })
    void session.handle({ id: 1, cancel: true })
    const answered = session.handle({ id: 2, method: 'library.list', input: { search: 'fox', offset: 0, limit: 100 } })
    expect(await cancelled).toMatchObject({ id: 1, ok: false, error: { code: 'CANCELLED' } })
    expect(await answered).toMatchObject({ id: 2, ok: true, data: { items: [], total: 0 } })
  })

  it("stops the library's own query and count when their signal is aborted", async () => {
    const query = procedures['library.list'].input.parse({ search: 'fox' })
    const aborted = AbortSignal.abort()
    await expect(t.core.library.list(query, aborted)).rejects.toMatchObject({ name: 'AbortError' })
    await expect(t.core.library.days(query, aborted)).rejects.toMatchObject({ name: 'AbortError' })
    await expect(t.core.library.list(query)).resolves.toMatchObject({ items: [], total: 0 })
  })

  it('ends a sweep at its next turn once its signal is aborted, instead of running to the end', async () => {
    const controller = new AbortController()
    const n = 200_000_000
    let steps = 0
    const swept = sweep(n, () => {
      if (steps++ === 0) controller.abort()
    }, controller.signal)
    await expect(swept).rejects.toMatchObject({ name: 'AbortError' })
    expect(steps).toBeLessThan(n)
  })
})
