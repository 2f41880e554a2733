import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EventName } from '../../../shared/contract'
import type { AppError } from '../../../shared/errors'
import { defaultServiceProfile } from '../../../shared/profile'
import { checkApiKey, KEY_CHECK_TASK_ID } from '../../../electron/core/secrets/check-key'
import { createMemorySecretStore } from '../../../electron/core/secrets/memory-store'
import { startTestCore, type TestCore } from '../../support/core'
import { startKeyService, type KeyService } from './key-service'

const KEY = 'sk-test-7d3e9f01aa'
let service: KeyService
let test: TestCore
let seen: Array<{ event: EventName; payload: unknown }>
let secrets: ReturnType<typeof createMemorySecretStore>

beforeEach(async () => {
  service = await startKeyService(KEY)
  secrets = createMemorySecretStore()
  test = await startTestCore({ secrets })
  seen = []
  test.core.events.onAny((event, payload) => seen.push({ event, payload }))
})
afterEach(async () => {
  await test.dispose()
  await service.close()
})

async function connect(serviceProfile: Record<string, unknown> = {}): Promise<void> {
  await test.core.call('profiles.save', { id: 'studio', name: 'Studio', baseUrl: service.url, serviceProfile })
}

describe('the API key', () => {
  it('goes in, is kept under the connection id, and never comes back out', async () => {
    await connect()
    const status = await test.core.call('secrets.setApiKey', { apiKey: `  ${KEY}  ` })
    expect(status).toEqual({ profileId: 'studio', hasKey: true, store: 'session', persistent: false })
    expect(await secrets.get('studio')).toBe(KEY)
    expect(await test.core.secrets.apiKeyFor('studio')).toBe(KEY)
    expect(seen.filter((e) => e.event === 'secrets.changed').map((e) => e.payload)).toEqual([status])
    expect(JSON.stringify([status, seen])).not.toContain(KEY)
  })

  it('is replaced by setting it again and removed by clear', async () => {
    await connect()
    await test.core.call('secrets.setApiKey', { apiKey: KEY })
    await test.core.call('secrets.setApiKey', { profileId: 'studio', apiKey: 'sk-second-0000' })
    expect(await secrets.get('studio')).toBe('sk-second-0000')
    expect(await test.core.call('secrets.clear')).toMatchObject({ profileId: 'studio', hasKey: false })
    expect(await secrets.get('studio')).toBeUndefined()
  })

  it('is refused when malformed, without echoing it, and needs a connection to belong to', async () => {
    const first = await test.core.call('secrets.setApiKey', { apiKey: KEY }).catch((e: unknown) => e)
    expect(first).toMatchObject({ code: 'INVALID_INPUT', details: { fields: { profileId: [{ code: 'input.invalid', params: { reason: expect.any(String) } }] } } })
    await connect()
    const spaced = (await test.core.call('secrets.setApiKey', { apiKey: 'sk-two words-123' }).catch((e: unknown) => e)) as AppError
    expect(spaced.code).toBe('INVALID_INPUT')
    expect(spaced.fieldProblems).toHaveProperty('apiKey')
    expect(JSON.stringify(spaced.toWire())).not.toContain('two words')
    expect(await test.core.call('secrets.status', { profileId: 'nope' }).catch((e: unknown) => e)).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('reports no connection and no key on a first run', async () => {
    expect(await test.core.call('secrets.status')).toEqual({ profileId: null, hasKey: false, store: 'session', persistent: false })
  })

  it('never appears in the log, even when the service repeats it back', async () => {
    await connect()
    await test.core.call('secrets.setApiKey', { apiKey: KEY })
    test.core.log.scope('probe').info('service.failed', { method: 'POST', path: '/submit', reason: `a careless line with ${KEY} and Authorization: Bearer ${KEY}` })
    service.mode = 'echo-key'
    await test.core.call('secrets.setApiKey', { apiKey: 'sk-wrong-key-5555' })
    const check = await test.core.call('secrets.check')
    expect(check).toMatchObject({ ok: false, code: 'UNAUTHORIZED', httpStatus: 401 })
    const everything = JSON.stringify([check, test.core.logs.recent(500), seen])
    expect(everything).not.toContain(KEY)
    expect(everything).not.toContain('sk-wrong-key-5555')
  })
})

describe('checking the key (one harmless call)', () => {
  it('asks the query operation about a task that cannot exist: 404 means the key was accepted', async () => {
    await connect()
    await test.core.call('secrets.setApiKey', { apiKey: KEY })
    expect(await test.core.call('secrets.check')).toMatchObject({ ok: true, httpStatus: 404 })
    expect(service.seen).toEqual([{ method: 'GET', url: `/api/v1/video/generation/${KEY_CHECK_TASK_ID}`, authorization: `Bearer ${KEY}`, body: '' }])
  })

  it('reads 401 as a refused key, and says when no key is stored', async () => {
    await connect()
    expect(await test.core.call('secrets.check')).toMatchObject({ ok: false, code: 'UNAUTHORIZED' })
    expect(service.seen).toEqual([])
    await test.core.call('secrets.setApiKey', { apiKey: 'sk-not-this-one' })
    expect(await test.core.call('secrets.check')).toMatchObject({ ok: false, code: 'UNAUTHORIZED', httpStatus: 401, message: expect.stringContaining('invalid api key') })
  })

  it('follows the connection’s query operation: id in the query string, or in a POST body', async () => {
    await connect({ query: { idIn: 'query', path: '/api/v1/tasks', idParam: 'id' } })
    await test.core.call('secrets.setApiKey', { apiKey: KEY })
    await test.core.call('secrets.check')
    await test.core.call('profiles.save', { id: 'studio', name: 'Studio', baseUrl: service.url, serviceProfile: { query: { method: 'POST', idIn: 'body', path: '/query' } } })
    await test.core.call('secrets.check')
    expect(service.seen.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'GET', url: `/api/v1/tasks?id=${KEY_CHECK_TASK_ID}`, body: '' },
      { method: 'POST', url: '/query', body: JSON.stringify({ task_id: KEY_CHECK_TASK_ID }) },
    ])
  })

  it('cannot call a key good when the service is busy, broken, not the service, or unreachable', async () => {
    await connect()
    await test.core.call('secrets.setApiKey', { apiKey: KEY })
    const outcomes: Record<string, unknown> = {}
    for (const mode of ['busy', 'broken', 'html'] as const) {
      service.mode = mode
      outcomes[mode] = ((await test.core.call('secrets.check')) as { code?: string }).code
    }
    await service.close()
    outcomes['closed'] = ((await test.core.call('secrets.check')) as { code?: string }).code
    expect(outcomes).toEqual({ busy: 'RATE_LIMITED', broken: 'REMOTE_FAILED', html: 'PROTOCOL', closed: 'NETWORK' })
  })

  it('gives up on a service that never answers', async () => {
    service.mode = 'silent'
    const result = await checkApiKey({ baseUrl: service.url, profile: defaultServiceProfile, apiKey: KEY, fetch, timeoutMs: 200 })
    expect(result).toMatchObject({ ok: false, code: 'TIMEOUT' })
  })
})
