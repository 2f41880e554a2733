/**
 * The canary: a planted API key must appear in no file the engine writes and in no message it
 * sends out (responses and events, i.e. everything a renderer could see), whatever the
 * engine is asked to do.
 *
 * Structure: `startWorld()` builds a real engine over real temp folders, a real (encrypted) key
 * file, a real settings file, a log file and a loopback service; `steps` is the list of things
 * a designer does; the last test greps everything. To cover more of the engine, append a step
 * (e.g. a full job run against the Sandbox) to `steps`; it receives the world and calls
 * procedures through `world.call`, which records every answer.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { appendFileSync, existsSync } from 'node:fs'
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../electron/core'
import { createSafeStorageStore } from '../../electron/main/secrets/safe-storage-store'
import { createSecretChain } from '../../electron/node/secrets/secret-chain'
import { createConfSettingsStore } from '../../electron/node/settings-store'
import type { ResponseEnvelope } from '../../shared/envelope'
import { fakeSafeStorage } from '../main/secrets/fake-safe-storage'
import { errorOf, libraryItemIdsOf, type Job } from '../../shared/job'
import { finished, jobWhen } from '../support/engine'
import { startHostileService } from '../support/hostile-service'
import { startTestSandbox } from '../support/sandbox'
import { useTempDir } from '../support/temp'
import { startKeyService, type KeyService } from './secrets/key-service'

interface World {
  readonly canary: string
  readonly root: string
  readonly dataDir: string
  readonly libraryDir: string
  readonly core: Core
  readonly service: KeyService
  /** Every response and event the engine sent out, serialised as a transport would. */
  readonly outbound: string[]
  /** Calls a procedure as a transport would (envelope in, envelope out) and records the answer. */
  call(method: string, input?: unknown): Promise<ResponseEnvelope>
  /** Like `call`, but returns the data and fails the test on an error answer. */
  ok<T = unknown>(method: string, input?: unknown): Promise<T>
}

async function startWorld(): Promise<World> {
  const canary = `sk-canary-${randomBytes(16).toString('hex')}`
  const root = await useTempDir('reelbox-canary-')
  const dataDir = path.join(root, 'data')
  const libraryDir = path.join(root, 'library')
  await mkdir(path.join(dataDir, 'logs'), { recursive: true })
  await mkdir(libraryDir, { recursive: true })
  const service = await startKeyService(canary)

  // The Electron wiring without Electron: no keychain here, so the key goes to the encrypted file
  // (real AES under a fake safeStorage), which lands in the data folder we grep.
  const secrets = createSecretChain({ encryptedFile: createSafeStorageStore(fakeSafeStorage(), { file: path.join(dataDir, 'secrets.json'), platform: 'darwin' }) })
  const logFile = path.join(dataDir, 'logs', 'engine.log')
  const core = await createCore({
    host: { shell: 'cli', version: '0.0.0-canary', runtime: `Node ${process.versions.node}` },
    paths: { data: dataDir, library: libraryDir },
    secrets,
    settings: createConfSettingsStore(dataDir),
    // A shell's log file, made as a shell must make it: this user's only.
    logSinks: [(line) => appendFileSync(logFile, `${JSON.stringify(line)}\n`, { mode: 0o600 })],
    heartbeatMs: 0,
    validateOutputs: true,
  })

  const outbound: string[] = []
  core.events.onAny((event, payload) => outbound.push(JSON.stringify({ event, payload })))
  let nextId = 1
  const call = async (method: string, input?: unknown): Promise<ResponseEnvelope> => {
    const response = await core.router.handle({ id: nextId++, method, input }, { transport: 'test' })
    outbound.push(JSON.stringify(response))
    return response
  }
  const ok = async <T,>(method: string, input?: unknown): Promise<T> => {
    const response = await call(method, input)
    if (!response.ok) throw new Error(`${method} failed: ${response.error.code} ${response.error.message}`)
    return response.data as T
  }
  return { canary, root, dataDir, libraryDir, core, service, outbound, call, ok }
}

type Step = { name: string; run(world: World): Promise<void> }

