import { randomBytes } from 'node:crypto'
import { readFile, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { systemLookup } from '../../../electron/core/downloads/address'
import { createDownloader, isExpired, type DownloadRequest } from '../../../electron/core/downloads/download'
import { jobLimitsFrom } from '../../../electron/core/jobs/deps'
import { createLogHub } from '../../../electron/core/logger'
import { systemClock } from '../../../electron/core/ports'
import { defaultSettings } from '../../../shared/settings'
import { startFileServer, type FileServer } from '../../support/file-server'
import { useTempDir } from '../../support/temp'

const file = randomBytes(3 * 1024 * 1024 + 17)
let server: FileServer
let dir: string
const downloader = createDownloader({ lookup: systemLookup, clock: systemClock, log: createLogHub(Date.now).root })
const limits = jobLimitsFrom(defaultSettings)

/** One result from the loopback server, with the default limits (a loopback service may name loopback results). */
function get(url: string, partFile: string, more: Partial<DownloadRequest> = {}): ReturnType<typeof downloader.download> {
  return downloader.download({ url, partFile, serviceBaseUrl: server.url, maxBytes: limits.resultBytes, stallMs: limits.stallMs, ...more })
}

beforeEach(async () => {
  server = await startFileServer(file)
  dir = await useTempDir('reelbox-dl-')
})
afterEach(() => server.close())
afterAll(() => downloader.dispose())

describe('result downloads', () => {
  it('streams a file whole, verified, and leaves no bookkeeping behind', async () => {
    const partFile = path.join(dir, 'a.part')
    const progress: number[] = []
    const result = await get(server.url, partFile, { onProgress: (received) => progress.push(received) })
    expect(result.size).toBe(file.length)
    expect(Buffer.compare(await readFile(partFile), file)).toBe(0)
    expect(progress.at(-1)).toBe(file.length)
    // The validator stays beside the finished part until it has been moved into the library…
    expect((await readdir(dir)).sort()).toEqual(['a.part', 'a.part.json'])
    // …so a crash before that move resumes with nothing to fetch.
    const before = server.sent()
    expect((await get(server.url, partFile)).fetched).toBe(0)
    expect(server.sent()).toBe(before)
  })

  it('resumes a body that was cut short with Range + If-Range, fetching each byte about once', async () => {
    server.behave({ cutRequests: 2, cutAfter: 1024 * 1024 })
    const partFile = path.join(dir, 'b.part')
    const result = await get(server.url, partFile)
    expect(Buffer.compare(await readFile(partFile), file)).toBe(0)
    expect(server.requests().slice(1).every((r) => r.range && r.ifRange === '"v1"')).toBe(true)
    expect(server.sent()).toBeLessThanOrEqual(file.length * 1.05)
    expect(result.fetched).toBeLessThanOrEqual(file.length * 1.05)
  })

  it('picks up a .part left by an earlier run of the engine', async () => {
    const partFile = path.join(dir, 'c.part')
    // What a killed engine leaves: half the file and the validator it was fetched under.
    await writeFile(partFile, file.subarray(0, 2_000_000))
    await writeFile(`${partFile}.json`, JSON.stringify({ etag: '"v1"', total: file.length }))
    const before = server.sent()
    await get(server.url, partFile)
    expect(server.sent() - before).toBe(file.length - 2_000_000)
    expect(Buffer.compare(await readFile(partFile), file)).toBe(0)
  })

  it('never splices two versions: a changed file (new ETag) or an ignored Range starts over', async () => {
    const partFile = path.join(dir, 'd.part')
    await writeFile(partFile, file.subarray(0, 1_000_000))
    await writeFile(`${partFile}.json`, JSON.stringify({ etag: '"v1"', total: file.length }))
    const changed = randomBytes(2 * 1024 * 1024)
    server.setBody(changed, '"v2"')
    await get(server.url, partFile)
    expect(Buffer.compare(await readFile(partFile), changed)).toBe(0)

    const partFile2 = path.join(dir, 'e.part')
    await writeFile(partFile2, changed.subarray(0, 500_000))
    await writeFile(`${partFile2}.json`, JSON.stringify({ etag: '"v2"', total: changed.length }))
    server.behave({ ignoreRange: true })
    await get(server.url, partFile2)
    expect(Buffer.compare(await readFile(partFile2), changed)).toBe(0)
  })

  it('reports an expired URL (403/404/410) so the task can be asked for fresh ones', async () => {
    for (const status of [403, 404, 410]) {
      server.behave({ status })
      const error = await get(server.url, path.join(dir, `x${status}.part`)).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(AppError)
      expect(isExpired(error)).toBe(true)
    }
  })
})
