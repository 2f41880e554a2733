import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { activePhases, libraryItemIdsOf, type Job } from '../../shared/job'
import { createCore } from '../../electron/core'
import { createMemorySecretStore } from '../../electron/core/secrets/memory-store'
import { createConfSettingsStore } from '../../electron/node/settings-store'
import type { Sandbox } from '../../electron/sandbox'
import { spawnChild, spawnTsx, type TsxChild } from '../support/child'
import { finished, jobWhen } from '../support/engine'
import { reelbox } from '../support/reelbox'
import { startTestSandbox } from '../support/sandbox'
import { useTempDir } from '../support/temp'

/**
 * Engines sharing one journal never work the same job (issue 9 item 2). Ten jobs whose engine
 * was SIGKILLed mid-flight are resumed by two, then three, `reelbox resume` started together,
 * ten times over: every result is downloaded once and lands in the library once. A job whose
 * engine's pid now names another process, whose engine is a zombie, or whose engine was just
 * killed, is finished by the next engine.
 */
let sandbox: Sandbox
/** Tasks that stay pending for seconds: an engine killed while sending them cannot have finished them. */
let slow: Sandbox
let dir: string
const ENGINE = 'tests/core/crash/engine-child.ts'

const folders = (name: string) => ({ data: path.join(dir, name, 'data'), library: path.join(dir, name, 'library') })
const envFor = (name: string, service = sandbox): Record<string, string> => ({ REELBOX_DATA_DIR: folders(name).data, REELBOX_SECRET_STORE: 'session', REELBOX_API_KEY: service.apiKey })
/** The engine tests/core/crash uses: it submits `submit` jobs and narrates each transition. */
const engineEnv = (name: string, submit: number, service = sandbox): Record<string, string> => ({
  REELBOX_CRASH_DATA: folders(name).data,
  REELBOX_CRASH_LIBRARY: folders(name).library,
  REELBOX_CRASH_BASE_URL: service.baseUrl,
  REELBOX_CRASH_KEY: service.apiKey,
  REELBOX_CRASH_SUBMIT: String(submit),
  REELBOX_CRASH_RECEIVED: path.join(dir, `${name}-received.log`),
})
const narration = (line: string): { id?: string; phase?: string } => (line.startsWith('{') ? (JSON.parse(line) as { id?: string; phase?: string }) : {})

/** Resolves once `count` different jobs have been narrated as sent to the service. */
const sent = (engine: TsxChild, count: number): Promise<string> => {
  const ids = new Set<string>()
  return engine.waitForLine((line) => {
    const { id, phase } = narration(line)
    if (id && (phase === 'pending' || phase === 'running')) ids.add(id)
    return ids.size >= count
  })
}

async function journal(name: string): Promise<Job[]> {
  const jobs = path.join(folders(name).data, 'jobs')
  const files = (await readdir(jobs)).filter((file) => file.endsWith('.json'))
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(jobs, file), 'utf8')) as Job))
}

async function videos(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true }).catch(() => [] as string[])
  return entries.filter((name) => name.endsWith('.mp4') && !name.includes('.reelbox'))
}

/** A fresh copy of the ten orphans under `name`. */
async function orphansAt(name: string): Promise<void> {
  await rm(path.join(dir, name), { recursive: true, force: true })
  await cp(path.join(dir, 'orphans', 'data'), folders(name).data, { recursive: true })
}

/**
 * The Sandbox's clock while the orphans are made: stopped, so no task of theirs can finish
 * before their engine is killed however slowly a loaded machine gets there (then every task they
 * sent is over at once).
 */
let stoppedAt: number | undefined = Date.now()

beforeAll(async () => {
  sandbox = await startTestSandbox({ timing: { pendingMs: 400, runningMs: 200, progressSteps: 2 }, now: () => stoppedAt ?? Date.now() })
  slow = await startTestSandbox({ timing: { pendingMs: 3000, runningMs: 200, progressSteps: 2 } })
  dir = await useTempDir('reelbox-together-')
  // Ten jobs, eight sent (the engine's cap) and two still queued, when their engine is killed.
  const maker = spawnTsx(ENGINE, { env: engineEnv('orphans', 10) })
  // All ten journaled (each submit first checks that its results can be placed), eight of them sent.
  let accepted = 0
  await Promise.all([sent(maker, 8), maker.waitForLine((line) => line.includes('"accepted"') && ++accepted === 10)])
  await maker.kill('SIGKILL')
  stoppedAt = undefined
  const orphans = await journal('orphans')
  expect(orphans).toHaveLength(10)
  expect(orphans.filter((job) => !activePhases.has(job.phase))).toEqual([])
})
afterAll(async () => {
  await sandbox.close()
  await slow.close()
})

