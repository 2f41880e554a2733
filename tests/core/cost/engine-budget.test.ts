import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CompareResult } from '../../../shared/contract/jobs'
import type { CostSummary } from '../../../shared/contract/cost'
import { AppError } from '../../../shared/errors'
import type { Job } from '../../../shared/job'
import { jobWhen, startTestEngine, type TestEngine } from '../../support/engine'

/**
 * The engine's budget check (issue 26 item 4), before anything is queued, for every way a
 * submission starts: variations, Compare on…, Retry; and two submissions at once cannot both
 * fit the last of a budget. A real engine and the stand-in service over loopback, connected as
 * an ordinary service so the example prices apply (Lumen 1 Fast $0.40, Atlas Lite $0.30).
 */
let engine: TestEngine
const draft = { modelId: 'lumen-1-fast', mode: 't2v' as const, prompt: 'a paper boat on a rainy street' }
const submits = (): number => engine.sandbox.stats().requests.submit
const refusal = (error: unknown) => AppError.from(error).problem

beforeAll(async () => {
  engine = await startTestEngine({ sandbox: { timing: { pendingMs: 50, runningMs: 100, progressSteps: 2 } } })
  const { core, sandbox } = engine
  await core.call('profiles.save', { id: 'studio', name: 'Studio', baseUrl: sandbox.baseUrl })
  await core.call('profiles.activate', { id: 'studio' })
  await core.call('secrets.setApiKey', { profileId: 'studio', apiKey: sandbox.apiKey })
  await core.call('settings.update', { budgets: { studio: { currency: 'USD', daily: 2 } } })
})
afterAll(() => engine?.dispose())

describe('a budget in the engine', () => {
  it('refuses Compare on… past it, whole, and queues nothing', async () => {
    const before = engine.core.jobs.list().length
    // 3 × ($0.40 + $0.30) = $2.10 > $2.00.
    const refused = await engine.core.call('jobs.compare', { draft, modelIds: ['lumen-1-fast', 'atlas-lite'], variations: 3 }).catch((error: unknown) => error)
    expect(refusal(refused)).toEqual({ code: 'budget.over', params: { connection: 'Studio', period: 'day', spent: 0, estimate: 210, budget: 200, currency: 'USD' } })
    expect(engine.core.jobs.list().length).toBe(before)
    expect(submits()).toBe(0)
    const fits = (await engine.core.call('jobs.compare', { draft, modelIds: ['lumen-1-fast', 'atlas-lite'], variations: 2 })) as CompareResult
    expect(fits.jobs.map((job) => job.cost?.minor)).toEqual([40, 40, 30, 30])
  })

  it('counts what is waiting to be sent: of two submissions at once, only one fits the last of the budget', async () => {
    // $1.40 spent or waiting; $0.60 left: two submissions of $0.40 each, at the same moment.
    const both = await Promise.allSettled([engine.core.call('jobs.submit', { draft }), engine.core.call('jobs.submit', { draft })])
    expect(both.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
    const rejected = both.find((result) => result.status === 'rejected')!
    expect(refusal(rejected.reason)).toMatchObject({ code: 'budget.over', params: { spent: 180, estimate: 40, budget: 200 } })
  })

  it('refuses Retry past it; the ledger says what was spent, by model', async () => {
    const jobs = engine.core.jobs.list() as Job[]
    for (const job of jobs) await jobWhen(engine.core, job.id, (j) => j.phase === 'done')
    const retried = await engine.core.call('jobs.retry', { id: jobs.find((job) => job.model.id === 'lumen-1-fast')!.id }).catch((error: unknown) => error)
    expect(refusal(retried)).toMatchObject({ code: 'budget.over', params: { spent: 180, estimate: 40, budget: 200 } })
    const ledger = (await engine.core.call('cost.ledger', {})) as CostSummary
    expect(ledger.totals).toEqual([{ currency: 'USD', total: 180, today: 180, month: 180, jobs: 5 }])
    expect(ledger.byModel.map((row) => [row.modelId, row.jobs, row.money?.minor]).sort()).toEqual([
      ['atlas-lite', 2, 60],
      ['lumen-1-fast', 3, 120],
    ])
    expect(ledger.budgets).toEqual([{ profileId: 'studio', currency: 'USD', day: { committed: 180, budget: 200 }, month: { committed: 180, budget: null }, allowUnknownPrices: false, mixed: [] }])
    expect(submits()).toBe(5)
  })
})
