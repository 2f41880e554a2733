/**
 * The engine adapts to what its host can do (HostInfo.live), never to the shell's name: a window
 * or a page is kept told (heartbeat, the connection checked for the offline banner); a command
 * that runs and exits is left alone, and sends nothing it was not asked to.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { FetchPort } from '../../electron/core/ports'
import { startTestCore, type TestCore } from '../support/core'
import { fakeClock } from '../support/fake-clock'

let test: TestCore | undefined

afterEach(async () => {
  await test?.dispose()
  test = undefined
})

/** A minute of an engine with a connection set up, as the service and the page would see it. */
async function aMinuteOn(live: boolean): Promise<{ checks: string[]; beats: number }> {
  const clock = fakeClock()
  const checks: string[] = []
  const fetch: FetchPort = async (input, init) => {
    checks.push(`${init?.method ?? 'GET'} ${String(input)}`)
    return new Response(null, { status: 204 })
  }
  // The shell's name says the opposite of `live` each time: only the capability may count.
  test = await startTestCore({ host: { shell: live ? 'cli' : 'electron', version: '0.0.0-test', runtime: 'node', live }, clock, fetch, heartbeatMs: undefined })
  let beats = 0
  test.core.events.on('engine.heartbeat', () => void beats++)
  await test.core.call('profiles.save', { id: 'studio', name: 'Studio', baseUrl: 'https://studio.example' })
  await test.core.call('profiles.activate', { id: 'studio' })
  await clock.advance(60_000)
  return { checks, beats }
}

describe('what the host can do', () => {
  it('a live host gets a heartbeat every 5 s and its connection checked on a change and every 30 s', async () => {
    const { checks, beats } = await aMinuteOn(true)
    expect(beats).toBe(12)
    expect(checks.length).toBeGreaterThanOrEqual(3)
    expect(new Set(checks)).toEqual(new Set(['HEAD https://studio.example']))
  })

  it('a host that is not live gets neither, and the service hears nothing', async () => {
    expect(await aMinuteOn(false)).toEqual({ checks: [], beats: 0 })
  })
})
