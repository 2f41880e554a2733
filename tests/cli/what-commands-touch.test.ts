import { cp, rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { taskIdOf, type Job } from '../../shared/job'
import type { Sandbox } from '../../electron/sandbox'
import { reelbox, spawnReelbox } from '../support/reelbox'
import { startTestSandbox } from '../support/sandbox'
import { useTempDir } from '../support/temp'
import { snapshot } from '../support/tree'

/**
 * Only `submit --wait`, `resume` and the app work jobs (issue 9 items 1 and 2). With a job
 * pending in the journal, one that each of these commands could reach (same data folder, same
 * --base-url, its process gone), every other command sends the service nothing and leaves the
 * journal as it was, byte for byte; `status` asks exactly once and writes nothing at all; and
 * `submit` sends its own job and never touches the one it found.
 */
let sandbox: Sandbox
let dir: string
let env: Record<string, string>
let pending: Job

const requests = (): number => Object.values(sandbox.stats().requests).reduce((sum, n) => sum + n, 0)
const jobsDir = (): string => path.join(dir, 'data', 'jobs')
const service = (): string[] => ['--base-url', sandbox.baseUrl, '--library', path.join(dir, 'library')]

beforeAll(async () => {
  sandbox = await startTestSandbox()
  dir = await useTempDir('reelbox-read-only-')
  env = { REELBOX_DATA_DIR: path.join(dir, 'data'), REELBOX_SECRET_STORE: 'session', REELBOX_API_KEY: sandbox.apiKey }
  const submitted = await reelbox(['submit', ...service(), '--model', 'lumen-1', '--prompt', 'left pending', '--json'], env)
  expect(submitted.code, submitted.stderr).toBe(0)
  pending = (JSON.parse(submitted.stdout) as { jobs: Job[] }).jobs[0]!
  expect(pending).toMatchObject({ phase: 'pending', taskId: expect.stringMatching(/^video_/) })
  await cp(path.join(dir, 'data'), path.join(dir, 'pending'), { recursive: true, preserveTimestamps: true })
})
afterAll(() => sandbox.close())
// Every command meets the same journal: the job pending, its submitting process gone.
beforeEach(async () => {
  await rm(path.join(dir, 'data'), { recursive: true, force: true })
  await cp(path.join(dir, 'pending'), path.join(dir, 'data'), { recursive: true, preserveTimestamps: true })
})

/** The pending job's own files in the journal: its entry and its lease. */
async function snapshotOf(id: string): Promise<Record<string, string>> {
  return Object.fromEntries(Object.entries(await snapshot(jobsDir())).filter(([name]) => name.includes(id)))
}

/** Runs `work` and says what it cost: requests the service saw, and whether `dirs` changed. */
async function measure(dirs: string[], work: () => Promise<unknown>): Promise<{ requests: number; unchanged: boolean[] }> {
  const before = await Promise.all(dirs.map(snapshot))
  const sent = requests()
  await work()
  const after = await Promise.all(dirs.map(snapshot))
  return { requests: requests() - sent, unchanged: after.map((snap, i) => JSON.stringify(snap) === JSON.stringify(before[i])) }
}

describe('commands that only read', () => {
  it.each([
    ['models', () => ['models']],
    ['models --json', () => ['models', '--json']],
    ['jobs', () => ['jobs', ...service()]],
    ['library ls', () => ['library', 'ls', ...service()]],
    ['library show (an id that is not there)', () => ['library', 'show', 'nothing-here', ...service()]],
    ['spend', () => ['spend', '--json', ...service()]],
    ['budget (shown, not set)', () => ['budget', ...service()]],
  ])('%s sends no request and writes nothing to the journal', async (_name, args) => {
    const cost = await measure([jobsDir()], async () => {
      const result = await reelbox(args(), env)
      expect(result.code, result.stderr).toBe(args()[1] === 'show' ? 6 : 0)
    })
    expect(cost).toEqual({ requests: 0, unchanged: [true] })
  })

  it('jobs lists the pending job as the journal has it', async () => {
    const listed = JSON.parse((await reelbox(['jobs', '--json', ...service()], env)).stdout) as Job[]
    expect(listed).toEqual([expect.objectContaining({ id: pending.id, phase: 'pending', updatedAt: pending.updatedAt })])
  })

  it('sandbox runs its own Sandbox and touches neither the service nor the journal', async () => {
    const cost = await measure([jobsDir()], async () => {
      const running = spawnReelbox(['sandbox', '--port', '0'], env)
      await running.waitForLine((line) => line.startsWith('Try: '))
      expect(await running.kill('SIGTERM')).toEqual({ code: 0, signal: null })
    })
    expect(cost).toEqual({ requests: 0, unchanged: [true] })
  })

  it('status asks the service exactly once and writes nothing anywhere', async () => {
    const queries = sandbox.stats().requests.query
    const cost = await measure([path.join(dir, 'data'), path.join(dir, 'library')], async () => {
      const result = await reelbox(['status', taskIdOf(pending)!, ...service()], env)
      expect(result.code, result.stderr).toBe(0)
      expect(result.stdout).toContain(taskIdOf(pending)!)
    })
    expect(cost).toEqual({ requests: 1, unchanged: [true, true] })
    expect(sandbox.stats().requests.query).toBe(queries + 1)
  })

  it('submit sends its own job, returns once the service has it, and leaves the other job alone', async () => {
    const before = sandbox.stats().requests
    const orphan = await snapshotOf(pending.id)
    const submitted = await reelbox(['submit', ...service(), '--model', 'lumen-1', '--prompt', 'mine', '--json'], env)
    expect(submitted.code, submitted.stderr).toBe(0)
    expect((JSON.parse(submitted.stdout) as { jobs: Job[] }).jobs).toEqual([expect.objectContaining({ phase: 'pending', draft: expect.objectContaining({ prompt: 'mine' }) })])
    expect(sandbox.stats().requests).toMatchObject({ submit: before.submit + 1, query: before.query, result: before.result })
    expect(await snapshotOf(pending.id)).toEqual(orphan)
  })

  it('submit --wait works its own job to the end and only that one', async () => {
    const before = sandbox.stats().requests
    const orphan = await snapshotOf(pending.id)
    const submitted = await reelbox(['submit', ...service(), '--model', 'lumen-1', '--prompt', 'mine, to the end', '--wait', '--json'], env)
    expect(submitted.code, submitted.stderr).toBe(0)
    const out = JSON.parse(submitted.stdout) as { jobs: Job[]; items: unknown[] }
    expect(out.jobs).toEqual([expect.objectContaining({ phase: 'done' })])
    expect(out.items).toHaveLength(1)
    expect(sandbox.stats().requests).toMatchObject({ submit: before.submit + 1, result: before.result + 1 })
    expect(await snapshotOf(pending.id)).toEqual(orphan)
  })

  it('the job they left alone was there to work: resume with its --base-url finishes it', async () => {
    const resumed = await reelbox(['resume', '--json', ...service()], env)
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(JSON.parse(resumed.stdout)).toEqual([expect.objectContaining({ id: pending.id, phase: 'done', libraryItemIds: [`${pending.id}-0`] })])
  })
})
