import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../shared/errors'
import { startTestCore, type TestCore } from '../support/core'

let t: TestCore
beforeAll(async () => void (t = await startTestCore()))
afterAll(() => t.dispose())

describe('router', () => {
  it('answers a valid call with data checked against the contract', async () => {
    const response = await t.core.router.handle({ id: 1, method: 'app.info' }, { transport: 'test' })
    expect(response).toMatchObject({ id: 1, ok: true, data: { name: 'Reelbox', libraryDir: expect.stringContaining('library') } })
  })

  it('refuses bad input with INVALID_INPUT naming the field', async () => {
    const response = await t.core.router.handle({ id: 2, method: 'app.recentLog', input: { limit: 'ten' } }, { transport: 'test' })
    expect(response.ok).toBe(false)
    if (response.ok) return
    expect(response.error.code).toBe('INVALID_INPUT')
    expect(response.error.details?.['fields']).toHaveProperty('limit')
    expect(response.error.message).toMatch(/^limit: /)

    const tooMany = await t.core.call('app.recentLog', { limit: 10_000 }).catch((e: unknown) => e)
    expect(tooMany).toBeInstanceOf(AppError)
    expect((tooMany as AppError).fieldProblems?.['limit']).toEqual([{ code: 'input.invalid', params: { path: 'limit', issue: 'too_big', limit: 500, reason: expect.stringMatching(/500/) } }])
  })

  it('refuses an unknown procedure and a malformed envelope as data, never by throwing', async () => {
    await expect(t.core.router.handle({ id: 3, method: 'app.format' }, { transport: 'test' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    })
    // Inherited names are not procedures.
    await expect(t.core.router.handle({ id: 4, method: 'constructor' }, { transport: 'test' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    })
    await expect(t.core.router.handle({ method: 42 }, { transport: 'test' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    })
  })
})
