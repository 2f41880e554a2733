import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCore } from '../../../electron/core'
import { createConfSettingsStore } from '../../../electron/node/settings-store'
import type { Sandbox } from '../../../electron/sandbox'
import type { CostSummary } from '../../../shared/contract/cost'
import { spawnTsx, type TsxChild } from '../../support/child'
import { startTestSandbox } from '../../support/sandbox'
import { useTempDir } from '../../support/temp'

/**
 * The ledger after SIGKILLs (issue 26): real engine processes killed while jobs are sent, polled,
 * downloaded and cleared from the journal, then one more opened on the same folders. Every job
 * the service took is in the ledger once, at the price it was sent at.
 */
let sandbox: Sandbox
let dir: string
beforeAll(async () => {
  sandbox = await startTestSandbox({ timing: { pendingMs: 100, runningMs: 200, progressSteps: 2 }, render: { longSide: 320, fps: 12 } })
  dir = await useTempDir('reelbox-ledger-')
})
afterAll(() => sandbox.close())

function live(env: { submit?: number; clear?: boolean }): TsxChild {
  return spawnTsx('tests/core/cost/ledger-child.ts', {
    env: {
      LEDGER_DATA: path.join(dir, 'data'),
      LEDGER_LIBRARY: path.join(dir, 'library'),
      LEDGER_BASE_URL: sandbox.baseUrl,
      LEDGER_KEY: sandbox.apiKey,
      LEDGER_SUBMIT: String(env.submit ?? 0),
      LEDGER_CLEAR: env.clear ? '1' : '0',
    },
  })
}

const said = (life: TsxChild, key: string, value?: string) => life.waitForLine((line) => line.includes(`"${key}"`) && (value === undefined || line.includes(`"${value}"`)), 60_000)

async function ledger(): Promise<CostSummary> {
  const data = path.join(dir, 'data')
  const core = await createCore({ host: { shell: 'cli', version: 'ledger-test', runtime: 'node' }, paths: { data, library: path.join(dir, 'library') }, settings: createConfSettingsStore(data), heartbeatMs: 0, resumeJobs: false })
  try {
    await core.jobs.start({ resume: false })
    return (await core.call('cost.ledger', {})) as CostSummary
  } finally {
    await core.dispose()
  }
}

describe('the ledger after SIGKILL and restart', () => {
  it('counts every job the service took exactly once, through kills while sending, downloading and clearing', async () => {
    // Killed while the first jobs are being sent.
    const first = live({ submit: 3 })
    await said(first, 'phase', 'submitting')
    await first.kill('SIGKILL')
    // Resumes them, adds three more, killed while one downloads.
    const second = live({ submit: 3 })
    await said(second, 'phase', 'downloading')
    await second.kill('SIGKILL')
    // Finishes everything, then clears the finished jobs from the journal: killed at the first removal.
    const third = live({ clear: true })
    await said(third, 'removed')
    await third.kill('SIGKILL')

    const taken = sandbox.stats().tasksCreated
    expect(taken).toBeGreaterThanOrEqual(4) // the first life's jobs may not all have been sent before it died
    const after = await ledger()
    // Lumen 1 Fast: an example price of $0.40 a video.
    expect(after.totals).toEqual([expect.objectContaining({ currency: 'USD', jobs: taken, total: taken * 40 })])
    expect(after.byModel).toEqual([expect.objectContaining({ modelId: 'lumen-1-fast', jobs: taken, money: { currency: 'USD', minor: taken * 40 } })])

    // A last life clears the rest: the ledger still has each job once.
    const last = live({ clear: true })
    await said(last, 'cleared')
    await last.kill('SIGTERM')
    const cleared = await ledger()
    expect(cleared.totals).toEqual(after.totals)
    expect(cleared.byConnection).toEqual([expect.objectContaining({ profileId: 'service', jobs: taken, sandbox: false })])
  }, 180_000)
})
