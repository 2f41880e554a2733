import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StoryboardView } from '../../../shared/contract/storyboards'
import type { LibraryDetail } from '../../../shared/contract/library'
import type { LibraryItem } from '../../../shared/library'
import { ffprobe } from '../../support/ffmpeg'
import { startTestEngine, type TestEngine } from '../../support/engine'
import { putBoard } from './support/boards'

/**
 * The Storyboard screen's procedures over a real engine and the Sandbox (issue 28): a board in
 * the library's Storyboards/ folder, Generate all, another take of shot 1 picked (shot 2, which
 * continues it, goes stale and alone is remade), and the film exported into the library.
 */
let engine: TestEngine
beforeAll(async () => {
  engine = await startTestEngine({ sandbox: { render: { longSide: 320, fps: 6 } } })
})
afterAll(async () => {
  await engine?.dispose()
})

const board = (opening: string) => ({
  title: 'Harbour',
  shots: [
    { prompt: opening, model: 'lumen-1', mode: 't2v' as const, duration: 5 },
    { prompt: 'the camera pushes in', model: 'lumen-1', mode: 'i2v' as const, duration: 5, continues: true },
    { prompt: 'a logo on black', model: 'lumen-1', mode: 't2v' as const, duration: 5 },
  ],
})

describe('storyboards.*', () => {
  it('generates, picks another take, remakes what follows it, and exports the film', async () => {
    const { core, sandbox } = engine
    const call = <T>(method: string, input?: unknown) => core.call(method, input) as Promise<T>
    await putBoard(core.library.folder, 'harbour', board('a wide shot at dusk'))
    const saved = await call<StoryboardView>('storyboards.get', { name: 'harbour' })
    expect(saved.shots.map((s) => s.state)).toEqual(['new', 'new', 'new'])
    // The Sandbox costs nothing, whatever the catalogue says.
    expect(saved.estimate).toEqual({ kind: 'free', videos: 3 })
    expect(await call('storyboards.list')).toEqual([{ name: 'harbour', title: 'Harbour', shots: 3 }])

    const first = await call<{ shots: Array<{ made: boolean }> }>('storyboards.run', { name: 'harbour' })
    expect(first.shots.map((s) => s.made)).toEqual([true, true, true])
    await call('storyboards.edit', { name: 'harbour', shot: saved.shots[0]!.id, set: { prompt: 'a wide shot at night' } })
    expect((await call<StoryboardView>('storyboards.get', { name: 'harbour' })).shots.map((s) => s.state)).toEqual(['stale', 'stale', 'made'])
    await call('storyboards.run', { name: 'harbour' })
    const before = sandbox.stats().tasksCreated

    // The first take of shot 1 again: shot 2 follows it, and alone is remade.
    const made = await call<StoryboardView>('storyboards.get', { name: 'harbour' })
    expect(made.shots[0]!.takes).toHaveLength(2)
    const picked = await call<StoryboardView>('storyboards.pick', { name: 'harbour', shot: made.shots[0]!.id, itemId: made.shots[0]!.takes[0] })
    expect(picked.shots.map((s) => s.state)).toEqual(['made', 'stale', 'made'])
    expect(picked.estimate.videos).toBe(1)
    const remade = await call<{ shots: Array<{ made: boolean }> }>('storyboards.run', { name: 'harbour' })
    expect(remade.shots.map((s) => s.made)).toEqual([false, true, false])
    expect(sandbox.stats().tasksCreated).toBe(before + 1)
    const detail = await call<LibraryDetail>('library.get', { id: (await call<StoryboardView>('storyboards.get', { name: 'harbour' })).shots[1]!.picked })
    expect(detail.item.continues).toBe(made.shots[0]!.takes[0])
    // Its image, the last frame it continues, is named as Continue names a frame: the take's file
    // and the time, in no one language (issue 23 item 3).
    const continued = await call<{ item: LibraryItem }>('library.get', { id: made.shots[0]!.takes[0] })
    const stem = continued.item.fileName.replace(/\.mp4$/, '')
    const [image] = detail.inputs.map((input) => input.name ?? '')
    expect(image!.startsWith(`${stem} @ `) && /@ \d+\.\d\d s\.png$/.test(image!), image).toBe(true)

    // Regenerate shot 3: another take of it, picked; nothing else sent.
    const regenerated = await call<{ shots: Array<{ made: boolean }> }>('storyboards.run', { name: 'harbour', shot: 2 })
    expect(regenerated.shots.map((s) => s.made)).toEqual([false, false, true])
    expect(sandbox.stats().tasksCreated).toBe(before + 2)
    expect((await call<StoryboardView>('storyboards.get', { name: 'harbour' })).shots[2]!.takes).toHaveLength(2)

    const film = await call<{ item: LibraryItem; durationSec: number }>('storyboards.export', { name: 'harbour' })
    const file = path.join(core.library.folder, film.item.folder, film.item.fileName)
    expect(film.item.folder).toBe('Sequences')
    expect(Number((await ffprobe(file)).format.duration)).toBeCloseTo(film.durationSec, 1)
    expect((await ffprobe(file)).format.tags?.['com.reelbox.storyboard']).toContain('"title":"Harbour"')
  })

  it('says why a shot has no take as a code: its job failed, and the shot continuing it waits', async () => {
    const { core, sandbox } = engine
    const call = <T>(method: string, input?: unknown) => core.call(method, input) as Promise<T>
    await putBoard(core.library.folder, 'pier', { title: 'Pier', shots: board('a pier in fog').shots.slice(0, 2) })
    sandbox.faults.inject('task-failure', { route: 'submit' })
    const run = await call<{ shots: Array<{ made: boolean; problem?: { code: string; params: Record<string, unknown> } }> }>('storyboards.run', { name: 'pier' })
    expect(run.shots.map((s) => s.made)).toEqual([false, false])
    expect(run.shots[0]!.problem).toEqual({ code: 'shot.notMade', params: { why: 'phase', job: expect.any(String), phase: 'failed' } })
    expect(run.shots[1]!.problem).toEqual({ code: 'shot.notMade', params: { why: 'waits', shot: 1 } })
  })

  it('moves a shot with its takes; a shot that now continues another is stale', async () => {
    const call = <T>(method: string, input?: unknown) => engine.core.call(method, input) as Promise<T>
    const before = await call<StoryboardView>('storyboards.get', { name: 'harbour' })
    const logoFirst = await call<StoryboardView>('storyboards.move', { name: 'harbour', shot: before.shots[2]!.id, to: 0 })
    expect(logoFirst.board.shots.map((s) => s.prompt)).toEqual(['a logo on black', 'a wide shot at night', 'the camera pushes in'])
    expect(logoFirst.shots.map((s) => s.picked)).toEqual([before.shots[2]!.picked, before.shots[0]!.picked, before.shots[1]!.picked])
    expect(logoFirst.shots.map((s) => s.state)).toEqual(['made', 'made', 'made'])
    const logoSecond = await call<StoryboardView>('storyboards.move', { name: 'harbour', shot: logoFirst.shots[1]!.id, to: 0 })
    expect(logoSecond.shots.map((s) => s.state)).toEqual(['made', 'made', 'stale'])
  })

  it('refuses a name that is a path, and a take the shot does not have', async () => {
    const call = (method: string, input?: unknown) => engine.core.call(method, input)
    await expect(call('storyboards.get', { name: '../secrets' })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    await expect(call('storyboards.get', { name: '.hidden' })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    const { shots } = (await call('storyboards.get', { name: 'harbour' })) as StoryboardView
    await expect(call('storyboards.pick', { name: 'harbour', shot: shots[0]!.id, itemId: 'not-a-take' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      details: { problem: { code: 'storyboard.refused', params: { board: 'harbour', why: 'noSuchTake', shot: 1, take: 'not-a-take' } } },
    })
  })
})
