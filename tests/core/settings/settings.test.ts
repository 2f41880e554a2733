import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EventName } from '../../../shared/contract'
import { AppError } from '../../../shared/errors'
import type { Settings } from '../../../shared/settings'
import { createMemorySecretStore } from '../../../electron/core/secrets/memory-store'
import { createMemorySettingsStore } from '../../../electron/core/settings/memory-store'
import type { SettingsStore } from '../../../electron/core/ports'
import { createConfSettingsStore } from '../../../electron/node/settings-store'
import { startTestCore, type TestCore } from '../../support/core'
import { useTempDir } from '../../support/temp'

let dataDir: string
const cores: TestCore[] = []

beforeEach(async () => {
  dataDir = await useTempDir('reelbox-settings-')
})
afterEach(async () => {
  await Promise.all(cores.splice(0).map((c) => c.dispose()))
})

async function start(settings: SettingsStore = createConfSettingsStore(dataDir), secrets = createMemorySecretStore()) {
  const test = await startTestCore({ settings, secrets })
  cores.push(test)
  const seen: Array<{ event: EventName; payload: unknown }> = []
  test.core.events.onAny((event, payload) => seen.push({ event, payload }))
  return { ...test, seen, secrets }
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`)
  return error
}

const studio = { name: 'Studio gateway', baseUrl: 'https://video.example.com/' }

describe('settings', () => {
  it('start from defaults and persist a change to the settings file, read back by the next run', async () => {
    const first = await start()
    expect(((await first.core.call('settings.get')) as Settings).concurrency).toEqual({ jobs: 3, downloads: 2 })
    await first.core.call('settings.update', { concurrency: { jobs: 5 }, theme: 'dark' })

    const onDisk = JSON.parse(await readFile(path.join(dataDir, 'settings.json'), 'utf8')) as Settings
    expect(onDisk).toMatchObject({ schemaVersion: 1, concurrency: { jobs: 5, downloads: 2 }, theme: 'dark' })

    const second = await start()
    expect(await second.core.call('settings.get')).toMatchObject({ concurrency: { jobs: 5, downloads: 2 }, theme: 'dark' })
  })

  it('refuse an invalid value with the field named, keep the previous value and announce nothing', async () => {
    const { core, seen } = await start()
    await core.call('settings.update', { pollBudget: { requestsPerSecond: 4 } })
    seen.length = 0
    const before = await readFile(path.join(dataDir, 'settings.json'), 'utf8')

    const error = await refusal(core.call('settings.update', { pollBudget: { requestsPerSecond: 500 }, theme: 'dark' }))
    expect(error.code).toBe('INVALID_INPUT')
    expect(Object.keys(error.fieldProblems ?? {})).toEqual(['pollBudget.requestsPerSecond'])
    expect(await core.call('settings.get')).toMatchObject({ pollBudget: { requestsPerSecond: 4 }, theme: 'system' })
    expect(await readFile(path.join(dataDir, 'settings.json'), 'utf8')).toBe(before)
    expect(seen.filter((e) => e.event === 'settings.changed')).toEqual([])

    expect(Object.keys((await refusal(core.call('settings.update', { language: 'fr' }))).fieldProblems ?? {})).toEqual(['language'])
  })

  it('push every change as an event and to in-process listeners', async () => {
    const { core, seen } = await start()
    const heard: Array<[string, string]> = []
    core.settings.onChange((next, previous) => heard.push([previous.theme, next.theme]))
    const updated = await core.call('settings.update', { theme: 'light' })
    expect(seen.filter((e) => e.event === 'settings.changed').map((e) => e.payload)).toEqual([updated])
    expect(heard).toEqual([['system', 'light']])
    expect(core.settings.current().theme).toBe('light')
  })

  it('bring a prototype settings file up to date and move its clear-text key into the key store', async () => {
    const prototype = { serviceUrl: 'https://video.example.com', apiKey: 'sk-proto-88aa11', maxParallelJobs: 4, darkMode: false }
    await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify(prototype))
    const { core, secrets } = await start()

    expect(core.settings.activeConnection()).toMatchObject({ id: 'default', baseUrl: 'https://video.example.com' })
    expect(core.settings.current()).toMatchObject({ concurrency: { jobs: 4 }, theme: 'light', firstRunDone: true })
    expect(await secrets.get('default')).toBe('sk-proto-88aa11')
    const rewritten = await readFile(path.join(dataDir, 'settings.json'), 'utf8')
    expect(rewritten).not.toContain('sk-proto-88aa11')
    expect(JSON.parse(rewritten)).toMatchObject({ schemaVersion: 1 })
  })

  it('start on defaults for values a hand edit broke, naming them in the log, and set broken JSON aside', async () => {
    const stored = createMemorySettingsStore({
      schemaVersion: 1,
      concurrency: { jobs: 999, downloads: 4 },
      theme: 'neon',
      profiles: [
        { id: 'ok', name: 'Fine', baseUrl: 'https://a.example' },
        { id: 'bad', name: 'Plain http', baseUrl: 'http://b.example' },
      ],
      activeProfileId: 'bad',
    })
    const { core } = await start(stored)
    expect(core.settings.current()).toMatchObject({ concurrency: { jobs: 3, downloads: 4 }, theme: 'system', activeProfileId: 'ok' })
    expect(core.settings.current().profiles.map((p) => p.id)).toEqual(['ok'])
    const warnings = core.logs.recent(50).filter((l) => l.scope === 'settings' && l.level === 'warn').map((l) => l.message)
    for (const field of ['concurrency.jobs', 'theme', 'profiles.1.baseUrl']) expect(warnings.some((w) => w.startsWith(`Settings: ${field} `)), field).toBe(true)

    await writeFile(path.join(dataDir, 'settings.json'), '{"theme": "dark", ')
    const fresh = await start()
    expect(fresh.core.settings.current().theme).toBe('system')
    expect((await readdir(dataDir)).some((f) => f.startsWith('settings.json.corrupt-'))).toBe(true)
  })
})

describe('connections (profiles)', () => {
  it('create, list, switch and remove connections; the first one becomes active', async () => {
    const { core, seen } = await start()
    const first = (await core.call('profiles.save', studio)) as { id: string }
    expect(first.id).toBe('studio-gateway')
    const second = (await core.call('profiles.save', { name: 'Sandbox', baseUrl: 'http://127.0.0.1:5179', sandbox: true })) as { id: string }
    expect(await core.call('profiles.list')).toMatchObject({ activeProfileId: 'studio-gateway', profiles: [{ id: 'studio-gateway' }, { id: 'sandbox', sandbox: true }] })

    await core.call('profiles.activate', { id: second.id })
    expect(core.settings.activeConnection()?.id).toBe('sandbox')
    // Jobs keep the connection they were submitted with: any connection stays reachable by id.
    expect(core.settings.connection('studio-gateway')?.serviceProfile.query.path).toBe('/api/v1/video/generation/{task_id}')

    await core.call('profiles.remove', { id: 'sandbox' })
    expect(await core.call('profiles.list')).toMatchObject({ activeProfileId: 'studio-gateway', profiles: [{ id: 'studio-gateway' }] })
    expect(seen.filter((e) => e.event === 'profiles.changed').map((e) => (e.payload as { activeProfileId: string }).activeProfileId)).toEqual([
      'studio-gateway',
      'studio-gateway',
      'sandbox',
      'studio-gateway',
    ])
  })

  it('update a connection in place, keeping its id and its key', async () => {
    const { core } = await start()
    const saved = (await core.call('profiles.save', studio)) as { id: string }
    await core.call('secrets.setApiKey', { apiKey: 'sk-keep-me-123' })
    await core.call('profiles.save', { ...studio, id: saved.id, name: 'Studio (EU)', serviceProfile: { query: { idIn: 'query', path: '/api/v1/tasks' } } })
    expect(core.settings.connection(saved.id)).toMatchObject({ name: 'Studio (EU)', serviceProfile: { query: { idIn: 'query', idParam: 'task_id' } } })
    expect(await core.call('secrets.status')).toMatchObject({ hasKey: true })
  })

  it('refuse a bad connection with the field named, and keep what was there', async () => {
    const { core } = await start()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...studio, baseUrl: 'http://video.example.com' }, 'baseUrl'],
      [{ ...studio, baseUrl: 'https://me:secret@video.example.com' }, 'baseUrl'],
      [{ ...studio, name: '  ' }, 'name'],
      [{ ...studio, serviceProfile: { query: { idIn: 'path', path: '/tasks' } } }, 'serviceProfile.query.path'],
      [{ ...studio, serviceProfile: { statuses: { success: ['done'], failure: ['DONE'] } } }, 'serviceProfile.statuses.failure'],
      [{ ...studio, catalogSource: { kind: 'file', name: '../../etc/passwd' } }, 'catalogSource.name'],
    ]
    for (const [draft, field] of cases) {
      const error = await refusal(core.call('profiles.save', draft))
      expect(error.code, field).toBe('INVALID_INPUT')
      expect(Object.keys(error.fieldProblems ?? {}), field).toContain(field)
    }
    expect(await core.call('profiles.list')).toEqual({ profiles: [], activeProfileId: null })
  })

  it('removing a connection removes its key; an unknown id is named', async () => {
    const { core, secrets } = await start()
    await core.call('profiles.save', studio)
    await core.call('secrets.setApiKey', { apiKey: 'sk-to-be-removed' })
    await core.call('profiles.remove', { id: 'studio-gateway' })
    expect(await secrets.get('studio-gateway')).toBeUndefined()
    const error = await refusal(core.call('profiles.activate', { id: 'studio-gateway' }))
    expect(error).toMatchObject({ code: 'NOT_FOUND' })
    expect(error.fieldProblems).toHaveProperty('id')
  })
})
