import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type Sandbox, SANDBOX_TOOL, type SandboxOptions } from '../../electron/sandbox'
import { spawnTsx } from '../support/child'
import { type Mp4Probe, probeMp4 } from '../support/mp4'
import { useTempDir } from '../support/temp'
import { type Answer, dataUrl, type Endpoint, png, pollToEnd, query, rawGet, startTestSandbox, submit } from './support'
import { say } from '../../shared/locales'

const newStateDir = (): Promise<string> => useTempDir('reelbox-sandbox-state-')

/** A hand-moved clock: tasks go on "by the wall clock" across restarts, without waiting for it. */
let clock = Date.now()

function startIn(stateDir: string, options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
  return startTestSandbox({ stateDir, timing: { pendingMs: 1500, runningMs: 4000 }, now: () => clock, ...options })
}

function logged(): { lines: string[]; logger: NonNullable<SandboxOptions['logger']> } {
  const lines: string[] = []
  return { lines, logger: { info: (code, params) => lines.push(`info ${say('en', `log.${code}`, params)}`), warn: (code, params) => lines.push(`warn ${say('en', `log.${code}`, params)}`) } }
}

const taskIdOf = (answer: Answer): string => String(answer.json.data?.task_id)
const statusOf = async (sandbox: Endpoint, taskId: string): Promise<string> => String((await query(sandbox, taskId)).json.data?.task_status)

async function finishedVideo(sandbox: Endpoint, taskId: string): Promise<Mp4Probe> {
  const { last } = await pollToEnd(() => query(sandbox, taskId))
  expect(last.json.data, JSON.stringify(last.json)).toMatchObject({ task_status: 'succeeded' })
  const video = await rawGet((last.json.data?.urls as string[])[0]!)
  expect(video.status).toBe(200)
  return probeMp4(video.body)
}

async function savedTaskIds(stateDir: string): Promise<string[]> {
  const state = JSON.parse(await readFile(path.join(stateDir, 'state.json'), 'utf8')) as { tasks: Array<{ taskId: string }> }
  return state.tasks.map((task) => task.taskId)
}

