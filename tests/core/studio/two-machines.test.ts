import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StoryboardView } from '../../../shared/contract/storyboards'
import type { LibraryDetail } from '../../../shared/contract/library'
import { startTestCore, type TestCore } from '../../support/core'
import { useTempDir } from '../../support/temp'
import { WORK_MS } from '../../e2e/support/waits'
import { makeMp4 } from '../library/support/mp4'
import { resultFields, stage } from '../library/support/fixtures'
import { putBoard } from '../storyboards/support/boards'

/**
 * Two designers, two engines (two data folders: two machines), one library folder, each engine
 * following it as the app does: edits of one board and one item at the same moment all survive,
 * each engine shows the other's within its follow, and no file is written by both.
 */
const cores: TestCore[] = []
afterEach(async () => {
  await Promise.all(cores.splice(0).map((t) => t.dispose()))
})
const settled = { timeout: WORK_MS, interval: 50 }

async function studio(): Promise<{ library: string; mei: TestCore; tom: TestCore }> {
  const library = path.join(await useTempDir('reelbox-studio-'), 'library')
  const machine = async (user: string): Promise<TestCore> => {
    const t = await startTestCore({ paths: { data: path.join(await useTempDir(`reelbox-${user}-`), 'data'), library }, maker: { user, machine: `${user}-mac` }, libraryFollowMs: 200 })
    cores.push(t)
    return t
  }
  return { library, mei: await machine('Mei'), tom: await machine('Tom') }
}

const shot = (prompt: string) => ({ prompt, model: 'lumen-1', mode: 't2v' as const, duration: 5 })
const board = (t: TestCore) => t.core.call('storyboards.get', { name: 'harbour' }) as Promise<StoryboardView>
const edit = (t: TestCore, id: string, set: Record<string, unknown>) => t.core.call('storyboards.edit', { name: 'harbour', shot: id, set }) as Promise<StoryboardView>

describe('two machines on one board', () => {
  it('keeps both designers’ edits of different shots made at once, follows them live, and says who won a field both set', async () => {
    const { library, mei, tom } = await studio()
    await putBoard(library, 'harbour', { title: 'Harbour', shots: [shot('one'), shot('two'), shot('three'), shot('four')] })
    const ids = (await board(mei)).shots.map((s) => s.id)
    const told: string[][] = []
    tom.core.events.on('storyboards.changed', ({ boards }) => told.push(boards))

    // Shot 3's prompt on Mei's machine, shot 4's on Tom's, at the same moment; then a move and a new shot.
    await Promise.all([edit(mei, ids[2]!, { prompt: 'three, at night' }), edit(tom, ids[3]!, { prompt: 'four, in the rain' })])
    await Promise.all([
      mei.core.call('storyboards.move', { name: 'harbour', shot: ids[0], to: 3 }),
      tom.core.call('storyboards.addShot', { name: 'harbour', shot: shot('five') }),
    ])
    // Both put a shot last at once: the two land after shot 4, in one order on both machines.
    const prompts = async (t: TestCore) => (await board(t)).board.shots.map((s) => s.prompt)
    await vi.waitFor(async () => {
      const [seen, his] = [await prompts(mei), await prompts(tom)]
      expect(seen.slice(0, 3)).toEqual(['two', 'three, at night', 'four, in the rain'])
      expect([...seen.slice(3)].sort()).toEqual(['five', 'one'])
      expect(his).toEqual(seen)
    }, settled)
    const want = await prompts(mei)
    // Tom's engine told his page of Mei's changes on its own.
    expect(told.flat()).toContain((await board(tom)).board.id)

    // Both set shot 2's prompt: one wins on both machines, and the other is told who, with their own words a click away.
    await edit(mei, ids[1]!, { prompt: 'two, by Mei' })
    await vi.waitFor(async () => expect((await board(tom)).board.shots[0]!.prompt).toBe('two, by Mei'), settled)
    await edit(tom, ids[1]!, { prompt: 'two, by Tom' })
    await vi.waitFor(async () => expect((await board(mei)).board.shots[0]!.prompt).toBe('two, by Tom'), settled)
    expect((await board(mei)).shots[0]!.overruled).toEqual([{ field: 'prompt', who: 'Tom', mine: 'two, by Mei' }])
    expect((await board(tom)).shots[0]!.overruled).toEqual([])

    // The file shows the merge, written by one machine only; each machine wrote its own log.
    await vi.waitFor(async () => {
      const file = JSON.parse(await readFile(path.join(library, 'Storyboards', 'harbour.storyboard.json'), 'utf8')) as { shots: Array<{ prompt: string }> }
      expect(file.shots.map((s) => s.prompt)).toEqual(['two, by Tom', ...want.slice(1)])
    }, settled)
    expect((await readdir(path.join(library, '.reelbox-shared', 'changes'))).sort()).toEqual([`${mei.core.library.studio.machine}.jsonl`, `${tom.core.library.studio.machine}.jsonl`].sort())
  })
})

describe('two machines on one item', () => {
  it('two designers who favourite at once get a favourite, and tags both add stay', async () => {
    const { library, mei, tom } = await studio()
    const item = await mei.core.library.importResult({ ...resultFields(), stagedFile: await stage(library, await makeMp4({ width: 64, height: 48, frames: 12 })) })
    await vi.waitFor(async () => expect(await tom.core.library.has(item.id)).toBe(true), settled)
    await Promise.all([
      mei.core.call('library.update', { id: item.id, favourite: true, addTags: ['hero'] }),
      tom.core.call('library.update', { id: item.id, favourite: true, addTags: ['client-x'] }),
    ])
    for (const t of [mei, tom]) {
      await vi.waitFor(async () => {
        const { item: seen } = (await t.core.call('library.get', { id: item.id })) as LibraryDetail
        expect({ favourite: seen.favourite, tags: [...seen.tags].sort() }).toEqual({ favourite: true, tags: ['client-x', 'hero'] })
      }, settled)
    }
  })
})
