import { mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { stagingDir } from '../../../electron/core/library/naming'
import { startTestCore } from '../../support/core'
import { makeJob } from '../../support/jobs'
import { useTempDir } from '../../support/temp'

/**
 * Staging is swept when an engine that works jobs starts (issue 10 item 1): the parts of jobs that
 * ended or left the journal, and temp files whose writer has died, go; parts a job may still
 * finish (downloading, paused, stopped) stay. A listing engine sweeps nothing.
 */
describe('the staging folder at start', () => {
  it('keeps the parts a job may still finish and sweeps the rest', async () => {
    const dir = await useTempDir('reelbox-sweep-')
    const library = path.join(dir, 'library')
    const staging = stagingDir(library)
    await mkdir(staging, { recursive: true })
    await mkdir(path.join(dir, 'data', 'jobs'), { recursive: true })
    const journal = { job_stopped: 'stopped', job_paused: 'paused', job_done: 'done', job_failed: 'failed' } as const
    // The paused one waits for more room than any disk has, so it stays paused while the test looks.
    const waitsForRoom = { code: 'disk.full', params: { folder: library, freeBytes: 0, needBytes: 2 ** 60 } }
    for (const [id, phase] of Object.entries(journal)) await writeFile(path.join(dir, 'data', 'jobs', `${id}.json`), JSON.stringify(makeJob(id, { phase, reason: waitsForRoom })))
    const parts = ['job_stopped-0.part', 'job_stopped-0.part.json', 'job_paused-1.part', 'job_done-0.part', 'job_failed-0.part.json', 'job_gone-0.part', '.job_paused-1.part.json.999999999.a1b2c3.tmp']
    for (const name of parts) await writeFile(path.join(staging, name), 'x')

    const listing = await startTestCore({ paths: { data: path.join(dir, 'data'), library }, resumeJobs: false })
    await listing.core.dispose()
    expect((await readdir(staging)).sort()).toEqual([...parts].sort())

    const working = await startTestCore({ paths: { data: path.join(dir, 'data'), library } })
    try {
      expect((await readdir(staging)).sort()).toEqual(['job_paused-1.part', 'job_stopped-0.part', 'job_stopped-0.part.json'])
    } finally {
      await working.core.dispose()
    }
  })
})