describe('engines resuming one journal together', () => {
  // Ten rounds, each its own test with its own time limit: a loaded machine took 35 s a round.
  const rounds = Array.from({ length: 10 }, (_, n) => ({ round: n + 1, engines: n < 5 ? 2 : 3 }))
  it.each(rounds)('round $round: $engines `reelbox resume` started together never work the same job', async ({ round, engines }) => {
    const name = `round-${round}`
    await orphansAt(name)
    const queued = (await journal(name)).filter((job) => job.phase === 'queued').length
    const before = sandbox.stats().requests
    const results = await Promise.all(Array.from({ length: engines }, () => reelbox(['resume', '--json', '--library', folders(name).library], envFor(name))))
    for (const result of results) expect(result.code, result.stderr).toBe(0)
    const after = sandbox.stats().requests
    const jobs = await journal(name)
    expect(jobs.map((job) => job.phase)).toEqual(Array(10).fill('done'))
    for (const job of jobs) expect(libraryItemIdsOf(job)).toEqual([`${job.id}-0`])
    // Each queued job sent once, each result fetched once, each in the library once.
    expect({ submits: after.submit - before.submit, downloads: after.result - before.result }).toEqual({ submits: queued, downloads: 10 })
    expect(await videos(folders(name).library)).toHaveLength(10)
  })

  it('`reelbox resume` finishes jobs whose engine’s pid now names another live process (pid 1)', async () => {
    await orphansAt('pid-1')
    const leases = path.join(folders('pid-1').data, 'jobs', 'leases')
    for (const id of await readdir(leases)) {
      for (const record of await readdir(path.join(leases, id))) {
        const file = path.join(leases, id, record)
        await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), pid: 1 }))
      }
    }
    const resumed = await reelbox(['resume', '--json', '--library', folders('pid-1').library], envFor('pid-1'), 30_000)
    expect(resumed.code, resumed.stderr).toBe(0)
    expect((JSON.parse(resumed.stdout) as Job[]).map((job) => job.phase)).toEqual(Array(10).fill('done'))
  })

  it('`reelbox resume` finishes jobs whose engine is a zombie', async () => {
    // The engine runs under a parent that never reaps it (`sleep`), so once killed it stays a zombie.
    const parent = spawnChild('sh', ['-c', `"${process.execPath}" --import tsx ${ENGINE} & echo "engine $!"; exec sleep 600`], engineEnv('zombie', 3, slow))
    const pid = Number((await parent.waitForLine((line) => line.startsWith('engine '))).split(' ')[1])
    await sent(parent, 3)
    process.kill(pid, 'SIGKILL')
    await vi.waitFor(async () => expect((await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.[0]).toBe('Z'))
    const resumed = await reelbox(['resume', '--json', '--library', folders('zombie').library], envFor('zombie', slow), 30_000)
    expect(resumed.code, resumed.stderr).toBe(0)
    expect((JSON.parse(resumed.stdout) as Job[]).map((job) => job.phase)).toEqual(['done', 'done', 'done'])
    await parent.kill('SIGKILL')
  })

  it('an engine following another’s jobs takes them over as soon as that engine is killed', async () => {
    const holder = spawnTsx(ENGINE, { env: engineEnv('killed', 3, slow) })
    await sent(holder, 3)
    const secrets = createMemorySecretStore()
    await secrets.set('service', slow.apiKey)
    const follower = await createCore({
      host: { shell: 'web', version: 'test', runtime: 'node' },
      paths: folders('killed'),
      settings: createConfSettingsStore(folders('killed').data),
      secrets,
      heartbeatMs: 0,
    })
    try {
      const ids = follower.jobs.list().map((job) => job.id)
      expect(follower.jobs.list().filter((job) => !activePhases.has(job.phase))).toEqual([])
      await holder.kill('SIGKILL')
      expect(holder.lines.map(narration).filter((line) => line.phase === 'done')).toEqual([])
      // Its next look at the journal (every 2 s) finds the holder gone.
      const done = await Promise.all(ids.map((id) => jobWhen(follower, id, finished, 15_000)))
      expect(done.map((job) => job.phase)).toEqual(['done', 'done', 'done'])
    } finally {
      await follower.dispose()
    }
  })
})
