import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LibraryChanged } from '../../../shared/contract/library'
import { startTestCore, type TestCore } from '../../support/core'
import { makeMp4 } from './support/mp4'
import { resultFields, stage } from './support/fixtures'

let t: TestCore
const changes: LibraryChanged[] = []

beforeAll(async () => {
  t = await startTestCore()
  t.core.events.on('library.changed', (change) => changes.push(change))
  const mp4 = await makeMp4()
  for (const [n, prompt] of ['Fox in snow', 'City at night', '雪の中の狐'].entries()) {
    await t.core.library.importResult({ ...resultFields({ id: `job${n}-0`, prompt, finishedAt: Date.UTC(2025, 2, 14 + n) }), stagedFile: await stage(t.core.library.folder, mp4) })
  }
})
afterAll(async () => {
  await t.dispose()
})

describe('library procedures (through the router, outputs checked against the contract)', () => {
  it('lists, locates, counts and shows items', async () => {
    const page = (await t.core.call('library.list', { search: 'fox', limit: 10 })) as { items: Array<{ id: string }>; total: number }
    expect(page.items.map((i) => i.id)).toEqual(['job0-0'])
    expect(await t.core.call('library.locate', { id: 'job0-0', query: {} })).toEqual({ index: 2, total: 3 })
    expect(await t.core.call('library.facets')).toMatchObject({ total: 3, models: [{ id: 'kling-v2-master', family: 'kling', count: 3 }] })
    expect(await t.core.call('library.folder')).toEqual({ path: t.core.library.folder, items: 3, ready: true })
    expect(await t.core.call('library.get', { id: 'job2-0' })).toMatchObject({ item: { prompt: '雪の中の狐' }, sidecar: { service: { taskId: 'task-1' } }, inputs: [] })
    expect(changes.filter((c) => c.kind === 'added')).toHaveLength(3)
  })

  it('updates, sets a poster from bytes, reuses and deletes, and refuses bad input by field', async () => {
    expect(await t.core.call('library.update', { id: 'job1-0', favourite: true, addTags: [' night '] })).toMatchObject({ favourite: true, tags: ['night'] })
    await expect(t.core.call('library.update', { id: 'job1-0', rating: 9 })).rejects.toMatchObject({ code: 'INVALID_INPUT', details: { fields: { rating: expect.any(Array) } } })
    await expect(t.core.call('library.update', { id: 'job1-0', addTags: [''] })).rejects.toMatchObject({ details: { fields: { 'addTags.0': [{ code: 'input.invalid', params: { reason: 'a tag cannot be empty' } }] } } })
    const jpeg = new Uint8Array(await sharp({ create: { width: 32, height: 18, channels: 3, background: '#333' } }).jpeg().toBuffer())
    expect(await t.core.call('library.setPoster', { id: 'job1-0', bytes: jpeg })).toMatchObject({ hasPoster: true })
    expect(await t.core.call('library.reuse', { id: 'job1-0' })).toEqual({ draft: resultFields({ prompt: 'City at night' }).draft, images: [], missing: [] })
    expect(await t.core.call('library.reveal', { id: 'job1-0' })).toMatchObject({ done: false, message: expect.stringContaining('cannot show files') })
    expect(await t.core.call('library.delete', { id: 'job1-0' })).toMatchObject({ trashed: 'library-trash' })
    await expect(t.core.call('library.get', { id: 'job1-0' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(changes.at(-1)).toEqual({ kind: 'removed', ids: ['job1-0'] })
  })
})