const steps: Step[] = [
  {
    name: 'connect, set the key, check it, look at its status',
    async run(w) {
      await w.ok('profiles.save', { id: 'studio', name: 'Studio', baseUrl: w.service.url })
      await w.ok('profiles.list')
      await w.ok('profiles.activate', { id: 'studio' })
      expect(await w.ok('secrets.setApiKey', { apiKey: w.canary })).toMatchObject({ hasKey: true, store: 'encrypted-file' })
      await w.ok('secrets.status')
      await w.ok('secrets.status', { profileId: 'studio' })
      expect(await w.ok('secrets.check')).toMatchObject({ ok: true })
      expect(w.service.seen.at(-1)?.authorization).toBe(`Bearer ${w.canary}`)
    },
  },
  {
    name: 'a service that repeats the refused key back, and a malformed key',
    async run(w) {
      w.service.validKey = 'sk-some-other-key'
      w.service.mode = 'echo-key'
      expect(await w.ok('secrets.check')).toMatchObject({ ok: false, code: 'UNAUTHORIZED' })
      w.service.validKey = w.canary
      w.service.mode = 'normal'
      expect(await w.call('secrets.setApiKey', { apiKey: `${w.canary} pasted twice ${w.canary}` })).toMatchObject({ ok: false })
      expect(await w.call('secrets.setApiKey', { profileId: 'nope', apiKey: w.canary })).toMatchObject({ ok: false })
    },
  },
  {
    name: 'settings, a second connection with a key, removed again',
    async run(w) {
      await w.ok('settings.get')
      await w.ok('settings.update', { theme: 'dark', concurrency: { jobs: 2 }, allowBasicTextEncryption: true, firstRunDone: true })
      expect(await w.call('settings.update', { pollBudget: { requestsPerSecond: -1 } })).toMatchObject({ ok: false })
      await w.ok('profiles.save', { id: 'backup', name: 'Backup', baseUrl: w.service.url, serviceProfile: { query: { idIn: 'query', path: '/q' } } })
      await w.ok('secrets.setApiKey', { profileId: 'backup', apiKey: w.canary })
      await w.ok('secrets.check', { profileId: 'backup' })
      await w.ok('secrets.clear', { profileId: 'backup' })
      await w.ok('profiles.remove', { id: 'backup' })
    },
  },
  {
    name: 'a careless log line somewhere in the engine, and the page reading the log',
    async run(w) {
      w.core.log.scope('careless').warn('service.failed', { method: 'POST', path: '/submit', reason: `sending with key ${w.canary} (Authorization: Bearer ${w.canary})` })
      await w.ok('app.info')
      await w.ok('app.recentLog', { limit: 500 })
    },
  },
  {
    name: 'a gateway that echoes the key back, JSON-escaped, to a key check and to a job',
    async run(w) {
      const gateway = await startHostileService(new Uint8Array(0), { answers: 'echo-key' })
      try {
        await w.ok('profiles.save', { id: 'gateway', name: 'Gateway', baseUrl: gateway.baseUrl })
        await w.ok('profiles.activate', { id: 'gateway' })
        await w.ok('secrets.setApiKey', { apiKey: w.canary })
        expect(await w.ok('secrets.check')).toMatchObject({ ok: false, code: 'UNAUTHORIZED' })
        const [job] = await w.ok<Job[]>('jobs.submit', { draft: { modelId: 'lumen-1', mode: 't2v', prompt: 'echo', duration: 5 } })
        const failed = await jobWhen(w.core, job!.id, finished)
        // Not vacuous: the gateway's words did reach the job, minus the key.
        expect(errorOf(failed)?.message).toMatch(/invalid credential: Bearer \[redacted\]/)
        await w.ok('jobs.list')
      } finally {
        await gateway.close()
      }
    },
  },
  {
    name: 'a full job: submit, poll, download into the library, reuse, retry',
    async run(w) {
      // A Sandbox that only accepts the canary, as the designer's real service would.
      const sandbox = await startTestSandbox({ apiKey: w.canary })
      try {
        await w.ok('profiles.save', { id: 'render', name: 'Render', baseUrl: sandbox.baseUrl, serviceProfile: { idempotency: { send: true, honoured: true } } })
        await w.ok('profiles.activate', { id: 'render' })
        await w.ok('secrets.setApiKey', { apiKey: w.canary })
        await w.ok('settings.update', { pollBudget: { requestsPerSecond: 20 } })
        const [job] = await w.ok<Job[]>('jobs.submit', { draft: { modelId: 'lumen-1', mode: 't2v', prompt: 'canary in a coal mine', duration: 5 } })
        const done = await jobWhen(w.core, job!.id, finished)
        expect(done.phase).toBe('done')
        await w.ok('jobs.list')
        const id = libraryItemIdsOf(done)[0]!
        await w.ok('library.list', {})
        await w.ok('library.get', { id })
        await w.ok('library.reuse', { id })
        const retry = await w.ok<Job>('jobs.retry', { id: done.id })
        await jobWhen(w.core, retry.id, finished)
      } finally {
        await sandbox.close()
      }
    },
  },
]

