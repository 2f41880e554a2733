import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LibraryOptions } from '../../../electron/core/library/library'
import { useTempDir } from '../../support/temp'
import { WORK_MS } from '../../e2e/support/waits'
import { makeMp4 } from './support/mp4'
import { openTestLibrary, resultFields, stage, type TestLibrary } from './support/fixtures'

/**
 * Issue 27 item 4: two engines (two data folders, as two machines) on one library folder, each
 * running: what one makes appears in the other's library, and what it deletes disappears, with
 * no rescan asked for, by file-system events where the disk gives them and by the periodic check
 * where it does not (a network share, a sync engine's folder). The product promises 5 s; these
 * tests wait on the other engine's `library.changed` event, however long a loaded machine takes.
 */
const opened: TestLibrary[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.dispose()))
})

async function twoRunning(follow: Partial<LibraryOptions>): Promise<{ root: string; maker: TestLibrary; watcher: TestLibrary }> {
  const root = path.join(await useTempDir('reelbox-live-'), 'library')
  const maker = openTestLibrary(await useTempDir('reelbox-machine-a-'), { library: root })
  const watcher = openTestLibrary(await useTempDir('reelbox-machine-b-'), { library: root, ...follow })
  opened.push(maker, watcher)
  await maker.library.validated()
  await watcher.library.validated()
  return { root, maker, watcher }
}

const announced = (t: TestLibrary, kind: 'added' | 'removed', id: string): Promise<void> =>
  vi.waitFor(() => expect(t.events.some((e) => e.kind === kind && e.ids.includes(id))).toBe(true), { timeout: WORK_MS, interval: 50 })

const all = { sort: 'newest' as const, offset: 0, limit: 10 }

describe('another machine’s results, live', () => {
  it('shows an item made on the other engine, and drops it when deleted there, from file-system events', async () => {
    // A periodic check far beyond the test's wait: what arrives, arrives by an event.
    const { root, maker, watcher } = await twoRunning({ followMs: 10 * WORK_MS })
    const first = await maker.library.importResult({ ...resultFields(), stagedFile: await stage(root, await makeMp4({ width: 64, height: 48, frames: 12 })) })
    await announced(watcher, 'added', first.id)
    expect((await watcher.library.list(all)).items.map((i) => i.id)).toEqual([first.id])

    // The month folder is watched now too: a second result in it arrives the same way.
    const second = await maker.library.importResult({ ...resultFields({ id: 'job02-0', jobId: 'job02', finishedAt: Date.UTC(2025, 2, 14, 9, 40) }), stagedFile: await stage(root, await makeMp4({ width: 64, height: 48, frames: 12 })) })
    await announced(watcher, 'added', second.id)

    await maker.library.delete(first.id)
    await announced(watcher, 'removed', first.id)
    expect((await watcher.library.list(all)).items.map((i) => i.id)).toEqual([second.id])
  })

  it('shows and drops them by the periodic check where the folder gives no events', async () => {
    const { root, maker, watcher } = await twoRunning({ followMs: 200, followEvents: false })
    const item = await maker.library.importResult({ ...resultFields(), stagedFile: await stage(root, await makeMp4({ width: 64, height: 48, frames: 12 })) })
    await announced(watcher, 'added', item.id)
    expect((await watcher.library.get(item.id)).item.prompt).toBe(item.prompt)
    await maker.library.delete(item.id)
    await announced(watcher, 'removed', item.id)
    expect((await watcher.library.list(all)).total).toBe(0)
  })

})
