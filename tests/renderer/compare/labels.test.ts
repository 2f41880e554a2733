import { describe, expect, it } from 'vitest'
import type { LibraryItem } from '@shared/library'
import { clipLabels } from '@/components/compare/labels'

const item = (over: Partial<LibraryItem>): LibraryItem => ({
  id: 'a', origin: 'generated', prompt: 'A red fox in snow', modelId: 'lumen-1', family: 'lumen', version: '1', mode: 't2v', finishedAt: 0,
  favourite: false, rating: 0, tags: [], sandbox: true, hasPoster: false, fileName: 'a.mp4', folder: '', ...over,
})
const words = { model: (i: LibraryItem) => (i.modelId === 'lumen-1' ? 'Lumen 1' : 'Kestrel 2.6'), mode: (i: LibraryItem) => i.mode ?? '', time: (i: LibraryItem) => `t${i.finishedAt}` }

describe('compare labels say what differs', () => {
  it('names the models when the models differ', () => {
    expect(clipLabels([item({}), item({ modelId: 'kestrel-v2.6' })], words)).toEqual(['Lumen 1', 'Kestrel 2.6'])
  })
  it('names the prompts when one model made both (two prompts were both "Lumen 1")', () => {
    expect(clipLabels([item({}), item({ prompt: 'A koi pond at night' })], words)).toEqual(['A red fox in snow', 'A koi pond at night'])
  })
  it('names model and prompt when both differ, and the time when only that does', () => {
    expect(clipLabels([item({}), item({ modelId: 'kestrel-v2.6', prompt: 'Koi' })], words)).toEqual(['Lumen 1 · A red fox in snow', 'Kestrel 2.6 · Koi'])
    expect(clipLabels([item({ finishedAt: 1 }), item({ finishedAt: 2 })], words)).toEqual(['t1', 't2'])
  })
  it('leaves the time out when something else tells them apart (one batch either side of a minute)', () => {
    expect(clipLabels([item({ finishedAt: 1 }), item({ modelId: 'kestrel-v2.6', finishedAt: 2 })], words)).toEqual(['Lumen 1', 'Kestrel 2.6'])
  })
  it('falls back to the model when nothing differs', () => {
    expect(clipLabels([item({}), item({})], words)).toEqual(['Lumen 1', 'Lumen 1'])
  })
})
