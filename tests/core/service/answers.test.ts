/**
 * The service client reads answers bounded and repeats nothing secret (issue 10 items 3 and 6),
 * against the hostile service over real loopback HTTP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createLogHub } from '../../../electron/core/logger'
import { systemClock } from '../../../electron/core/ports'
import { createServiceClient, type Connection } from '../../../electron/core/service/client'
import { AppError } from '../../../shared/errors'
import { ServiceProfile } from '../../../shared/profile'
import { startHostileService, type HostileService } from '../../support/hostile-service'

const KEY = 'sk-live-4f9c2e7a1b3d5f6e8a0c'
let service: HostileService
let connection: Connection
const client = createServiceClient({ fetch, clock: systemClock, log: createLogHub(Date.now).root })
const submit = (): Promise<AppError> =>
  client.submit(connection, { model: 'lumen-1', _action: 't2v', prompt: 'x' }).then(
    () => {
      throw new Error('the submit was accepted')
    },
    (error: unknown) => AppError.from(error),
  )

beforeAll(async () => {
  service = await startHostileService(new Uint8Array(0))
  connection = { baseUrl: service.baseUrl, apiKey: KEY, profile: ServiceProfile.parse({}) }
})
afterAll(() => service.close())
beforeEach(() => {
  service.deepJsonBytes = 64 * 1024
})

describe('answers are read with a cap', () => {
  it('refuses an endless answer once it passes 4 MB, as PROTOCOL, without waiting for the timeout', async () => {
    service.answers = 'endless-json'
    const before = service.sent()
    const error = await submit()
    expect(error).toMatchObject({ code: 'PROTOCOL', message: "The service's answer is larger than 4.0 MB; Reelbox stops reading there." })
    // The server could push the cap plus what sockets buffer, then the engine hung up.
    expect(service.sent() - before).toBeLessThan(16 * 1024 * 1024)
  })

  it('refuses an answer nested deeper than any envelope, before parsing it', async () => {
    service.answers = 'deep-json'
    const error = await submit()
    expect(error).toMatchObject({ code: 'PROTOCOL', message: "The service's answer is nested more than 64 levels deep; Reelbox does not read it." })
  })

  it('reads a nested but large answer (50 MB) no further than the cap', async () => {
    service.answers = 'deep-json'
    service.deepJsonBytes = 50 * 1024 * 1024
    expect(await submit()).toMatchObject({ code: 'PROTOCOL', message: "The service's answer is larger than 4.0 MB; Reelbox stops reading there." })
  })
})

describe('what the service says is redacted before it becomes an error', () => {
  it('an Authorization header echoed back, JSON-escaped, never reaches the message or its details', async () => {
    service.answers = 'echo-key'
    const error = await submit()
    expect(error.code).toBe('UNAUTHORIZED')
    expect(error.message).toContain('invalid credential: Bearer [redacted]')
    expect(JSON.stringify(error.toWire())).not.toContain(KEY)
  })
})
