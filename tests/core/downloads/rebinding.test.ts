/**
 * DNS rebinding (issue 10 item 5): a result's host name resolves to a public address when it is
 * checked and to this computer or a cloud metadata address when the download connects. The
 * connection checks the addresses it connects to (electron/core/downloads/connect.ts), so the
 * download is refused in the same words as any private result, nothing reaches the local server
 * and nothing is kept. A real loopback server and real fetch; the DNS is a fake of our LookupPort.
 */
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { createDownloader, type DownloadRequest, type Downloader } from '../../../electron/core/downloads/download'
import { createLogHub } from '../../../electron/core/logger'
import { systemClock, type LookupPort } from '../../../electron/core/ports'
import { AppError } from '../../../shared/errors'
import { makeMp4 } from '../library/support/mp4'
import { startHostileService, type HostileService } from '../../support/hostile-service'
import { routedHosts } from '../../support/hosts'
import { rebindingDns } from '../../support/rebinding-dns'
import { useTempDir } from '../../support/temp'

const PUBLIC_SERVICE = 'https://api.studio.example'
const CDN = 'https://cdn.studio.example'
let video: Uint8Array
let service: HostileService
let hosts: ReturnType<typeof routedHosts>
let dir: string

beforeAll(async () => {
  video = await makeMp4({ frames: 12 })
  service = await startHostileService(video)
  hosts = routedHosts({ [PUBLIC_SERVICE]: service.baseUrl, [CDN]: service.baseUrl })
})
afterAll(() => service.close())
beforeEach(async () => {
  service.requests.length = 0
  dir = await useTempDir('reelbox-rebind-dl-')
})

function downloaderWith(lookup: LookupPort): Downloader {
  const downloader = createDownloader({ fetchResult: hosts.fetchResult, lookup, clock: systemClock, log: createLogHub(Date.now).root })
  onTestFinished(() => downloader.dispose())
  return downloader
}

/** Downloads `url` for a job of `serviceBaseUrl`, resolving names with `lookup`; the error, if any. */
async function download(url: string, lookup: LookupPort, more: Partial<DownloadRequest> = {}): Promise<AppError | undefined> {
  const downloader = downloaderWith(lookup)
  const request = { url, partFile: path.join(dir, 'r.part'), serviceBaseUrl: PUBLIC_SERVICE, maxBytes: 64 * 1024 * 1024, stallMs: 30_000, ...more }
  return downloader.download(request).then(
    () => undefined,
    (error: unknown) => AppError.from(error),
  )
}

const adminRequests = (): number => service.requests.filter((r) => r.path === '/admin').length

describe('a result name that rebinds between the check and the connection', () => {
  it.each(['127.0.0.1', '169.254.169.254'])('rebinding to %s is refused before a byte is sent, and nothing is kept', async (inside) => {
    const dns = rebindingDns('localhost', hosts.lookup, inside)
    const port = new URL(service.baseUrl).port
    const error = await download(`http://localhost:${port}/admin`, dns.lookup)
    expect(error).toMatchObject({ code: 'PROTOCOL', retryable: false, details: { refusedUrl: true } })
    expect(error?.message).toBe(`The result points to localhost (${inside}), on this computer or a private network; the service at api.studio.example may not send Reelbox there.`)
    // The check saw the public answer; the connection asked again and got this computer.
    expect(dns.asked()).toBe(2)
    expect(adminRequests()).toBe(0)
    expect(await readdir(dir)).toEqual([])
  })

  it('a redirect hop to such a name is refused the same way', async () => {
    const dns = rebindingDns('localhost', hosts.lookup)
    service.adminOrigin = `http://localhost:${new URL(service.baseUrl).port}`
    onTestFinished(() => void (service.adminOrigin = service.baseUrl))
    const error = await download(`${CDN}/r/redirect-admin`, dns.lookup)
    expect(error).toMatchObject({ code: 'PROTOCOL', retryable: false })
    expect(error?.message).toMatch(/^The result redirects to localhost \(127\.0\.0\.1\), on this computer or a private network/)
    expect(dns.asked()).toBe(2)
    expect(service.requests.map((r) => r.path)).toEqual(['/r/redirect-admin'])
    expect(await readdir(dir)).toEqual([])
  })

  it('a poster under such a name is refused too, and nothing reaches the server', async () => {
    const dns = rebindingDns('localhost', hosts.lookup)
    const poster = await downloaderWith(dns.lookup).poster({ url: `http://localhost:${new URL(service.baseUrl).port}/admin`, serviceBaseUrl: PUBLIC_SERVICE })
    expect(poster).toBeUndefined()
    expect(dns.asked()).toBe(2)
    expect(adminRequests()).toBe(0)
  })
})

describe('names the connection may reach', () => {
  it('a private service’s result under a name: connected where our port says, under that name', async () => {
    // The system resolver knows no `.example` name: the download can only succeed through our port.
    const lookup: LookupPort = async (hostname) => (hostname === 'cdn.lan.example' ? ['127.0.0.1'] : hosts.lookup(hostname))
    const port = new URL(service.baseUrl).port
    const error = await download(`http://cdn.lan.example:${port}/r/video`, lookup, { serviceBaseUrl: service.baseUrl })
    expect(error).toBeUndefined()
    expect(Buffer.compare(await readFile(path.join(dir, 'r.part')), video)).toBe(0)
  })
})
