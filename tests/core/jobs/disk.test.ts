import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { LibraryPage } from '../../../shared/contract/library'
import type { Job } from '../../../shared/job'
import { createCore, type Core } from '../../../electron/core'
import { stagingDir } from '../../../electron/core/library/naming'
import { createMemorySecretStore } from '../../../electron/core/secrets/memory-store'
import type { SettingsStore } from '../../../electron/core/ports'
import { makeMp4 } from '../library/support/mp4'
import { fastPolling, inPhase, jobWhen } from '../../support/engine'
import { startHostileService, type HostileService } from '../../support/hostile-service'
import { removeFile, smallDisk, smallDiskUnavailable } from '../../support/small-disk'
import { useTempDir } from '../../support/temp'

/**
 * Full and read-only disks (issue 10 items 1 and 2) on a tmpfs the test mounts: a real engine, a
 * real service on loopback whose result is a 6 MB video. A write that fails is never a crash (an
 * unhandled rejection fails this run) and never loses the billed result: the job waits, says what
 * would let it go on, and carries on once it can.
 */
const MB = 1024 * 1024
let video: Buffer
let service: HostileService
const engines: Core[] = []

/** A whole MP4 padded with a `free` box to about `bytes` (the video check accepts it). */
async function videoOf(bytes: number): Promise<Buffer> {
  const clip = await makeMp4({ frames: 12 })
  const pad = Buffer.alloc(bytes - clip.length)
  pad.writeUInt32BE(pad.length, 0)
  pad.write('free', 4, 'latin1')
  return Buffer.concat([clip, pad])
}

beforeAll(async () => {
  video = await videoOf(6 * MB)
  service = await startHostileService(video)
  return () => service.close()
})
afterEach(async () => {
  service.finished = true
  service.result = 'video'
  for (const core of engines.splice(0)) await core.dispose()
})

/** Settings that outlive an engine, as the settings file does. */
function settingsFile(): SettingsStore {
  let document: unknown
  return { read: () => document, write: (value) => void (document = structuredClone(value)) }
}

async function engine(folders: { data?: string; library: string }, settings = settingsFile()): Promise<Core> {
  const core = await createCore({
    host: { shell: 'cli', version: 'disk-test', runtime: `Node ${process.versions.node}` },
    paths: { data: folders.data ?? path.join(await useTempDir('reelbox-disk-data-'), 'data'), library: folders.library },
    secrets: createMemorySecretStore(),
    settings,
    heartbeatMs: 0,
    validateOutputs: true,
    polling: fastPolling,
  })
  engines.push(core)
  await core.call('profiles.save', { id: 'studio', name: 'Studio', baseUrl: service.baseUrl })
  await core.call('profiles.activate', { id: 'studio' })
  if (!(await core.call('secrets.status', { profileId: 'studio' }) as { hasKey: boolean }).hasKey) await core.call('secrets.setApiKey', { apiKey: 'sk-disk-test' })
  await core.call('settings.update', { pollBudget: { requestsPerSecond: 20 } })
  return core
}

const submit = async (core: Core): Promise<Job> => ((await core.call('jobs.submit', { draft: { modelId: 'lumen-1', mode: 't2v', prompt: 'a big result', duration: 5 } })) as Job[])[0]!
const items = async (core: Core): Promise<number> => ((await core.call('library.list', {})) as LibraryPage).total
const submits = (): number => service.requests.filter((r) => r.method === 'POST').length

