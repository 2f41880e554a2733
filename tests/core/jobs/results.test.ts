/**
 * What a job does with the results a hostile service gives (issue 10 items 4, 5 and 9): a real
 * engine on real folders, a service and CDN with public-looking names routed to a loopback
 * server (tests/support/hosts.ts), and each kind of bad result. Only whole videos reach the
 * library; everything else fails the job with a reason, quickly, and leaves no file behind.
 */
import { readdir } from 'node:fs/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { stagingDir } from '../../../electron/core/library/naming'
import type { Job } from '../../../shared/job'
import type { LibraryPage } from '../../../shared/contract/library'
import { makeMp4 } from '../library/support/mp4'
import { startTestCore, type TestCore } from '../../support/core'
import { fastPolling, finished, inPhase, jobWhen } from '../../support/engine'
import { startHostileService, type HostileService, type ResultMode } from '../../support/hostile-service'
import { routedHosts } from '../../support/hosts'
import { rebindingDns, type RebindingDns } from '../../support/rebinding-dns'

const SERVICE = 'https://api.studio.example'
const CDN = 'https://cdn.studio.example'
let service: HostileService
let engine: TestCore
/** `localhost` answers a public address, then this computer, and so on (tests/support/rebinding-dns.ts). */
let dns: RebindingDns

beforeAll(async () => {
  service = await startHostileService(await makeMp4({ frames: 12 }))
  service.resultOrigin = CDN
  const hosts = routedHosts({ [SERVICE]: service.baseUrl, [CDN]: service.baseUrl })
  dns = rebindingDns('localhost', hosts.lookup)
  engine = await startTestCore({ fetch: hosts.fetch, fetchResult: hosts.fetchResult, lookup: dns.lookup, polling: fastPolling })
  await engine.core.call('profiles.save', { id: 'studio', name: 'Studio', baseUrl: SERVICE })
  await engine.core.call('profiles.activate', { id: 'studio' })
  await engine.core.call('secrets.setApiKey', { apiKey: 'sk-results-test' })
  await engine.core.call('settings.update', { pollBudget: { requestsPerSecond: 20 }, results: { perTask: 3 } })
})
afterAll(async () => {
  await engine.dispose()
  await service.close()
})
beforeEach(() => {
  service.requests.length = 0
  service.adminOrigin = service.baseUrl
})

async function generate(result: ResultMode): Promise<Job> {
  service.result = result
  const [job] = (await engine.core.call('jobs.submit', { draft: { modelId: 'lumen-1', mode: 't2v', prompt: `a ${result} result`, duration: 5 } })) as Job[]
  return jobWhen(engine.core, job!.id, finished)
}

const libraryIds = async (): Promise<string[]> => ((await engine.core.call('library.list', {})) as LibraryPage).items.map((item) => item.id)
const staged = (): Promise<string[]> => readdir(stagingDir(engine.core.library.folder)).catch(() => [])
const requestsTo = (path: string): number => service.requests.filter((r) => r.path === path).length

describe('a job’s results from a hostile service', () => {
  it('downloads a real video from a public-looking CDN (the control)', async () => {
    const job = inPhase(await generate('video'), 'done')
    expect(await libraryIds()).toContain(job.libraryItemIds[0])
  })

  it('a task with 10,000 URLs: the per-task limit is downloaded, the rest is listed on the job', async () => {
    const job = inPhase(await generate('many'), 'done')
    expect(job.libraryItemIds).toHaveLength(3)
    expect(job.resultUrls).toHaveLength(3)
    expect(job.skippedResults?.count).toBe(9_997)
    expect(job.skippedResults?.urls).toHaveLength(100)
    expect(job.skippedResults?.urls[0]).toBe(`${CDN}/r/video?n=3`)
    expect(requestsTo('/r/video')).toBe(3)
  })

  it.each([
    ['html', /gave text\/html, not a video/],
    ['text', /is text, not a video/],
    ['cut', /is cut short or damaged/],
  ] as const)('a %s result fails the job, and nothing enters the library or stays in staging', async (kind, reason) => {
    const before = await libraryIds()
    const job = inPhase(await generate(kind), 'failed')
    expect(job.error).toMatchObject({ code: 'PROTOCOL', retryable: false })
    expect(job.error.message).toMatch(reason)
    expect(await libraryIds()).toEqual(before)
    expect(await staged()).toEqual([])
  })

  it('a result on this computer, directly or through a redirect, is never fetched', async () => {
    for (const kind of ['admin', 'redirect-admin'] as const) {
      const job = inPhase(await generate(kind), 'failed')
      expect(job.error.message).toMatch(/to 127\.0\.0\.1, on this computer or a private network/)
    }
    expect(requestsTo('/admin')).toBe(0)
  })

  it('a result whose name rebinds to this computer after the check, directly or through a redirect, never reaches it', async () => {
    service.adminOrigin = `http://localhost:${new URL(service.baseUrl).port}`
    const before = await libraryIds()
    for (const [kind, words] of [
      ['admin', 'points'],
      ['redirect-admin', 'redirects'],
    ] as const) {
      const asked = dns.asked()
      const job = inPhase(await generate(kind), 'failed')
      expect(job.error).toMatchObject({ code: 'PROTOCOL', retryable: false })
      expect(job.error.message).toMatch(`The result ${words} to localhost (127.0.0.1), on this computer or a private network`)
      // Looked up twice: public for the check, this computer for the connection, which refused it.
      expect(dns.asked() - asked).toBe(2)
    }
    expect(requestsTo('/admin')).toBe(0)
    expect(await libraryIds()).toEqual(before)
    expect(await staged()).toEqual([])
  })

  it('a file: result fails at once as PROTOCOL, not retried as a network error', async () => {
    const job = inPhase(await generate('file-url'), 'failed')
    expect(job.error).toMatchObject({ code: 'PROTOCOL', retryable: false })
    expect(job.error.message).toMatch(/not a web address \(file:\)/)
    // One submit, one poll: nothing else was asked of anyone.
    expect(service.requests).toHaveLength(2)
  })

  it('a Content-Length larger than the body: a few requests, then a failure that promises nothing', async () => {
    const job = inPhase(await generate('lying-length'), 'failed')
    expect(job.error.message).toMatch(/says the file has \d+ bytes but stops at \d+, after 3 requests for the rest/)
    expect(job.error.message).not.toMatch(/resume/i)
    // The first and three that brought nothing; more when a hang-up overtook bytes on a loaded
    // machine (tests/core/downloads/hostile.test.ts checks which ranges they asked for).
    expect(requestsTo('/r/lying-length')).toBeGreaterThanOrEqual(4)
    expect(await staged()).toEqual([])
  })
})