describe('Sandbox with a state folder: a restart of its host', () => {
  it('comes back with the same key, port and tasks, which go on by the clock and finish', async () => {
    const stateDir = await newStateDir()
    const start = (clock = Date.now())
    const first = await startIn(stateDir)
    const portrait = await png(180, 320, '#2040d0')
    const t2v = await submit(first, { model: 'alpha-1', _action: 't2v', prompt: 'a kite over the dunes', duration: 2 })
    const i2vBody = { model: 'alpha-1', _action: 'i2v', image: dataUrl(portrait), prompt: 'slow push in' }
    const i2v = await submit(first, i2vBody, { 'Idempotency-Key': 'restart-1' })
    const instant = await submit(first, { model: 'beta-fast', _action: 't2v', prompt: 'signed before the restart' })
    const signedBefore = (instant.json.data?.urls as string[])[0]!
    clock = start + 1000
    expect(await statusOf(first, taskIdOf(t2v))).toBe('pending')
    await first.close()
    // Lose the two renders, as if the host died before they were written: they must be redone
    // from what the state folder kept (the i2v's picture included).
    for (const task of first.tasks().filter((t) => t.model === 'alpha-1')) await rm(task.file!)

    const second = await startIn(stateDir)
    try {
      expect(second.apiKey).toBe(first.apiKey)
      expect(second.port).toBe(first.port)
      expect(second.tasks().map((t) => t.taskId).sort()).toEqual(first.tasks().map((t) => t.taskId).sort())
      expect(await statusOf(second, taskIdOf(t2v))).toBe('pending')
      clock = start + 3000 // 1.5 s into its 4 s of running
      const running = await query(second, taskIdOf(t2v))
      expect(running.json.data).toMatchObject({ task_status: 'running', urls: [] })
      // 1.5 s of 4 s in 10 steps: from its own createdAt, not from the restart.
      expect(running.json.data?.progress).toBe(30)

      const before = await rawGet(signedBefore)
      expect(before.status).toBe(200)
      expect(probeMp4(before.body).tool).toBe(SANDBOX_TOOL)

      const replay = await submit(second, i2vBody, { 'Idempotency-Key': 'restart-1' })
      expect(replay.json).toEqual(i2v.json)
      expect((await submit(second, { ...i2vBody, prompt: 'another' }, { 'Idempotency-Key': 'restart-1' })).status).toBe(409)

      clock = start + 5500
      const text = await finishedVideo(second, taskIdOf(t2v))
      expect(text.seconds).toBeCloseTo(2, 1)
      const picture = await finishedVideo(second, taskIdOf(i2v))
      // Portrait, like the saved input: the picture came back, not a neutral 16:9 frame.
      expect(picture.width / picture.height).toBeCloseTo(9 / 16, 1)
      expect(second.stats().renders).toBe(2)
    } finally {
      await second.close()
    }
    expect((await readdir(path.join(stateDir, 'results'))).filter((f) => f.endsWith('.mp4'))).toHaveLength(3)
  })

  it('fails a task that cannot be rendered again, saying why', async () => {
    const stateDir = await newStateDir()
    const start = (clock = Date.now())
    const first = await startIn(stateDir)
    const answer = await submit(first, { model: 'alpha-1', _action: 'i2v', image: dataUrl(await png(320, 180)) })
    await first.close()
    for (const sub of ['results', 'inputs']) await rm(path.join(stateDir, sub), { recursive: true })

    const second = await startIn(stateDir)
    try {
      clock = start + 6000
      const { last } = await pollToEnd(() => query(second, taskIdOf(answer)))
      expect(last.json.data?.task_status).toBe('failed')
      expect(String(last.json.data?.reason)).toMatch(/restarted before this video was rendered, and its input image is gone/)
    } finally {
      await second.close()
    }
  })

  it('falls back to a free port when its old one is taken', async () => {
    const stateDir = await newStateDir()
    clock = Date.now()
    const first = await startIn(stateDir)
    const answer = await submit(first, { model: 'beta-fast', _action: 't2v', prompt: 'moved' })
    await first.close()
    const squatter = createServer()
    await new Promise<void>((resolve) => squatter.listen(first.port, '127.0.0.1', resolve))
    const { lines, logger } = logged()
    const second = await startIn(stateDir, { logger })
    try {
      expect(second.port).not.toBe(first.port)
      expect(lines.join('\n')).toMatch(new RegExp(`warn .*port ${first.port} .*taken`))
      const again = await query(second, taskIdOf(answer))
      expect(again.json.data?.task_status).toBe('succeeded')
      expect((again.json.data?.urls as string[])[0]).toContain(second.baseUrl)
    } finally {
      await second.close()
      await new Promise((resolve) => squatter.close(resolve))
    }
  })

  it('answers a burst of submits only once each is on disk, in far fewer writes than submits', async () => {
    const stateDir = await newStateDir()
    clock = Date.now()
    const sandbox = await startIn(stateDir)
    try {
      const writesBefore = sandbox.stats().stateWrites
      const count = 200
      const answers = await Promise.all(Array.from({ length: count }, () => submit(sandbox, { model: 'alpha-1', _action: 't2v', prompt: 'one of many', duration: 2 })))
      expect(answers.every((a) => a.status === 200)).toBe(true)
      expect(await savedTaskIds(stateDir)).toEqual(expect.arrayContaining(answers.map(taskIdOf)))
      expect(sandbox.stats().stateWrites - writesBefore).toBeLessThan(count / 2)
    } finally {
      await sandbox.close()
    }
  })
})

