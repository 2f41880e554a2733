import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StoryboardView } from '../../../shared/contract/storyboards'
import type { InputImage } from '../../../shared/draft'
import { AppError } from '../../../shared/errors'
import { boardResolutions } from '../../../shared/rules/board-resolution'
import type { Storyboard } from '../../../shared/storyboard'
import { startTestEngine, type TestEngine } from '../../support/engine'
import { STEPS_MS } from '../../e2e/support/waits'
import { makeImage } from '../images/fixtures'
import { putBoard } from './support/boards'

/**
 * What the Storyboard screen's header does to a whole board (issue 28 items 3 and 4), over a real
 * engine, its catalogue and real files: a board renamed with its takes and keyframe folder (a
 * taken or impossible name refused by name, nothing changed), and one resolution for every shot,
 * offered and refused by the models' own rules, the shots it changes going stale.
 */
let engine: TestEngine
beforeAll(async () => {
  engine = await startTestEngine({ sandbox: { render: { longSide: 320, fps: 6 } } })
})
afterAll(async () => {
  await engine?.dispose()
})
/** A limit for a stuck test, not a speed: three shots are made on a shared machine. */
const MAKING_MS = 2 * STEPS_MS
const call = <T>(method: string, input?: unknown) => engine.core.call(method, input) as Promise<T>
const folder = () => path.join(engine.dir, 'library', 'Storyboards')
const read = async (name: string) => JSON.parse(await readFile(path.join(folder(), `${name}.storyboard.json`), 'utf8')) as Storyboard
const problemOf = (error: unknown) => AppError.from(error).problem

