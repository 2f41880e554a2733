import { readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StoryboardView } from '../../../shared/contract/storyboards'
import { AppError } from '../../../shared/errors'
import type { InputImage } from '../../../shared/draft'
import { startTestEngine, type TestEngine } from '../../support/engine'
import { makeImage } from '../images/fixtures'

/**
 * Building a board from nothing on the Storyboard screen (issue 28 items 1 and 3), over a real
 * engine: New board named after its title (never over one that is there), shots added and
 * removed with their takes, and a keyframe dropped on a shot kept beside the board and named in
 * it by a path relative to the board file.
 */
let engine: TestEngine
beforeAll(async () => {
  engine = await startTestEngine({ sandbox: { render: { longSide: 320, fps: 6 } } })
})
afterAll(async () => {
  await engine?.dispose()
})
const call = <T>(method: string, input?: unknown) => engine.core.call(method, input) as Promise<T>
const folder = () => path.join(engine.dir, 'library', 'Storyboards')
/** The id of the shot at `index` as the board stands. */
const idAt = async (name: string, index: number): Promise<string> => (await call<StoryboardView>('storyboards.get', { name })).shots[index]!.id
const shot = (prompt: string) => ({ prompt, model: 'lumen-1', mode: 't2v' as const, duration: 5 })

describe('building a storyboard', () => {
  it('names a new board after its title, and never writes over a board that is there', async () => {
    const first = await call<StoryboardView>('storyboards.create', { board: { title: 'Launch: film?', shots: [shot('a bottle at dawn')] } })
    expect(first.name).toBe('Launch- film-')
    const second = await call<StoryboardView>('storyboards.create', { board: { title: 'Launch: film?', shots: [shot('another')] } })
    expect(second.name).toBe('Launch- film- 2')
    // The file says the board and its shots by id, and that this machine writes it.
    expect(JSON.parse(await readFile(path.join(folder(), 'Launch- film-.storyboard.json'), 'utf8'))).toEqual({
      id: first.board.id,
      writer: engine.core.library.studio.machine,
      title: 'Launch: film?',
      shots: [{ ...shot('a bottle at dawn'), id: first.shots[0]!.id }],
    })
    expect((await call<Array<{ name: string }>>('storyboards.list')).map((b) => b.name)).toEqual(['Launch- film-', 'Launch- film- 2'])
  })

  it('keeps a dropped keyframe beside the board, named by a path relative to it', async () => {
    const board = await call<StoryboardView>('storyboards.create', { board: { title: 'Frames', shots: [shot('a door'), { prompt: 'it opens', model: 'lumen-1', mode: 'first-last' }] } })
    const bytes = new Uint8Array(await makeImage(640, 360))
    const image = await call<InputImage>('inputs.import', { name: 'door closed.png', bytes })
    const view = await call<StoryboardView>('storyboards.keyframe', { name: board.name, shot: board.shots[1]!.id, slot: 'first', hash: image.hash })
    const relative = view.board.shots[1]!.first!
    expect(relative).toBe(`Frames/door-closed-${image.hash.slice(0, 12)}.png`)
    expect(view.shots[1]!.pictures).toEqual({ [relative]: image.hash })
    const kept = path.join(folder(), relative)
    expect(new Uint8Array(await readFile(kept))).toEqual(bytes)
    expect((await stat(kept)).mode & 0o777).toBe(0o644)
    const written = JSON.parse(await readFile(path.join(folder(), 'Frames.storyboard.json'), 'utf8')) as { shots: Array<{ first?: string }> }
    expect(written.shots[1]!.first).toBe(relative)

    // References add up; the same picture twice is one file, named once.
    await call('storyboards.keyframe', { name: board.name, shot: board.shots[0]!.id, slot: 'refs', hash: image.hash })
    const twice = await call<StoryboardView>('storyboards.keyframe', { name: board.name, shot: board.shots[0]!.id, slot: 'refs', hash: image.hash })
    expect(twice.board.shots[0]!.refs).toEqual([relative])

    await expect(call('storyboards.keyframe', { name: board.name, shot: 'not-a-shot', slot: 'first', hash: image.hash })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      details: { problem: { code: 'storyboard.refused', params: { board: board.name, why: 'shotGone' } } },
    })
    await expect(call('storyboards.keyframe', { name: board.name, shot: board.shots[0]!.id, slot: 'first', hash: 'f'.repeat(64) })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      details: { field: 'hash', problem: { code: 'image.gone', params: { name: `${'f'.repeat(12)}…` } } },
    })
    // A file that is no image is refused where it comes in, naming it.
    await expect(call('inputs.import', { name: 'notes.txt', bytes: new TextEncoder().encode('not a picture') })).rejects.toThrow(/notes\.txt/)
  })

  it('opens a board whose keyframe file is gone, shows it missing, and refuses to generate it, naming the shot and the file', async () => {
    const board = await call<StoryboardView>('storyboards.create', { board: { title: 'Gone', shots: [shot('a door'), { prompt: 'it opens', model: 'kestrel-v2.5', mode: 'first-last' }] } })
    const take = async (name: string, width: number) => (await call<InputImage>('inputs.import', { name, bytes: new Uint8Array(await makeImage(width, 360)) })).hash
    const [closed, open] = [await take('door closed.png', 640), await take('door open.png', 642)]
    await call('storyboards.keyframe', { name: board.name, shot: board.shots[1]!.id, slot: 'first', hash: closed })
    const both = await call<StoryboardView>('storyboards.keyframe', { name: board.name, shot: board.shots[1]!.id, slot: 'last', hash: open })
    const { first, last } = both.board.shots[1]!
    expect(both.shots[1]!.missing).toEqual([])
    await rm(path.join(folder(), last!))

    const opened = await call<StoryboardView>('storyboards.get', { name: board.name })
    expect(opened.board.shots[1]).toMatchObject({ first, last })
    expect(opened.shots[1]!.missing).toEqual([last])
    expect(opened.shots[1]!.pictures).toEqual({ [first!]: closed })
    expect(opened.shots[0]!.missing).toEqual([])

    const before = engine.sandbox.stats().tasksCreated
    const refused = await call('storyboards.run', { name: board.name }).catch((error: unknown) => AppError.from(error))
    expect(refused).toMatchObject({ code: 'INVALID_INPUT', details: { shot: 2, field: 'last' } })
    expect((refused as AppError).fieldProblems).toEqual({ 'shots.1.last': [{ code: 'keyframe.missing', params: { shot: 2, name: last } }] })
    expect(engine.sandbox.stats().tasksCreated).toBe(before)

    // Another picture in its place mends it.
    const mended = await call<StoryboardView>('storyboards.keyframe', { name: board.name, shot: board.shots[1]!.id, slot: 'last', hash: closed })
    expect(mended.shots[1]!.missing).toEqual([])
  })

  it('removes a shot with its takes; the shots after it keep theirs, and the last shot stays', async () => {
    const board = await call<StoryboardView>('storyboards.create', { board: { title: 'Three', shots: [shot('one'), shot('two'), shot('three')] } })
    await call('storyboards.run', { name: board.name })
    const made = await call<StoryboardView>('storyboards.get', { name: board.name })
    expect(made.shots.map((s) => s.state)).toEqual(['made', 'made', 'made'])
    const two = await call<StoryboardView>('storyboards.removeShot', { name: board.name, shot: made.shots[0]!.id })
    expect(two.board.shots.map((s) => s.prompt)).toEqual(['two', 'three'])
    expect(two.shots.map((s) => s.picked)).toEqual([made.shots[1]!.picked, made.shots[2]!.picked])
    expect(two.shots.map((s) => s.state)).toEqual(['made', 'made'])

    // A shot added at the end is new; changing a shot's duration makes it (alone) stale.
    const added = await call<StoryboardView>('storyboards.addShot', { name: board.name, shot: shot('four') })
    expect(added.board.shots.map((s) => s.prompt)).toEqual(['two', 'three', 'four'])
    expect(added.shots.map((s) => s.state)).toEqual(['made', 'made', 'new'])
    const longer = await call<StoryboardView>('storyboards.edit', { name: board.name, shot: added.shots[0]!.id, set: { duration: 10 } })
    expect(longer.shots.map((s) => s.state)).toEqual(['stale', 'made', 'new'])

    // Undo brings the removed shot back where it was, with its take.
    const back = await call<StoryboardView>('storyboards.restoreShot', { name: board.name, shot: made.shots[0]!.id })
    expect(back.board.shots.map((s) => s.prompt)).toEqual(['one', 'two', 'three', 'four'])
    expect(back.shots[0]!.picked).toBe(made.shots[0]!.picked)

    for (const index of [3, 2, 1]) await call('storyboards.removeShot', { name: board.name, shot: await idAt(board.name, index) })
    await expect(call('storyboards.removeShot', { name: board.name, shot: await idAt(board.name, 0) })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { problem: { code: 'storyboard.refused', params: { board: board.name, why: 'lastShot' } } },
    })
  })
})
