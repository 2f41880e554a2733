import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Job } from '../../shared/job'
import type { Sandbox } from '../../electron/sandbox'
import { probeMp4File } from '../support/mp4'
import { reelbox as run, type ReelboxResult } from '../support/reelbox'
import { startTestSandbox } from '../support/sandbox'
import { useTempDir } from '../support/temp'

/**
 * `reelbox submit --model A --model B …` (issue 17 item 6): a real process, real folders, the
 * Sandbox over loopback. One prompt on three families becomes one batch; a model that refuses
 * sends nothing.
 */
let sandbox: Sandbox
let dir: string

const reelbox = (args: string[]): Promise<ReelboxResult> =>
  run(args, { REELBOX_DATA_DIR: path.join(dir, 'data'), REELBOX_SECRET_STORE: 'session', REELBOX_API_KEY: sandbox.apiKey })
const common = (): string[] => ['--base-url', sandbox.baseUrl, '--library', path.join(dir, 'library')]

beforeAll(async () => {
  sandbox = await startTestSandbox({ timing: { pendingMs: 50, runningMs: 100, progressSteps: 2 } })
  dir = await useTempDir('reelbox-cli-compare-')
})
afterAll(() => sandbox.close())

describe('reelbox submit on several models', () => {
  it('--model three times fans out: --json reports one batch with its jobs and their videos', async () => {
    const result = await reelbox(['submit', ...common(), '--model', 'lumen-1', '--model', 'kestrel-v2.6', '--model', 'atlas-lite', '--prompt', 'a paper boat on a rainy street', '--duration', '10', '--wait', '--json'])
    expect(result.code, result.stderr).toBe(0)
    const out = JSON.parse(result.stdout) as { batch: { id: string; setAside: unknown[] }; jobs: Job[]; items: Array<{ modelId: string; path: string }> }
    expect(out.batch.setAside).toEqual([{ modelId: 'atlas-lite', fields: ['duration'] }])
    expect(out.jobs.map((job) => [job.model.id, job.phase, job.batchId])).toEqual([
      ['lumen-1', 'done', out.batch.id],
      ['kestrel-v2.6', 'done', out.batch.id],
      ['atlas-lite', 'done', out.batch.id],
    ])
    expect(out.items.map((item) => item.modelId)).toEqual(['lumen-1', 'kestrel-v2.6', 'atlas-lite'])
    expect((await probeMp4File(out.items[2]!.path)).seconds).toBeCloseTo(5, 0)
    expect((await probeMp4File(out.items[0]!.path)).seconds).toBeCloseTo(10, 0)
  })

  it('sends nothing when one model refuses (exit 2, the refusal names the model)', async () => {
    const before = sandbox.stats().requests.submit
    const result = await reelbox(['submit', ...common(), '--model', 'lumen-1', '--model', 'kestrel-v2.1', '--prompt', 'x'.repeat(1000)])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/prompt: .*Kestrel 2\.1 takes at most 800/)
    expect(sandbox.stats().requests.submit).toBe(before)
  })
})
