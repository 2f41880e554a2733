import type { LibraryItem, LibraryQuery } from '@shared/library'
import { installFakeEngine } from '../support/fake-engine'

const DAY = 86_400_000
const models = [
  { modelId: 'kestrel-v2.6', family: 'kestrel', version: '2.6' },
  { modelId: 'kestrel-v2.5', family: 'kestrel', version: '2.5' },
  { modelId: 'atlas-pro', family: 'atlas', version: 'Pro' },
]

/** `count` items, newest first, `perDay` per local day, ending at noon on 14 March 2025. */
export function makeItems(count: number, perDay = 200): LibraryItem[] {
  const noon = new Date(2025, 2, 14, 12).getTime()
  return Array.from({ length: count }, (_, i) => {
    const day = Math.floor(i / perDay)
    const model = models[i % models.length]!
    return {
      id: `item${i}`,
      origin: 'generated',
      prompt: i % 2 ? `neon city at night #${i}` : `a fox in the snow #${i}`,
      ...model,
      mode: i % 3 ? 't2v' : 'i2v',
      finishedAt: noon - day * DAY - (i % perDay) * 60_000,
      durationSec: 5,
      width: 1280,
      height: 720,
      favourite: i % 5 === 0,
      rating: i % 6,
      tags: i % 4 === 0 ? ['hero'] : [],
      sandbox: i % 3 === 0,
      hasPoster: true,
      fileName: `clip-${i}.mp4`,
      folder: '2025-03',
    } satisfies LibraryItem
  })
}

const dayOf = (t: number): string => {
  const d = new Date(t)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/**
 * The library procedures over an in-memory list (search and the simple filters, like the engine).
 * `until`: pages and day counts wait for it (an engine still building its index).
 */
export function installFakeLibrary(items: LibraryItem[], until?: Promise<unknown>) {
  const match = (q: LibraryQuery): LibraryItem[] => {
    const words = (q.search ?? '').toLowerCase().split(/\s+/).filter(Boolean)
    const list = items.filter(
      (item) =>
        words.every((w) => item.prompt.toLowerCase().includes(w)) &&
        (!q.favourite || item.favourite) &&
        (!q.modelIds?.length || q.modelIds.includes(item.modelId)) &&
        (!q.families?.length || q.families.includes(item.family)),
    )
    return q.sort === 'oldest' ? [...list].reverse() : list
  }
  const engine = installFakeEngine({
    'app.info': () => ({ name: 'Reelbox', version: '1', shell: 'web', platform: 'linux', arch: 'x64', runtime: 'Node', dataDir: '/d', libraryDir: '/l', startedAt: 0, powers: { reveal: false, open: false, save: false, drag: false } }),
    'app.recentLog': () => [],
    'library.folder': () => ({ path: '/home/me/Videos/Reelbox', items: items.length, ready: true }),
    'library.facets': () => ({
      total: items.length,
      models: models.map((m) => ({ id: m.modelId, family: m.family, count: 1 })),
      families: [
        { family: 'kestrel', count: 2 },
        { family: 'atlas', count: 1 },
      ],
      modes: [{ mode: 't2v', count: 1 }],
      tags: [{ tag: 'hero', count: 1 }],
      makers: [...new Set(items.flatMap((i) => (i.madeBy ? [i.madeBy.user] : [])))].map((user) => ({ user, count: items.filter((i) => i.madeBy?.user === user).length })),
      favourites: 1,
    }),
    'library.list': async (input) => {
      await until
      const q = input as LibraryQuery & { offset: number; limit: number }
      const all = match(q)
      return { items: all.slice(q.offset, q.offset + q.limit), total: all.length, offset: q.offset }
    },
    'library.days': async (input) => {
      await until
      const days: Array<{ day: string; count: number }> = []
      const all = match(input as LibraryQuery)
      for (const item of all) {
        const day = dayOf(item.finishedAt)
        const last = days[days.length - 1]
        if (last?.day === day) last.count++
        else days.push({ day, count: 1 })
      }
      return { days, total: all.length }
    },
    'library.locate': (input) => {
      const { id, query } = input as { id: string; query: LibraryQuery }
      const all = match(query)
      return { index: all.findIndex((item) => item.id === id), total: all.length }
    },
    'library.get': (input) => {
      const item = items.find((x) => x.id === (input as { id: string }).id)
      if (!item) throw new Error('no such item')
      return { item, inputs: [] }
    },
  })
  return engine
}
