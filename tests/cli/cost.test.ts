import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../electron/sandbox'
import { reelbox as run, runsMs, type ReelboxResult } from '../support/reelbox'
import { startTestSandbox } from '../support/sandbox'
import { useTempDir } from '../support/temp'

/**
 * Cost on the command line (issue 26 item 5): real `reelbox` processes against a stand-in
 * service that counts requests, through an ordinary connection (--base-url), so the built-in
 * catalogue's example prices apply (Lumen 1 Fast $0.40 a video, Atlas Lite $0.30). A refused
 * estimate or budget sends nothing.
 */
let sandbox: Sandbox
let dir: string

beforeAll(async () => {
  sandbox = await startTestSandbox({ timing: { pendingMs: 50, runningMs: 100, progressSteps: 2 } })
  dir = await useTempDir('reelbox-cli-cost-')
})
afterAll(() => sandbox.close())

/** Each test its own data folder, so what was spent is what it made. */
const machine = (name: string) => {
  const env = { REELBOX_DATA_DIR: path.join(dir, name), REELBOX_SECRET_STORE: 'session', REELBOX_API_KEY: sandbox.apiKey }
  return (args: string[]): Promise<ReelboxResult> => run([...args, '--base-url', sandbox.baseUrl, '--library', path.join(dir, `${name}-library`)], env)
}
const submits = (): number => sandbox.stats().requests.submit
const submit = (model: string[], extra: string[] = []) => ['submit', ...model.flatMap((m) => ['--model', m]), '--prompt', 'a paper boat on a rainy street', ...extra]

describe('reelbox submit estimates', () => {
  it('--json gives the whole submission’s estimate: every variation on every model', async () => {
    const reelbox = machine('estimate')
    const result = await reelbox(submit(['lumen-1-fast', 'atlas-lite'], ['--variations', '2', '--json']))
    expect(result.code, result.stderr).toBe(0)
    const out = JSON.parse(result.stdout) as { estimate: unknown; jobs: Array<{ cost?: unknown }> }
    expect(out.estimate).toEqual({ amount: 1.4, currency: 'USD' })
    // Each job keeps what it cost at the price it was sent at (minor units inside).
    expect(out.jobs.map((job) => job.cost)).toEqual([
      { minor: 40, currency: 'USD', example: true },
      { minor: 40, currency: 'USD', example: true },
      { minor: 30, currency: 'USD', example: true },
      { minor: 30, currency: 'USD', example: true },
    ])
  }, runsMs(1))

  it('estimate: null when a model has no price; --max-cost then refuses it and sends nothing', async () => {
    const reelbox = machine('unknown')
    const catalog = JSON.parse(await readFile('electron/core/catalog/default-catalog.json', 'utf8')) as { models: Array<{ id: string; price?: unknown }> }
    delete catalog.models.find((model) => model.id === 'atlas-lite')!.price
    const file = path.join(dir, 'unpriced-catalog.json')
    await writeFile(file, JSON.stringify(catalog))
    const known = await reelbox(submit(['atlas-lite'], ['--catalog', file, '--json']))
    expect(known.code, known.stderr).toBe(0)
    expect((JSON.parse(known.stdout) as { estimate: unknown }).estimate).toBeNull()

    const before = submits()
    const refused = await reelbox(submit(['lumen-1-fast', 'atlas-lite'], ['--catalog', file, '--max-cost', '100']))
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/estimate is unknown \(atlas-lite has no price\), above --max-cost \$100\.00; nothing was sent/)
    expect(submits()).toBe(before)
  }, runsMs(2))

  it('--max-cost: above the limit is refused naming both, nothing sent; exactly at it goes', async () => {
    const reelbox = machine('max-cost')
    const before = submits()
    const refused = await reelbox(submit(['lumen-1-fast'], ['--variations', '4', '--max-cost', '1.59']))
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('the estimate $1.60 is above --max-cost $1.59; nothing was sent')
    expect(submits()).toBe(before)
    const bad = await reelbox(submit(['lumen-1-fast'], ['--max-cost', 'lots']))
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--max-cost must be an amount above 0 such as 2.50, got "lots"')
    const at = await reelbox(submit(['lumen-1-fast'], ['--variations', '4', '--max-cost', '1.60']))
    expect(at.code, at.stderr).toBe(0)
    expect(submits()).toBe(before + 4)
  }, runsMs(3))
})

describe('reelbox budget and spend', () => {
  it('a budget refuses the submission that would pass it, in words giving spent, estimate and budget; exactly at it goes', async () => {
    const reelbox = machine('budget')
    const set = await reelbox(['budget', '--daily', '1.20', '--json'])
    expect(set.code, set.stderr).toBe(0)
    expect(JSON.parse(set.stdout)).toEqual({ connection: 'cli', currency: 'USD', daily: 1.2, monthly: null, allowUnknownPrices: false, spent: { today: 0, month: 0 } })

    expect((await reelbox(submit(['lumen-1-fast'], ['--variations', '2']))).code).toBe(0) // $0.80
    expect((await reelbox(submit(['lumen-1-fast']))).code).toBe(0) // $1.20: exactly the budget

    const before = submits()
    const refused = await reelbox(submit(['atlas-lite']))
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('this would take “Command line” past its daily budget: $1.20 spent today, this submission ≈ $0.30, budget $1.20; nothing was sent (raise it with `reelbox budget --daily AMOUNT`)')
    expect(submits()).toBe(before)

    const shown = await reelbox(['budget', '--json'])
    expect(JSON.parse(shown.stdout)).toMatchObject({ daily: 1.2, spent: { today: 1.2, month: 1.2 } })
    const words = await reelbox(['budget'])
    expect(words.stdout).toContain('daily    $1.20 ($1.20 spent or waiting today)')

    // Raised (or cleared), the same submission goes.
    expect((await reelbox(['budget', '--clear'])).code).toBe(0)
    expect(JSON.parse((await reelbox(['budget', '--json'])).stdout)).toMatchObject({ daily: null, monthly: null })
    expect((await reelbox(submit(['atlas-lite']))).code).toBe(0)
    expect(submits()).toBe(before + 1)

    const spent = await reelbox(['spend', '--json'])
    expect(spent.code, spent.stderr).toBe(0)
    expect(JSON.parse(spent.stdout)).toEqual({ currency: 'USD', total: 1.5, today: 1.5, month: 1.5, jobs: 4 })
  }, runsMs(10))

  it('spend --since counts from that day; a bad date or amount is a usage error naming the flag', async () => {
    const reelbox = machine('budget')
    const tomorrow = new Date(Date.now() + 86_400_000)
    const date = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`
    const since = await reelbox(['spend', '--since', date, '--json'])
    expect(JSON.parse(since.stdout)).toEqual({ currency: 'USD', total: 0, today: 1.5, month: expect.any(Number), jobs: 0 })
    const words = await reelbox(['spend'])
    expect(words.stdout).toContain('All told: $1.50 for 4 jobs')
    expect(words.stdout).toMatch(/Lumen 1 Fast\s+\$1\.20 {2}3 jobs/)
    const bad = await reelbox(['spend', '--since', '2026-02-30'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--since must be a date as YYYY-MM-DD, got "2026-02-30"')
    const negative = await reelbox(['budget', '--monthly', '-5'])
    expect(negative.code).toBe(2)
  }, runsMs(4))
})