describe('renaming a board', () => {
  it('moves the board, its takes and its keyframes to the new name; its title follows', async () => {
    // A board from before, with the takes file builds from before kept beside it.
    await putBoard(path.join(engine.dir, 'library'), 'Launch film', { title: 'Launch film', shots: [{ prompt: 'a door', model: 'lumen-1', mode: 't2v' }, { prompt: 'it opens', model: 'kestrel-v2.5', mode: 'first-last' }] })
    const takes = { reelbox: 1, shots: [{ fingerprint: 'f', takes: ['item-1', 'item-2'], picked: 'item-2' }, null] }
    await writeFile(path.join(folder(), 'Launch film.takes.json'), JSON.stringify(takes))
    const made = await call<StoryboardView>('storyboards.get', { name: 'Launch film' })
    const image = await call<InputImage>('inputs.import', { name: 'door.png', bytes: new Uint8Array(await makeImage(640, 360)) })
    const keyed = await call<StoryboardView>('storyboards.keyframe', { name: made.name, shot: made.shots[1]!.id, slot: 'first', hash: image.hash })
    expect(keyed.board.shots[1]!.first).toBe(`Launch film/door-${image.hash.slice(0, 12)}.png`)
    // (ids of no video in this library: the shot's take is missing, and none is offered).
    expect(keyed.shots[0]).toMatchObject({ takes: [], picked: 'item-2', state: 'missing' })

    const renamed = await call<StoryboardView>('storyboards.rename', { name: 'Launch film', to: 'Harbour 夜景' })
    expect(renamed.name).toBe('Harbour 夜景')
    expect(renamed.board.title).toBe('Harbour 夜景')
    const first = `Harbour 夜景/door-${image.hash.slice(0, 12)}.png`
    expect(renamed.board.shots[1]!.first).toBe(first)
    // The keyframe is found under its new path (its picture shows), the takes are the board's still
    // (ids of no video in this library: the shot's take is missing, and none is offered).
    expect(renamed.shots[1]!.pictures).toEqual({ [first]: image.hash })
    expect(renamed.shots[0]).toMatchObject({ takes: [], picked: 'item-2', state: 'missing' })
    expect((await readdir(folder())).sort()).toEqual(['Harbour 夜景', 'Harbour 夜景.storyboard.json', 'Harbour 夜景.takes.json'])
    expect(await readdir(path.join(folder(), 'Harbour 夜景'))).toEqual([path.basename(first)])
    expect(JSON.parse(await readFile(path.join(folder(), 'Harbour 夜景.takes.json'), 'utf8'))).toEqual(takes)
    expect(await call('storyboards.list')).toEqual([{ name: 'Harbour 夜景', title: 'Harbour 夜景', shots: 2 }])
  })

  it('refuses a name another board, takes file or folder has, or that cannot be a file name, naming it; nothing changes', async () => {
    const library = path.join(engine.dir, 'library')
    await putBoard(library, 'Dawn', { title: 'Dawn', shots: [{ prompt: 'sunrise', model: 'lumen-1', mode: 't2v' }] })
    await putBoard(library, 'Dusk', { title: 'Dusk', shots: [{ prompt: 'sunset', model: 'lumen-1', mode: 't2v' }] })
    await mkdir(path.join(folder(), 'Noon'))
    const before = (await readdir(folder())).sort()
    for (const to of ['Dusk', 'Noon']) {
      const refused = await call('storyboards.rename', { name: 'Dawn', to }).catch((error: unknown) => error)
      expect(problemOf(refused)).toEqual({ code: 'storyboard.nameTaken', params: { name: to } })
    }
    for (const to of ['a/b', '.hidden', '', 'x'.repeat(121), 'what?']) {
      const refused = await call('storyboards.rename', { name: 'Dawn', to }).catch((error: unknown) => error)
      expect(problemOf(refused)).toEqual({ code: 'storyboard.nameInvalid', params: { name: to } })
    }
    expect((await readdir(folder())).sort()).toEqual(before)
    expect(await read('Dawn')).toEqual({ title: 'Dawn', shots: [{ prompt: 'sunrise', model: 'lumen-1', mode: 't2v' }] })
    await expect(call('storyboards.rename', { name: 'Gone', to: 'Here' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('one resolution for the whole board', () => {
  const shots = [
    { prompt: 'a wide shot of a harbour', model: 'lumen-1', mode: 't2v' as const, duration: 5 },
    { prompt: 'the lighthouse', model: 'kestrel-v2.5', mode: 't2v' as const, duration: 5, resolution: '1080p' },
    { prompt: 'gulls', model: 'lumen-1-fast', mode: 't2v' as const, duration: 5 },
  ]

  it('offers only what every shot takes, names the shots that cannot, and makes the changed shots stale', async () => {
    const models = (await call<{ catalog: { models: Array<{ id: string }> } }>('catalog.get')).catalog.models
    const modelOf = (id: string) => models.find((m) => m.id === id) as never
    // Lumen 1 Fast offers 720p only: 1080p is the others' and not the board's; no size is shared yet.
    expect(boardResolutions(modelOf, shots)).toEqual({ choices: [{ value: '720p', without: [] }, { value: '1080p', without: [2] }], current: undefined })

    await putBoard(path.join(engine.dir, 'library'), 'Harbour', { title: 'Harbour', shots })
    const made = await call<{ shots: Array<{ made: boolean }> }>('storyboards.run', { name: 'Harbour' })
    expect(made.shots.map((s) => s.made)).toEqual([true, true, true])
    const written = await readFile(path.join(folder(), 'Harbour.storyboard.json'), 'utf8')

    const refused = await call('storyboards.resolution', { name: 'Harbour', resolution: '1080p' }).catch((error: unknown) => error)
    expect(problemOf(refused)).toEqual({ code: 'storyboard.resolutionNotOffered', params: { resolution: '1080p', shots: [3] } })
    expect(await readFile(path.join(folder(), 'Harbour.storyboard.json'), 'utf8')).toBe(written)

    const sent = engine.sandbox.stats().tasksCreated
    const view = await call<StoryboardView>('storyboards.resolution', { name: 'Harbour', resolution: '720p' })
    // Each shot says its size; shot 3 made 720p already (its model's only one) and is left as it was.
    expect((await read('Harbour')).shots.map((s) => s.resolution)).toEqual(['720p', '720p', undefined])
    expect(view.shots.map((s) => s.state)).toEqual(['stale', 'stale', 'made'])
    expect(boardResolutions(modelOf, view.board.shots).current).toBe('720p')
    expect(engine.sandbox.stats().tasksCreated).toBe(sent)
    // The same size again changes nothing more.
    const again = await call<StoryboardView>('storyboards.resolution', { name: 'Harbour', resolution: '720p' })
    expect(again.shots.map((s) => s.state)).toEqual(['stale', 'stale', 'made'])
  }, MAKING_MS)
})
