import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { CatalogInput } from '../../../shared/catalog'
import type { CatalogState } from '../../../shared/contract/catalog'
import { AppError } from '../../../shared/errors'
import defaultCatalog from '../../../electron/core/catalog/default-catalog.json'
import { createCatalogService, userCatalogFile, type CatalogService } from '../../../electron/core/catalog/service'
import { describe as describeError } from '../../../electron/cli/messages'
import { say, type MessageKey } from '../../../shared/locales'
import { createEventBus } from '../../../electron/core/events'
import { createLogHub } from '../../../electron/core/logger'
import { useTempDir } from '../../support/temp'

const kestrel21 = structuredClone(defaultCatalog.models.find((m) => m.id === 'kestrel-v2.1')!)

/** A user catalogue: overrides kestrel-v2.1's displayName, adds a model to a default family and a new family. */
function userCatalog(overrides: Partial<CatalogInput> = {}): CatalogInput {
  return {
    schemaVersion: 1,
    name: 'Studio catalogue',
    families: [{ id: 'orbit', name: 'Orbit' }],
    models: [
      { ...kestrel21, displayName: 'Kestrel 2.1 (studio)' },
      { ...kestrel21, id: 'kestrel-v2.8', version: '2.8', displayName: 'Kestrel 2.8' },
      { ...kestrel21, id: 'orbit-1', family: 'orbit', version: '1', displayName: 'Orbit 1' },
    ],
    ...overrides,
  } as CatalogInput
}
const bytesOf = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value))

