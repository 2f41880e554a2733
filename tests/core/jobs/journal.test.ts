import { mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createJournal } from '../../../electron/core/jobs/journal'
import { recoverJob, salvage } from '../../../electron/core/jobs/journal-format'
import { createLogHub } from '../../../electron/core/logger'
import { useTempDir } from '../../support/temp'

/**
 * Journal files written before a job's life was a union (one flat object with every field
 * optional) still load, each as the phase it really is in; and what a damaged entry still holds
 * is read without guessing.
 */
const T0 = 1_741_944_600_000
const flat = {
  createdAt: T0,
  updatedAt: T0 + 5000,
  draft: { modelId: 'lumen-1', mode: 't2v', prompt: 'a paper boat on a rainy street', duration: 5 },
  profileId: 'sandbox',
  baseUrl: 'http://127.0.0.1:5301',
  sandbox: true,
  idempotencyKey: '1b0e4a52-4f7e-4a55-9a0e-8d3c1c2f0b11',
  params: { model: 'lumen-1', _action: 't2v', prompt: 'a paper boat on a rainy street', duration: 5 },
  inputs: [],
  model: { id: 'lumen-1', family: 'lumen', version: '1', displayName: 'Lumen 1' },
  attempts: 3,
  libraryItemIds: [],
}
/** Exactly as the previous version wrote them (its JSON.stringify of the flat Job). */
const oldEntries: Record<string, object> = {
  job_pending: { id: 'job_pending', ...flat, phase: 'pending', taskId: 'video_p', requestId: 'req_p', serviceStatus: 'pending', submittedAt: T0 + 100, deadlineAt: T0 + 3_600_000, nextPollAt: T0 + 6000 },
  job_timedout: {
    id: 'job_timedout',
    ...flat,
    phase: 'failed',
    taskId: 'video_t',
    submittedAt: T0 + 100,
    deadlineAt: T0 + 3_600_000,
    timedOut: true,
    error: { code: 'TIMEOUT', message: 'Stopped waiting: the service took longer than the maximum wait.', retryable: true },
  },
  job_cancelled: { id: 'job_cancelled', ...flat, phase: 'cancelled', taskId: 'video_c', submittedAt: T0 + 100, finishedAt: T0 + 4000 },
  job_never_sent: { id: 'job_never_sent', ...flat, phase: 'cancelled', finishedAt: T0 + 4000 },
  job_done: { id: 'job_done', ...flat, phase: 'done', taskId: 'video_d', submittedAt: T0 + 100, finishedAt: T0 + 9000, resultUrls: ['http://127.0.0.1:5301/r/1'], libraryItemIds: ['job_done-0'], download: undefined },
  // Before shaping recorded the model, params and inputs.
  job_oldest: { id: 'job_oldest', createdAt: T0, updatedAt: T0, phase: 'queued', draft: flat.draft, profileId: 'sandbox', baseUrl: flat.baseUrl, sandbox: true, idempotencyKey: 'k', attempts: 0, libraryItemIds: [] },
}

describe('the journal', () => {
  it('reads every entry of the flat format as the phase it really is in', async () => {
    const dir = path.join(await useTempDir('reelbox-journal-'), 'jobs')
    await mkdir(dir)
    for (const [id, entry] of Object.entries(oldEntries)) await writeFile(path.join(dir, `${id}.json`), JSON.stringify(entry))
    const { jobs, unreadable } = await createJournal(dir, createLogHub(Date.now).root).load()
    expect(unreadable).toEqual([])
    const byId = Object.fromEntries(jobs.map((job) => [job.id, job]))
    expect(byId['job_pending']).toMatchObject({ phase: 'pending', taskId: 'video_p', deadlineAt: T0 + 3_600_000, attempts: 3 })
    expect(byId['job_pending']).not.toHaveProperty('libraryItemIds')
    // Timed out, or stopped by the designer: the task is kept and can be checked again.
    expect(byId['job_timedout']).toEqual(expect.objectContaining({ phase: 'stopped', stoppedBy: 'timeout', taskId: 'video_t' }))
    expect(byId['job_timedout']).not.toHaveProperty('error')
    expect(byId['job_cancelled']).toMatchObject({ phase: 'stopped', stoppedBy: 'designer', taskId: 'video_c' })
    expect(byId['job_never_sent']).toEqual(expect.objectContaining({ phase: 'cancelled', finishedAt: T0 + 4000 }))
    expect(byId['job_done']).toMatchObject({ phase: 'done', libraryItemIds: ['job_done-0'] })
    expect(byId['job_oldest']).toMatchObject({ phase: 'queued', params: {}, inputs: [], model: { id: 'lumen-1', displayName: 'lumen-1' } })
  })

  it('a listing reports an unreadable entry and leaves it as it is', async () => {
    const dir = path.join(await useTempDir('reelbox-journal-'), 'jobs')
    await mkdir(dir)
    const text = JSON.stringify(oldEntries['job_pending'])
    await writeFile(path.join(dir, 'job_pending.json'), text.slice(0, text.indexOf('"requestId"')))
    const { jobs, unreadable } = await createJournal(dir, createLogHub(Date.now).root).load()
    expect(jobs).toEqual([])
    expect(unreadable).toEqual([expect.objectContaining({ file: 'job_pending.json', jobId: 'job_pending' })])
    expect(await readdir(dir)).toEqual(['job_pending.json'])
  })

  it('recovers a job from a cut entry when its task is whole, and never from a task id cut short', async () => {
    const text = JSON.stringify(oldEntries['job_pending'])
    const cut = text.slice(0, text.indexOf('"requestId"'))
    const recovered = recoverJob('job_pending', await salvage(cut), T0 + 10_000, T0 + 70_000)
    expect(recovered).toMatchObject({ phase: 'running', taskId: 'video_p', profileId: 'sandbox', baseUrl: flat.baseUrl, draft: flat.draft, deadlineAt: T0 + 70_000 })
    const inTask = text.slice(0, text.indexOf('video_p') + 'video_'.length)
    expect((await salvage(inTask))['taskId']).toBeUndefined()
    expect(recoverJob('job_pending', await salvage(inTask), T0, T0)).toBeUndefined()
    // Zeros where the tail was (a power loss), and a model cut in the middle.
    const model = text.indexOf('"model":{')
    expect(recoverJob('job_pending', await salvage(`${text.slice(0, model)}"taskId":"video_p","model":{"id":"lumen-1","fam\0\0\0\0`), T0, T0)).toMatchObject({
      taskId: 'video_p',
      model: { id: 'lumen-1', family: 'unknown' },
    })
  })
})
