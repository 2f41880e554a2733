import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CatalogState } from '../../../shared/contract/catalog'
import type { DraftCheck } from '../../../shared/contract/drafts'
import type { InputImage } from '../../../shared/draft'
import { AppError } from '../../../shared/errors'
import { startTestCore, type TestCore } from '../../support/core'
import { cachedImage, makeImage } from '../images/fixtures'

/** catalog.*, inputs.* and drafts.check through the router, with output validation on. */
let t: TestCore
beforeEach(async () => {
  t = await startTestCore()
})
afterEach(async () => {
  await t.dispose()
})

const call = <T>(method: string, input?: unknown) => t.core.call(method, input) as Promise<T>

describe('catalogue, input and draft procedures', () => {
  it('catalog.get says the catalogue is a placeholder; importFile takes bytes and emits catalog.changed', async () => {
    const state = await call<CatalogState>('catalog.get')
    expect(state.placeholder).toBe(true)
    const changed: CatalogState[] = []
    t.core.events.on('catalog.changed', (s) => changed.push(s))
    const user = { schemaVersion: 1, name: 'Mine', families: [], models: [{ ...state.catalog.models[2]!, id: 'kestrel-v2.9', version: '2.9', displayName: 'Kestrel 2.9' }] }
    const next = await call<CatalogState>('catalog.importFile', { name: 'mine.json', bytes: new TextEncoder().encode(JSON.stringify(user)) })
    expect(next.catalog.models.map((m) => m.id)).toContain('kestrel-v2.9')
    expect(changed).toEqual([next])
    expect((await call<CatalogState>('catalog.reset')).sources).toHaveLength(1)
  })

  it('imports an image by bytes and by path, then checks a draft as the Create form does', async () => {
    const bytes = await cachedImage(2400, 1500, { fill: 'noise' })
    const image = await call<InputImage>('inputs.import', { name: 'still.png', bytes: new Uint8Array(bytes) })
    const file = path.join(t.dir, 'dropped.png')
    await writeFile(file, bytes)
    expect(await call<InputImage>('inputs.importPath', { path: file })).toEqual({ ...image, name: 'dropped.png' })

    const draft = { modelId: 'kestrel-v2.1', mode: 'i2v', image: { kind: 'file', hash: image.hash, name: 'still.png' } } as const
    const check = await call<DraftCheck>('drafts.check', { draft })
    expect(check.ok).toBe(true)
    expect(check.fields).toEqual({})
    // What would be sent, defaults filled in, so the form does not work it out again.
    expect(check.draft).toEqual({ ...draft, duration: 5, resolution: '1280x720' })
    expect(check.aside).toEqual([])
    expect(check.kept).toEqual([])
    expect(check.images['image']).toMatchObject({ hash: image.hash, mime: 'image/jpeg', resized: true })
    expect(check.images['image']!.width * check.images['image']!.height).toBeLessThanOrEqual(1920 * 1080)

    // The designer's wishes the model cannot take are set aside, not refused; what is left is judged.
    const switched = await call<DraftCheck>('drafts.check', { draft: { ...draft, prompt: 'x'.repeat(801), seed: 3, duration: 10, references: [draft.image] } })
    expect(switched).toEqual({
      ok: false,
      draft: { ...draft, prompt: 'x'.repeat(801), duration: 5, resolution: '1280x720' },
      aside: ['duration', 'seed'],
      // Kestrel 2.1's First frame mode has no place for references: kept for Reference mode, no loss.
      kept: ['references'],
      fields: { prompt: [{ code: 'prompt.tooLong', params: { length: 801, max: 800, model: 'Kestrel 2.1' } }] },
      images: { image: check.images['image'] },
    })
  })

  it('refuses a strip of an image outside the aspect range in drafts.check, naming the field', async () => {
    const strip = await call<InputImage>('inputs.import', { name: 'strip.png', bytes: new Uint8Array(await makeImage(1, 10_000)) })
    const check = await call<DraftCheck>('drafts.check', { draft: { modelId: 'atlas-pro', mode: 'i2v', image: { kind: 'file', hash: strip.hash, name: 'strip.png' } } })
    expect(check.ok).toBe(false)
    expect(check.fields['image']).toEqual([{ code: 'image.badAspect', params: { slot: 'image', mode: 'i2v', name: 'strip.png', width: 1, height: 10_000, min: 0.4, max: 2.5, model: 'Atlas Pro' } }])
    expect(check.images).toEqual({})

    // Crop to fit: a new input of a shape the model takes, and the check passes.
    const fitted = await call<InputImage>('inputs.crop', { hash: strip.hash, rect: { left: 0, top: 4000, width: 1, height: 2 } })
    expect([fitted.width, fitted.height, fitted.hash === strip.hash]).toEqual([1, 2, false])
    const badRect = (await call('inputs.crop', { hash: strip.hash, rect: { left: -1, top: 0, width: 0, height: 1 } }).catch((e: unknown) => e)) as AppError
    expect(Object.keys(badRect.fieldProblems ?? {}).sort()).toEqual(['rect.left', 'rect.width'])
  })

  it('refuses bad input at the router with the field named', async () => {
    const error = (await call('inputs.import', { name: 'x.png', bytes: 'aGVsbG8=' }).catch((e: unknown) => e)) as AppError
    expect(error).toBeInstanceOf(AppError)
    expect(error.fieldProblems?.['bytes']).toEqual([{ code: 'input.invalid', params: { path: 'bytes', issue: 'invalid_type', reason: 'expected the image’s bytes' } }])
    const folder = (await call('inputs.importPath', { path: t.dir }).catch((e: unknown) => e)) as AppError
    expect(folder.fieldProblems?.['path']).toEqual([{ code: 'file.folder', params: { name: t.dir } }])
  })

  it('takes file paths only from the desktop app and the CLI, never over web mode’s WebSocket', async () => {
    for (const [method, input] of [
      ['inputs.importPath', { path: '/etc/hostname' }],
      ['catalog.importFile', { path: '/etc/hostname' }],
    ] as const) {
      const error = (await t.core.call(method, input, { transport: 'websocket' }).catch((e: unknown) => e)) as AppError
      expect([method, error.code]).toEqual([method, 'FORBIDDEN'])
    }
  })
})