let dir: string
let changes: CatalogState[]
let catalog: CatalogService
function start(options: { timeoutMs?: number; maxBytes?: number } = {}): CatalogService {
  const events = createEventBus()
  events.on('catalog.changed', (state) => changes.push(state))
  return createCatalogService({ dataDir: dir, fetch, log: createLogHub(Date.now).root, events, now: () => 1_700_000_000_000, ...options })
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

beforeEach(async () => {
  dir = await useTempDir('reelbox-catalog-')
  changes = []
  catalog = start()
  await catalog.load()
})

describe('catalogue service', () => {
  it('starts from the placeholder default and says so', () => {
    const state = catalog.state()
    expect(state.placeholder).toBe(true)
    expect(state.sources).toEqual([{ kind: 'default', name: 'Reelbox placeholder catalogue', modelCount: 10 }])
    expect(catalog.model('kestrel-v2.6')?.displayName).toBe('Kestrel 2.6')
    expect(catalog.model('nope')).toBeUndefined()
  })

  it('imports a file that overrides by id and extends, keeps it across restarts, and tells listeners', async () => {
    const state = await catalog.importFile({ name: 'studio.json', bytes: bytesOf(userCatalog()) })
    expect(catalog.model('kestrel-v2.1')?.displayName).toBe('Kestrel 2.1 (studio)')
    expect(catalog.model('kestrel-v2.8')?.family).toBe('kestrel')
    expect(catalog.model('orbit-1')?.family).toBe('orbit')
    expect(state.catalog.models).toHaveLength(12)
    expect(state.catalog.families.map((f) => f.id)).toEqual(['lumen', 'kestrel', 'atlas', 'orbit'])
    expect(state.sources).toEqual([
      { kind: 'default', name: 'Reelbox placeholder catalogue', modelCount: 10 },
      { kind: 'file', name: 'studio.json', importedAt: 1_700_000_000_000, modelCount: 3 },
    ])
    expect(state.placeholder).toBe(true) // lumen-1 and friends are still stand-ins
    expect(changes.at(-1)).toEqual(state)

    const again = start()
    await again.load()
    expect(again.state()).toEqual(state)
  })

  it('lets the real catalogue replace the default, so the placeholder notice goes away', async () => {
    const state = await catalog.importFile({ name: 'service.json', bytes: bytesOf(userCatalog({ replaceDefault: true, families: [{ id: 'kestrel', name: 'Kestrel' }, { id: 'orbit', name: 'Orbit' }] })) })
    expect(state.placeholder).toBe(false)
    expect(state.catalog.models.map((m) => m.id)).toEqual(['kestrel-v2.1', 'kestrel-v2.8', 'orbit-1'])
    expect(state.sources.map((s) => s.kind)).toEqual(['file'])
  })

  it.each([
    ['not JSON', '{"schemaVersion": 1,\n  "name": "x",,\n}', /broken\.json is not a usable catalogue: not valid JSON \(.*line 2, column/],
    ['a field of the wrong type', userCatalog({ models: [{ ...kestrel21, modes: { i2v: { ...kestrel21.modes.i2v, durations: 5 } } }] } as never), /models\.0\.modes\.i2v\.durations: expected array/],
    ['a duplicate model ID', userCatalog({ models: [kestrel21, kestrel21] } as never), /models\.1\.id: duplicate model ID "kestrel-v2\.1"/],
    ['a duplicate family ID', userCatalog({ families: [{ id: 'orbit', name: 'Orbit' }, { id: 'orbit', name: 'Orbit again' }] }), /families\.1\.id: duplicate family ID "orbit"/],
    ['a model in an unknown family', userCatalog({ models: [{ ...kestrel21, id: 'x-1', family: 'mystery' }] } as never), /models\.0\.family: unknown family "mystery"/],
    ['a field Reelbox cannot fill', userCatalog({ models: [{ ...kestrel21, modes: { t2v: { ...kestrel21.modes.t2v, fields: { ...kestrel21.modes.t2v.fields, negative: 'optional' } } } }] } as never), /models\.0\.modes\.t2v\.fields\.negative: unknown body field "negative"/],
    ['a newer schema version', { ...userCatalog(), schemaVersion: 2 }, /schemaVersion: this catalogue uses schema version 2; .*newer Reelbox/],
    ['an empty file', '', /broken\.json is empty/],
    ['a binary file', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00]), /broken\.json is not a text file/],
  ])('refuses %s with the reason and its path, and keeps the last good catalogue', async (_label, content, message) => {
    const good = await catalog.importFile({ name: 'good.json', bytes: bytesOf(userCatalog()) })
    const onDisk = await readFile(userCatalogFile(dir), 'utf8')
    const error = await refusal(catalog.importFile({ name: 'broken.json', bytes: content instanceof Uint8Array ? content : bytesOf(content) }))
    expect(error.code).toBe('INVALID_INPUT')
    // Its own message, or its problem as the CLI words it.
    expect(`${error.message} ${describeError(error)}`).toMatch(message)
    expect(catalog.state()).toEqual(good)
    expect(await readFile(userCatalogFile(dir), 'utf8')).toBe(onDisk)
    expect(changes).toHaveLength(2) // load + the good import; the refusal changed nothing
  })

  it('reports a corrupt stored catalogue at startup without failing, and recovers on the next import', async () => {
    await mkdir(path.dirname(userCatalogFile(dir)), { recursive: true })
    await writeFile(userCatalogFile(dir), '{"version":1,"source":{"kind":"file","name":"old.json","importedAt":1},"catalog":{"schemaVersion":1}}')
    const restarted = start()
    const state = await restarted.load()
    expect(state.problem && say('en', `log.${state.problem.code}` as MessageKey, state.problem.params)).toMatch(/^The imported catalogue could not be read, so the default catalogue is in use: old\.json is not a usable catalogue: name: /)
    expect(state.sources.map((s) => s.kind)).toEqual(['default'])
    const fixed = await restarted.importFile({ name: 'new.json', bytes: bytesOf(userCatalog()) })
    expect(fixed.problem).toBeUndefined()
  })

  it('resets to the default and forgets the file', async () => {
    await catalog.importFile({ name: 'studio.json', bytes: bytesOf(userCatalog()) })
    const state = await catalog.reset()
    expect(state.sources.map((s) => s.kind)).toEqual(['default'])
    expect(catalog.model('orbit-1')).toBeUndefined()
    await expect(stat(userCatalogFile(dir))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('imports from a dropped file path, and names the path when it cannot', async () => {
    const file = path.join(dir, 'dropped.json')
    await writeFile(file, JSON.stringify(userCatalog()))
    expect((await catalog.importFile({ path: file })).sources.at(-1)).toMatchObject({ kind: 'file', name: 'dropped.json' })
    const missing = await refusal(catalog.importFile({ path: path.join(dir, 'gone.json') }))
    expect(missing.code).toBe('NOT_FOUND')
    expect(missing.message).toContain(path.join(dir, 'gone.json'))
    const folder = await refusal(catalog.importFile({ path: dir }))
    expect(folder.fieldProblems?.['path']).toEqual([{ code: 'file.folder', params: { name: dir } }])
  })
})

describe('catalogue import from a URL (real loopback HTTP)', () => {
  let server: Server
  let base: string
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = req.url ?? ''
      if (url.startsWith('/catalog.json')) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(userCatalog()))
      else if (url === '/big-declared') res.writeHead(200, { 'content-length': String(10_000_000) }).end()
      else if (url === '/big-streamed') {
        res.writeHead(200, { 'content-type': 'application/json' })
        const chunk = Buffer.alloc(64 * 1024, 0x20)
        for (let i = 0; i < 40; i++) res.write(chunk)
        res.end()
      } else if (url === '/hang') res.writeHead(200) // headers, then never a body
      else res.writeHead(404).end('not here')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('imports a catalogue, naming the source without its query string', async () => {
    const state = await catalog.importUrl(`${base}/catalog.json?token=secret`)
    expect(state.sources.at(-1)).toMatchObject({ kind: 'url', name: `${base}/catalog.json`, modelCount: 3 })
    expect(JSON.stringify(state)).not.toContain('secret')
  })

  it('refuses what it should, each with a reason, keeping the default', async () => {
    const small = start({ maxBytes: 1024 * 1024, timeoutMs: 300 })
    await small.load()
    const cases: Array<[string, string, RegExp]> = [
      [`${base}/missing`, 'NOT_FOUND', /answered HTTP 404/],
      [`${base}/big-declared`, 'INVALID_INPUT', /larger than 1 MB/],
      [`${base}/big-streamed`, 'INVALID_INPUT', /larger than 1 MB/],
      [`${base}/hang`, 'TIMEOUT', /did not answer within/],
      ['file:///etc/passwd', 'INVALID_INPUT', /only http and https URLs/],
      ['not a url', 'INVALID_INPUT', /is not a URL/],
      ['http://127.0.0.1:1/catalog.json', 'NETWORK', /could not fetch http:\/\/127\.0\.0\.1:1\/catalog\.json/i],
    ]
    for (const [url, code, message] of cases) {
      const error = await refusal(small.importUrl(url))
      expect({ url, code: error.code }).toEqual({ url, code })
      expect(`${error.message} ${describeError(error)}`).toMatch(message)
    }
    expect(small.state().sources.map((s) => s.kind)).toEqual(['default'])
  })
})
