import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StoryboardView, TakeUse } from '../../../shared/contract/storyboards'
import { AppError } from '../../../shared/errors'
import { startTestEngine, type TestEngine } from '../../support/engine'
import { putBoard } from './support/boards'
import { STEPS_MS } from '../../e2e/support/waits'

/**
 * A board's takes deleted from the library, over a real engine, the Sandbox and a real library
 * folder: the delete confirmation's question (which shots play this video), a shot whose take is
 * gone (deleted here, or its files removed as another machine sharing the folder would) is
 * "missing" and named by its file, also after a restart; the film and a pick refuse it naming
 * the shot and the file; Generate all remakes exactly those shots.
 */
let engine: TestEngine
beforeAll(async () => {
  engine = await startTestEngine({ sandbox: { render: { longSide: 320, fps: 6 } } })
})
afterAll(async () => {
  await engine?.dispose()
})
/** A limit for a stuck test, not a speed: seven takes are made on a shared machine. */
const MAKING_MS = 4 * STEPS_MS
const call = <T>(method: string, input?: unknown) => engine.core.call(method, input) as Promise<T>
const view = (name = 'Harbour night') => call<StoryboardView>('storyboards.get', { name })
const problemOf = (error: unknown) => AppError.from(error).problem

const board = {
  title: 'Harbour night',
  shots: [
    { prompt: 'a wide shot of a harbour at night', model: 'lumen-1', mode: 't2v' as const, duration: 5 },
    { prompt: 'the camera pushes in on a lighthouse', model: 'lumen-1', mode: 'i2v' as const, duration: 5, continues: true },
    { prompt: 'gulls over the water', model: 'lumen-1', mode: 't2v' as const, duration: 5 },
  ],
}

describe('takes gone from the library', () => {
  it('says which shots use a video, shows the shot missing its take, refuses the film and the pick by name, and remakes it', async () => {
    await putBoard(engine.core.library.folder, 'Harbour night', board)
    await putBoard(engine.core.library.folder, 'Pier', { title: 'Pier', shots: [board.shots[2]!] })
    expect((await call<{ shots: Array<{ made: boolean }> }>('storyboards.run', { name: 'Harbour night' })).shots.map((s) => s.made)).toEqual([true, true, true])
    await call('storyboards.run', { name: 'Pier' })
    const made = await view()
    expect(made.estimate.videos).toBe(0)
    const [first, second, third] = made.shots.map((s) => s.picked!)
    const pier = (await view('Pier')).shots[0]!.picked!
    const names = new Map(await Promise.all(made.shots.map(async (s) => [s.picked!, (await engine.core.library.videoFile(s.picked!)).item.fileName] as const)))
    expect(made.shots.map((s) => s.takeName)).toEqual([names.get(first!), names.get(second!), names.get(third!)])

    // The confirmation's question: the shots whose film plays each video, by board and shot.
    const uses = await call<TakeUse[]>('storyboards.uses', { ids: [third, first, pier, 'not-an-item'] })
    expect(uses).toEqual([
      { itemId: first, name: 'Harbour night', title: 'Harbour night', shot: 1 },
      { itemId: third, name: 'Harbour night', title: 'Harbour night', shot: 3 },
      { itemId: pier, name: 'Pier', title: 'Pier', shot: 1 },
    ])

    // Deleted here: shot 3 is missing its take, named by its file; Generate all would make it.
    await call('library.delete', { id: third })
    const deleted = await view()
    expect(deleted.shots.map((s) => s.state)).toEqual(['made', 'made', 'missing'])
    expect(deleted.shots[2]).toMatchObject({ picked: third, takeName: names.get(third!), takes: [] })
    expect(deleted.estimate.videos).toBe(1)
    const film = await call('storyboards.export', { name: 'Harbour night' }).catch((error: unknown) => error)
    expect(AppError.from(film).code).toBe('INVALID_INPUT')
    expect(problemOf(film)).toEqual({ code: 'storyboard.refused', params: { board: 'Harbour night', why: 'takeGone', shot: 3, take: names.get(third!) } })

    // Another take of shot 1 (and of shot 2, which continues it); its first take then deleted:
    // never offered, never picked. Shot 3, left alone, stays missing.
    const again = await call<{ shots: Array<{ made: boolean; itemId: string | null }> }>('storyboards.run', { name: 'Harbour night', shot: 0 })
    expect(again.shots.map((s) => s.made)).toEqual([true, true, false])
    expect(again.shots[2]!.itemId).toBeNull()
    await call('library.delete', { id: first })
    const offered = await view()
    expect(offered.shots[0]!.takes).toEqual([again.shots[0]!.itemId])
    expect(offered.shots.map((s) => s.state)).toEqual(['made', 'made', 'missing'])
    const pick = await call('storyboards.pick', { name: 'Harbour night', shot: offered.shots[0]!.id, itemId: first }).catch((error: unknown) => error)
    expect(AppError.from(pick).code).toBe('NOT_FOUND')
    expect(problemOf(pick)).toEqual({ code: 'storyboard.refused', params: { board: 'Harbour night', why: 'takeGone', shot: 1, take: names.get(first!) } })
    expect((await view()).shots[0]!.picked).toBe(again.shots[0]!.itemId)

    // Gone on another machine: its files leave the shared folder, this engine sees it at its next
    // look. Restarted, the names of the takes gone are still known (this machine's memory).
    const { file } = await engine.core.library.videoFile(again.shots[1]!.itemId!)
    const stem = path.basename(file, '.mp4')
    for (const other of (await readdir(path.dirname(file))).filter((f) => f.startsWith(`${stem}.`))) await rm(path.join(path.dirname(file), other))
    await engine.restart()
    const elsewhere = await view()
    expect(elsewhere.shots.map((s) => s.state)).toEqual(['made', 'missing', 'missing'])
    expect(elsewhere.shots.map((s) => s.takeName)).toEqual([expect.any(String), path.basename(file), names.get(third!)])
    expect(elsewhere.estimate.videos).toBe(2)

    // Generate all remakes the two missing shots, nothing else; the film is whole again.
    const sent = engine.sandbox.stats().tasksCreated
    const remade = await call<{ shots: Array<{ made: boolean }> }>('storyboards.run', { name: 'Harbour night' })
    expect(remade.shots.map((s) => s.made)).toEqual([false, true, true])
    expect(engine.sandbox.stats().tasksCreated).toBe(sent + 2)
    expect((await view()).shots.map((s) => s.state)).toEqual(['made', 'made', 'made'])
    expect((await call<{ durationSec: number }>('storyboards.export', { name: 'Harbour night' })).durationSec).toBeGreaterThan(0)
  }, MAKING_MS)
})