describe('Sandbox state folder: what it keeps and what it drops', () => {
  it.each([
    ['not JSON', '{"version": 1, "tasks": ['],
    ['another version', JSON.stringify({ version: 99, tasks: [] })],
    ['the wrong shape', JSON.stringify({ version: 1, savedAt: 0, urlSecret: 'short', results: {}, tasks: [] })],
  ])('starts fresh, with a warning, from a state file that is %s', async (_what, text) => {
    const stateDir = await newStateDir()
    await writeFile(path.join(stateDir, 'state.json'), text)
    const { lines, logger } = logged()
    const sandbox = await startIn(stateDir, { logger })
    try {
      expect(lines.filter((line) => line.startsWith('warn')).join('\n')).toMatch(/state\.json is not usable .*starting fresh/)
      expect(sandbox.tasks()).toEqual([])
      expect((await submit(sandbox, { model: 'beta-fast', _action: 't2v', prompt: 'fresh' })).status).toBe(200)
      expect(await readFile(path.join(stateDir, 'state.json.corrupt'), 'utf8')).toBe(text)
      expect(await savedTaskIds(stateDir)).toHaveLength(1)
    } finally {
      await sandbox.close()
    }
  })

  it('drops tasks older than the retention, with their results and inputs', async () => {
    const stateDir = await newStateDir()
    const day = 24 * 3_600_000
    const start = (clock = Date.now())
    const first = await startIn(stateDir)
    const old = await submit(first, { model: 'alpha-1', _action: 'i2v', image: dataUrl(await png(320, 180, '#aa0000')) })
    clock = start + 6 * day
    const recent = await submit(first, { model: 'alpha-1', _action: 't2v', prompt: 'still wanted', duration: 2 })
    await first.close()
    const oldFile = first.tasks().find((t) => t.taskId === taskIdOf(old))!.file!

    clock = start + 8 * day
    const second = await startIn(stateDir)
    try {
      expect(second.tasks().map((t) => t.taskId)).toEqual([taskIdOf(recent)])
      expect((await query(second, taskIdOf(old))).status).toBe(404)
      expect(await readdir(path.join(stateDir, 'results'))).toEqual([path.basename(second.tasks()[0]!.file!)])
      expect(path.basename(oldFile)).not.toBe(path.basename(second.tasks()[0]!.file!))
      expect(await readdir(path.join(stateDir, 'inputs'))).toEqual([])
    } finally {
      await second.close()
    }
  })

  it('never writes a key it was given; a key it made itself comes back', async () => {
    const canary = 'sk-sandbox-CANARY-41c7e2'
    const stateDir = await newStateDir()
    clock = Date.now()
    const given = await startIn(stateDir, { apiKey: canary })
    await submit(given, { model: 'beta-fast', _action: 't2v', prompt: 'keyed' })
    await given.close()
    const files = await readdir(stateDir, { recursive: true, withFileTypes: true })
    for (const file of files.filter((f) => f.isFile())) expect(await readFile(path.join(file.parentPath, file.name), 'latin1')).not.toContain('CANARY')

    const made = await startIn(stateDir)
    await made.close()
    expect(made.apiKey).not.toBe(canary)
    const again = await startIn(stateDir)
    await again.close()
    expect(again.apiKey).toBe(made.apiKey)
    await expect(startIn(stateDir, { dataDir: stateDir })).rejects.toThrow(/dataDir and stateDir/)
  })
})

describe('Sandbox state folder: a real host process killed with SIGKILL', () => {
  const child = path.join(import.meta.dirname, 'state-child.ts')

  type Host = { info: Endpoint & { port: number }; kill: (signal: NodeJS.Signals) => Promise<NodeJS.Signals | null> }

  async function host(stateDir: string): Promise<Host> {
    const proc = spawnTsx(child, { args: [stateDir] })
    const ready = await proc.waitForLine((line) => line.startsWith('READY '), 30_000)
    return { info: JSON.parse(ready.slice(6)) as Host['info'], kill: async (signal) => (await proc.kill(signal)).signal }
  }

  it('restarts on the same folder with the same key and port, and the tasks finish', async () => {
    const stateDir = await newStateDir()
    const first = await host(stateDir)
    const t2v = await submit(first.info, { model: 'alpha-1', _action: 't2v', prompt: 'a lantern in the fog', duration: 4 })
    const i2v = await submit(first.info, { model: 'alpha-1', _action: 'i2v', image: dataUrl(await png(360, 640, '#208040')) }, { 'Idempotency-Key': 'crash-1' })
    expect([t2v.status, i2v.status]).toEqual([200, 200])
    // Answered means on disk: the state file holds both before anything else happens.
    expect(await savedTaskIds(stateDir)).toEqual(expect.arrayContaining([taskIdOf(t2v), taskIdOf(i2v)]))
    expect(await first.kill('SIGKILL')).toBe('SIGKILL')

    const second = await host(stateDir)
    try {
      expect(second.info.apiKey).toBe(first.info.apiKey)
      expect(second.info.port).toBe(first.info.port)
      const sandbox = second.info
      expect((await submit(sandbox, { model: 'alpha-1', _action: 'i2v', image: dataUrl(await png(360, 640, '#208040')) }, { 'Idempotency-Key': 'crash-1' })).json).toEqual(i2v.json)
      expect((await finishedVideo(sandbox, taskIdOf(t2v))).seconds).toBeCloseTo(4, 1)
      const picture = await finishedVideo(sandbox, taskIdOf(i2v))
      expect(picture.width / picture.height).toBeCloseTo(9 / 16, 1)
    } finally {
      await second.kill('SIGTERM')
    }
  }, 90_000)
})
