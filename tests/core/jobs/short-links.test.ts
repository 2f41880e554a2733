/**
 * A service whose result links expire sooner than a download takes (issue 25 item 5): every link
 * lives 1 s after the query that gave it, and the body arrives slower than that, cut where its
 * link expires. The engine asks for a fresh link and resumes by Range for as long as each link
 * brings bytes, and the job finishes with the service's exact bytes.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sidecarOf } from '../../../electron/core/library/naming'
import type { LibraryPage } from '../../../shared/contract/library'
import { errorOf, type Job, type JobIn } from '../../../shared/job'
import { makeMp4 } from '../library/support/mp4'
import { png } from '../../sandbox/support'
import { startTestCore, type TestCore } from '../../support/core'
import { fastPolling, finished, jobWhen } from '../../support/engine'
import { startThirdService, thirdCatalog, thirdProfile, type ThirdService } from '../../support/third-service'

let service: ThirdService
let engine: TestCore
let video: Uint8Array

beforeAll(async () => {
  video = await makeMp4({ frames: 48 })
  service = await startThirdService({ video, cover: await png(64, 36) })
  engine = await startTestCore({ polling: fastPolling, catalog: thirdCatalog })
  await engine.core.call('profiles.save', { id: 'third', name: 'Third service', baseUrl: service.baseUrl, serviceProfile: thirdProfile })
  await engine.core.call('profiles.activate', { id: 'third' })
  await engine.core.call('secrets.setApiKey', { apiKey: service.apiKey })
})
afterAll(async () => {
  await engine?.dispose()
  await service?.close()
})

describe('links that keep expiring', () => {
  it('every link expires 1 s after its query and the body takes longer: the job finishes with the service’s exact bytes', async () => {
    service.linkLifeMs = 1000
    // Eight pieces, 400 ms apart: over 3 s for a body whose every link lives 1 s.
    service.chunkBytes = Math.ceil(video.length / 8)
    service.chunkEveryMs = 400
    const [submitted] = (await engine.core.call('jobs.submit', { draft: { modelId: 'tern-1', mode: 't2v', prompt: 'a tern, slowly' } })) as Job[]
    // What the Queue shows while it downloads: the links are short-lived.
    const renewed = jobWhen(engine.core, submitted!.id, (job) => job.phase === 'downloading' && (job.linksRenewed ?? 0) >= 2, 60_000)
    const job = await jobWhen(engine.core, submitted!.id, finished, 60_000)
    expect(job.phase, errorOf(job)?.message).toBe('done')
    await renewed

    const fetches = service.requests.filter((r) => r.path === '/files/clip.mp4')
    // Each fresh link picked up where the last one stopped: the ranges only ever move on.
    const resumedAt = fetches.map((r) => Number(/^bytes=(\d+)-$/.exec(r.range ?? '')?.[1] ?? 0)).filter((start) => start > 0)
    expect(new Set(resumedAt).size).toBeGreaterThanOrEqual(2)
    expect(resumedAt).toEqual([...resumedAt].sort((a, b) => a - b))

    const item = ((await engine.core.call('library.list', {})) as LibraryPage).items.find((it) => it.id === (job as JobIn<'done'>).libraryItemIds[0])!
    const sidecar = JSON.parse(await readFile(sidecarOf(path.join(engine.core.library.folder, item.folder, item.fileName)), 'utf8')) as { media: { original: { size: number; sha256: string } } }
    expect(sidecar.media.original).toEqual({ size: video.length, sha256: createHash('sha256').update(video).digest('hex') })
  })
})
