/**
 * Memory stays bounded whatever the service answers (issue 10 items 3 and 4): a real engine
 * process does one job against the hostile service, and its peak RSS (VmHWM, the kernel's
 * high-water mark) is compared with the same engine doing an ordinary job. Before issue 10 a
 * 50 MB nested answer took the engine to 2.75 GB, and an endless answer was buffered up to 1 GB.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stagingDir } from '../../../electron/core/library/naming'
import { makeMp4 } from '../library/support/mp4'
import { spawnTsx } from '../../support/child'
import { startHostileService, type AnswerMode, type HostileService, type ResultMode } from '../../support/hostile-service'
import { useTempDir } from '../../support/temp'

/** What hostile answers may add to the engine's peak memory over an ordinary job. */
const MAX_EXTRA_RSS_MB = 64
const RESULT_LIMIT_MB = 8

let service: HostileService
beforeAll(async () => {
  service = await startHostileService(await makeMp4({ frames: 12 }))
})
afterAll(() => service.close())

interface Run {
  phase: string
  error?: string
  peakMB: number
  library: string
}

async function runEngine(answers: AnswerMode, result: ResultMode): Promise<Run> {
  service.answers = answers
  service.result = result
  const dir = await useTempDir('reelbox-memory-')
  const library = path.join(dir, 'library')
  const child = spawnTsx('tests/core/jobs/support/hostile-child.ts', {
    env: {
      REELBOX_HOSTILE_DATA: path.join(dir, 'data'),
      REELBOX_HOSTILE_LIBRARY: library,
      REELBOX_HOSTILE_BASE_URL: service.baseUrl,
      REELBOX_HOSTILE_RESULT_MB: String(RESULT_LIMIT_MB),
    },
  })
  try {
    const line = JSON.parse(await child.waitForLine((l) => l.startsWith('{"phase"'), 60_000)) as { phase: string; error?: string }
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8')
    const peakKB = Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1])
    return { ...line, peakMB: peakKB / 1024, library }
  } finally {
    await child.kill('SIGKILL')
  }
}

describe.runIf(process.platform === 'linux')('the engine’s memory against a hostile service', () => {
  let ordinary: Run
  beforeAll(async () => {
    ordinary = await runEngine('normal', 'video')
    expect(ordinary.phase).toBe('done')
  }, 90_000)

  it(`a 50 MB nested answer costs under ${MAX_EXTRA_RSS_MB} MB more than an ordinary job`, async () => {
    const run = await runEngine('deep-json', 'video')
    expect(run.peakMB - ordinary.peakMB).toBeLessThan(MAX_EXTRA_RSS_MB)
    // The submit's answer is refused: the service may have the job, and the designer is told.
    expect(run.phase).toBe('unknown')
    expect(run.error).toMatch(/larger than 4\.0 MB/)
  }, 90_000)

  it(`an endless answer costs under ${MAX_EXTRA_RSS_MB} MB more`, async () => {
    const run = await runEngine('endless-json', 'video')
    expect(run.peakMB - ordinary.peakMB).toBeLessThan(MAX_EXTRA_RSS_MB)
    expect(run.phase).toBe('unknown')
  }, 90_000)

  it(`an endless result body stops at the ${RESULT_LIMIT_MB} MB limit, in memory and on disk`, async () => {
    const run = await runEngine('normal', 'endless')
    expect(run.peakMB - ordinary.peakMB).toBeLessThan(MAX_EXTRA_RSS_MB)
    expect(run.phase).toBe('failed')
    expect(run.error).toMatch(new RegExp(`larger than the ${RESULT_LIMIT_MB}\\.0 MB limit per result`))
    expect(await readdir(stagingDir(run.library))).toEqual([])
  }, 90_000)
})