/** The canary and the encodings a careless write could put it in. */
function disguises(canary: string): string[] {
  return [canary, Buffer.from(canary).toString('base64'), Buffer.from(canary).toString('base64url'), Buffer.from(canary).toString('hex'), encodeURIComponent(`Bearer ${canary}`)]
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

describe('the canary key', () => {
  let world: World
  beforeAll(async () => {
    world = await startWorld()
  })
  afterAll(async () => {
    await world?.core.dispose()
    await world?.service.close()
  })

  for (const step of steps) it(step.name, () => step.run(world))

  it('appears in no file written and no message sent', async () => {
    // Not vacuous: the key was stored (encrypted) in the data folder and things were said.
    expect(existsSync(path.join(world.dataDir, 'secrets.json'))).toBe(true)
    expect(existsSync(path.join(world.dataDir, 'settings.json'))).toBe(true)
    expect(world.outbound.length).toBeGreaterThan(20)
    expect(await world.core.secrets.apiKeyFor('studio')).toBe(world.canary)

    const leaks: string[] = []
    const files = await filesUnder(world.root)
    expect(files.map((f) => path.relative(world.root, f))).toEqual(expect.arrayContaining(['data/secrets.json', 'data/settings.json', 'data/logs/engine.log']))
    // The job wrote a journal, a sidecar and a video: all of them were read above.
    expect(files.some((f) => f.includes(`${path.sep}jobs${path.sep}`))).toBe(true)
    expect(files.some((f) => f.startsWith(world.libraryDir) && f.endsWith('.json'))).toBe(true)
    for (const file of files) {
      const text = (await readFile(file)).toString('latin1')
      for (const form of disguises(world.canary)) if (text.includes(form)) leaks.push(`${path.relative(world.root, file)} holds ${form === world.canary ? 'the key' : `an encoding of it (${form.slice(0, 12)}…)`}`)
    }
    world.outbound.forEach((message, index) => {
      for (const form of disguises(world.canary)) if (message.includes(form)) leaks.push(`message ${index} holds it: ${message.slice(0, 120)}`)
    })
    expect(leaks).toEqual([])
  })

  it('is in files only this user can read, in a folder only this user can enter', async () => {
    expect((await stat(world.dataDir)).mode & 0o777).toBe(0o700)
    const open = []
    const data = await filesUnder(world.dataDir)
    expect(data.length).toBeGreaterThan(3)
    for (const file of data) {
      const mode = (await stat(file)).mode & 0o777
      if (mode !== 0o600) open.push(`${path.relative(world.root, file)} is ${mode.toString(8)}`)
    }
    expect(open).toEqual([])
  })

  it('leaves the library to the studio: readable by others, writable by no one else (issue 27)', async () => {
    // Videos, sidecars and posters are what a studio shares on a NAS; none holds the key (above).
    const shared = (await filesUnder(world.libraryDir)).filter((file) => !file.includes(`${path.sep}.reelbox${path.sep}`))
    expect(shared.some((file) => file.endsWith('.json'))).toBe(true)
    // What this user's umask makes of the usual 0644, as any file the designer saves there.
    const usual = path.join(world.root, 'usual')
    await writeFile(usual, '', { mode: 0o644 })
    const expected = ((await stat(usual)).mode & 0o777).toString(8)
    const modes = await Promise.all(shared.map(async (file) => [path.relative(world.root, file), ((await stat(file)).mode & 0o777).toString(8)]))
    expect(modes).toEqual(modes.map(([file]) => [file, expected]))
  })
})

describe('the canary key through the reelbox command', () => {
  it('a gateway echoing it back, JSON-escaped, gets it into neither stderr, stdout nor a file', async () => {
    const canary = `sk-canary-${randomBytes(16).toString('hex')}`
    const root = await useTempDir('reelbox-canary-cli-')
    const gateway = await startHostileService(new Uint8Array(0), { answers: 'echo-key' })
    try {
      const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['bin/reelbox.mjs', 'submit', '--base-url', gateway.baseUrl, '--library', path.join(root, 'library'), '--model', 'lumen-1', '--mode', 't2v', '--prompt', 'echo', '--wait'],
          { env: { ...process.env, REELBOX_DATA_DIR: path.join(root, 'data'), REELBOX_SECRET_STORE: 'session', REELBOX_API_KEY: canary }, timeout: 60_000 },
          (error, out, err) => resolve({ code: error ? Number(error.code) : 0, stdout: out, stderr: err }),
        )
      })
      // Not vacuous: the refusal was printed, with the gateway's words, and the job journaled.
      expect(code).not.toBe(0)
      expect(stderr).toMatch(/invalid credential: Bearer \[redacted\]/)
      const files = await filesUnder(root)
      expect(files.some((f) => f.includes(`${path.sep}jobs${path.sep}`))).toBe(true)
      const said = [stdout, stderr, ...(await Promise.all(files.map((f) => readFile(f, 'latin1'))))]
      for (const form of disguises(canary)) expect(said.filter((text) => text.includes(form))).toEqual([])
    } finally {
      await gateway.close()
    }
  })
})