describe.skipIf(smallDiskUnavailable !== undefined)(`full and read-only disks${smallDiskUnavailable ? ` (${smallDiskUnavailable})` : ''}`, () => {
  it('a library without room: the job waits saying how much to free, keeps nothing half-written, and Resume finishes it', async () => {
    const disk = await smallDisk(4)
    const core = await engine({ library: disk.dir })
    // In pieces with pauses between, so the write that fills the disk fails while nothing else waits on it.
    service.result = 'paced'
    const job = await submit(core)
    const paused = inPhase(await jobWhen(core, job.id, (j) => j.phase === 'paused' || j.phase === 'failed' || j.phase === 'done'), 'paused')
    expect(paused.reason).toMatchObject({ code: 'disk.full', params: { folder: disk.dir, needBytes: video.length } })
    expect(paused).toMatchObject({ resumeTo: 'downloading', taskId: 'video_hostile', resultUrls: [expect.stringContaining('/r/paced')] })
    // What filled the disk is gone again.
    expect(await readdir(stagingDir(disk.dir))).toEqual([])
    // Still no room: Resume says so, and nothing is fetched.
    const fetched = service.requests.length
    expect(inPhase((await core.call('jobs.resume', { id: job.id })) as Job, 'paused').reason.code).toBe('disk.full')
    expect(service.requests.length).toBe(fetched)
    await disk.resize(16)
    expect(((await core.call('jobs.resume', { id: job.id })) as Job).phase).toBe('downloading')
    expect(inPhase(await jobWhen(core, job.id, (j) => j.phase === 'done' || j.phase === 'failed'), 'done').libraryItemIds).toEqual([`${job.id}-0`])
    expect(await items(core)).toBe(1)
    expect(await readdir(stagingDir(disk.dir))).toEqual([])
  })

  it('a journal that cannot be written: the job waits in memory, the engine goes on, and the journal catches up', async () => {
    const disk = await smallDisk(8)
    const library = path.join(await useTempDir('reelbox-disk-lib-'), 'library')
    const core = await engine({ data: path.join(disk.dir, 'data'), library })
    service.finished = false
    const job = await submit(core)
    await jobWhen(core, job.id, (j) => j.phase === 'running' || j.phase === 'pending')
    const filler = await disk.fill(0)
    service.finished = true
    const paused = inPhase(await jobWhen(core, job.id, (j) => j.phase !== 'running' && j.phase !== 'pending'), 'paused')
    expect(paused.reason).toMatchObject({ code: 'disk.full', params: { folder: path.join(disk.dir, 'data') } })
    // The engine still answers.
    expect(core.jobs.list().map((j) => j.id)).toEqual([job.id])
    await removeFile(filler)
    await core.call('jobs.resume', { id: job.id })
    await jobWhen(core, job.id, (j) => j.phase === 'done')
    // Only whole entries and lease records are left; no temp file of a write the disk cut short.
    const leftovers = (await readdir(path.join(disk.dir, 'data', 'jobs'), { recursive: true })).filter((name) => name.endsWith('.tmp'))
    expect(leftovers).toEqual([])
  })

  it('a read-only library refuses a new job before it is sent, naming the folder', async () => {
    const disk = await smallDisk(4)
    const core = await engine({ library: disk.dir })
    await disk.readOnly(true)
    const before = submits()
    const error = await submit(core).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'DISK', details: { problem: { code: 'folder.notWritable', params: { folder: disk.dir, kind: 'library', reason: 'readOnly' } } } })
    expect(submits()).toBe(before)
    expect(core.jobs.list()).toEqual([])
  })

  it('a library that turns read-only after the submit: the job waits with its task and URLs, and completes once it is writable', async () => {
    const disk = await smallDisk(16)
    const core = await engine({ library: disk.dir })
    service.finished = false
    const before = submits()
    const job = await submit(core)
    await jobWhen(core, job.id, (j) => j.phase === 'running' || j.phase === 'pending')
    await disk.readOnly(true)
    service.finished = true
    const paused = inPhase(await jobWhen(core, job.id, (j) => j.phase === 'paused' || j.phase === 'failed' || j.phase === 'done'), 'paused')
    expect(paused.reason).toEqual({ code: 'folder.notWritable', params: { folder: disk.dir, kind: 'library', reason: 'readOnly' } })
    expect(paused).toMatchObject({ taskId: 'video_hostile', resultUrls: [expect.stringContaining('/r/video')] })
    await disk.readOnly(false)
    await core.call('jobs.resume', { id: job.id })
    expect(inPhase(await jobWhen(core, job.id, (j) => j.phase === 'done' || j.phase === 'failed'), 'done').libraryItemIds).toHaveLength(1)
    // Billed once: waiting never sent it again.
    expect(submits()).toBe(before + 1)
  })
})

describe('a connection without its key', () => {
  it('a job whose key was kept for the session only waits for it after a restart, and goes on by itself once it is set', async () => {
    const data = path.join(await useTempDir('reelbox-key-'), 'data')
    const library = path.join(data, '..', 'library')
    const settings = settingsFile()
    const first = await engine({ data, library }, settings)
    service.finished = false
    const job = await submit(first)
    await jobWhen(first, job.id, (j) => j.phase === 'running' || j.phase === 'pending')
    await first.dispose()
    engines.splice(engines.indexOf(first), 1)
    // The app starts again: the session's key is gone with it.
    const second = await createCore({
      host: { shell: 'web', version: 'disk-test', runtime: 'node' },
      paths: { data, library },
      secrets: createMemorySecretStore(),
      settings,
      heartbeatMs: 0,
      polling: fastPolling,
    })
    engines.push(second)
    const paused = inPhase(await jobWhen(second, job.id, (j) => j.phase === 'paused' || j.phase === 'failed'), 'paused')
    expect(paused.reason).toEqual({ code: 'key.missing', params: { connection: 'Studio' } })
    service.finished = true
    await second.call('secrets.setApiKey', { profileId: 'studio', apiKey: 'sk-disk-test' })
    expect(inPhase(await jobWhen(second, job.id, (j) => j.phase === 'done' || j.phase === 'failed'), 'done').libraryItemIds).toHaveLength(1)
  })
})
