/**
 * Service packs in the engine (issue 25): a pack is read whole before anything is kept, imported
 * all or nothing (a connection made active and its catalogue), and written back out without a key.
 */
import { readFile } from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CatalogState } from '../../../shared/contract/catalog'
import type { PackPreview } from '../../../shared/contract/packs'
import type { ProfilesState } from '../../../shared/contract/profiles'
import { AppError } from '../../../shared/errors'
import { say } from '../../../shared/locales'
import type { PackCheck } from '../../../shared/pack'
import type { Connection } from '../../../shared/settings'
import { startTestCore, type TestCore } from '../../support/core'
import { thirdPack, thirdProfile } from '../../support/third-service'

let engine: TestCore
const BASE = 'http://127.0.0.1:9'
const text = (value: unknown): string => JSON.stringify(value)
const refusal = (promise: Promise<unknown>): Promise<AppError> => promise.then(() => expect.unreachable('the pack was taken'), (error: unknown) => AppError.from(error))

beforeEach(async () => {
  engine = await startTestCore()
})
afterEach(() => engine.dispose())

describe('service packs', () => {
  it('says what a pack holds and reads its samples under its profile', async () => {
    const preview = (await engine.core.call('packs.read', { name: 'third.reelbox-pack.json', text: text(thirdPack(BASE)) })) as PackPreview
    expect(preview.models).toEqual([{ id: 'tern-1', displayName: 'Tern 1', modes: ['t2v'] }])
    expect(preview.results).toMatchObject({ statusPath: 'data.status', urlsPath: 'data.result.videos[].video_url', success: ['3'], failure: ['4'] })
    expect(preview.errors.kinds).toEqual({ key: ['40100', '40101'], parameter: ['40012'], rate: ['42900'], unavailable: ['50300'] })
    expect(preview.samples.map((reading) => [reading.kind, reading.rows.filter((row) => row.verdict === 'trouble').length])).toEqual([
      ['submit', 0],
      ['query', 0],
      ['error', 0],
    ])
    expect(preview.samples[2]!.errorKind).toBe('key')
  })

  it('imports all of a pack: the connection, active, and its models in the catalogue', async () => {
    const connection = (await engine.core.call('packs.import', { name: 'third.reelbox-pack.json', text: text(thirdPack(BASE)) })) as Connection
    const profiles = (await engine.core.call('profiles.list', undefined)) as ProfilesState
    expect(profiles.activeProfileId).toBe(connection.id)
    expect(connection).toMatchObject({ name: 'Third service', baseUrl: BASE, serviceProfile: thirdPack(BASE)['profile'] })
    const catalog = (await engine.core.call('catalog.get', undefined)) as CatalogState
    expect(catalog.catalog.models.map((m) => m.id)).toContain('tern-1')
    expect(catalog.sources.at(-1)).toMatchObject({ kind: 'file', name: 'third.reelbox-pack.json' })
  })

  it('refuses a pack that does not check, naming the field, and keeps nothing of it', async () => {
    const before = [await engine.core.call('profiles.list', undefined), await engine.core.call('catalog.get', undefined)]
    const pack = structuredClone(thirdPack(BASE)) as { profile: { errors: { kinds: Record<string, number[]> } } }
    pack.profile.errors.kinds['quota'] = [1]
    const error = await refusal(engine.core.call('packs.import', { name: 'third.reelbox-pack.json', text: text(pack) }))
    expect(error.problem).toEqual({
      code: 'pack.refused',
      params: {
        file: 'third.reelbox-pack.json',
        field: 'profile.errors.kinds.quota',
        why: 'unknown',
        detail: '"quota" is not one of key, parameter, rate, unavailable',
        check: { code: 'notOneOf', key: 'quota', names: 'key, parameter, rate, unavailable' },
      },
    })
    const notJson = await refusal(engine.core.call('packs.import', { name: 'x.reelbox-pack.json', text: '{"schemaVersion": 1,' }))
    expect(notJson.problem).toMatchObject({ code: 'pack.refused', params: { field: '', why: 'notJson' } })
    // A model of a family no catalogue has fails only once merged: still refused before anything is kept.
    const orphan = structuredClone(thirdPack(BASE)) as { catalog: { families: unknown[] } }
    orphan.catalog.families = []
    expect((await refusal(engine.core.call('packs.import', { name: 'o.reelbox-pack.json', text: text(orphan) }))).problem).toMatchObject({ params: { field: 'catalog.models.0.family' } })
    expect([await engine.core.call('profiles.list', undefined), await engine.core.call('catalog.get', undefined)]).toEqual(before)
  })

  it('a pack without an address imports at the one the designer gives, under a connection’s rules', async () => {
    const { baseUrl: _, ...pack } = thirdPack(BASE)
    const before = [await engine.core.call('profiles.list', undefined), await engine.core.call('catalog.get', undefined)]
    const file = { name: 'anywhere.reelbox-pack.json', text: text(pack) }
    expect(((await engine.core.call('packs.read', file)) as PackPreview).baseUrl).toBeUndefined()
    // No address anywhere: refused naming it.
    expect((await refusal(engine.core.call('packs.import', file))).problem).toMatchObject({ code: 'pack.refused', params: { file: file.name, field: 'baseUrl' } })
    // An address a connection could not have either: plain http off this computer, a password in it.
    for (const [baseUrl, rule] of [
      ['http://api.third.example', 'must use https'],
      ['https://me:secret@api.third.example', 'must not contain a user name or password'],
      ['api.third.example', 'must be a full URL'],
    ] as const) {
      const error = await refusal(engine.core.call('packs.import', { ...file, baseUrl }))
      expect(error.fieldProblems?.['baseUrl']?.[0], baseUrl).toMatchObject({ code: 'input.invalid', params: { path: 'baseUrl', reason: expect.stringContaining(rule) } })
    }
    expect([await engine.core.call('profiles.list', undefined), await engine.core.call('catalog.get', undefined)]).toEqual(before)

    const connection = (await engine.core.call('packs.import', { ...file, baseUrl: 'https://api.third.example/' })) as Connection
    expect(connection).toMatchObject({ name: 'Third service', baseUrl: 'https://api.third.example' })
    expect((await engine.core.call('profiles.list', undefined)) as ProfilesState).toMatchObject({ activeProfileId: connection.id })
    expect(((await engine.core.call('catalog.get', undefined)) as CatalogState).catalog.models.map((m) => m.id)).toContain('tern-1')
  })

  it('says what was wrong by code, so a refusal reads in 简体中文 too', async () => {
    const pack = structuredClone(thirdPack(BASE)) as { profile: { submitPath: unknown } }
    pack.profile.submitPath = 5
    const error = await refusal(engine.core.call('packs.import', { name: 'typed.reelbox-pack.json', text: text(pack) }))
    const params = error.problem?.params as { field: string; detail: string; check: PackCheck }
    expect(params).toMatchObject({ field: 'profile.submitPath', check: { code: 'wrongType', expected: 'string' } })
    // English is the schema library's own words; Chinese is ours, from the code.
    expect(say('en', `packChecks.${params.check.code}`, params.check)).toBe(params.detail)
    expect(say('zh-CN', `packChecks.${params.check.code}`, params.check)).toBe('类型不对：应为 string')
    const old = structuredClone(thirdPack(BASE)) as { schemaVersion: number }
    old.schemaVersion = 9
    const version = await refusal(engine.core.call('packs.import', { name: 'old.reelbox-pack.json', text: text(old) }))
    const check = (version.problem?.params as { check: PackCheck }).check
    expect(say('zh-CN', `packChecks.${check.code}`, check)).toBe('此服务包使用版本 9；此 Reelbox 读取版本 1')
  })

  it('the README’s pack describes the service the tests run against', async () => {
    const example = /is set up completely by:\s*```json\n([\s\S]*?)```/.exec(await readFile('README.md', 'utf8'))?.[1]
    // Its catalogue is elided there (`[…]`); the rest is the pack as written.
    const pack = JSON.parse((example ?? 'null').replaceAll('[…]', '[]')) as { profile: unknown }
    expect(pack.profile).toEqual(thirdProfile)
  })

  it('exports a connection as a pack that imports again, without its key', async () => {
    const connection = (await engine.core.call('packs.import', { name: 'third.reelbox-pack.json', text: text(thirdPack(BASE)) })) as Connection
    await engine.core.call('secrets.setApiKey', { apiKey: 'sk-third-secret-99' })
    const { fileName, text: exported } = (await engine.core.call('packs.export', { id: connection.id })) as { fileName: string; text: string }
    expect(fileName).toBe('third-service.reelbox-pack.json')
    expect(exported).not.toContain('sk-third-secret-99')
    const again = (await engine.core.call('packs.read', { name: fileName, text: exported })) as PackPreview
    expect(again).toMatchObject({ name: 'Third service', baseUrl: BASE })
    expect(again.models.map((m) => m.id)).toContain('tern-1')
  })
})
