import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { LibraryDetail } from '../../../shared/contract/library'
import type { StoryboardView } from '../../../shared/contract/storyboards'
import type { Sequence } from '../../../shared/sequence'
import { sidecarOf } from '../../../electron/core/library/naming'
import { startTestCore, type TestCore } from '../../support/core'
import { useTempDir } from '../../support/temp'
import { makeMp4 } from '../library/support/mp4'
import { openTestLibrary, resultFields, stage } from '../library/support/fixtures'
import { putBoard } from '../storyboards/support/boards'

/**
 * A library as builds before the change logs left it: a sidecar whose marks are stamped in the
 * file and that names no writer, a board without ids with its takes in `NAME.takes.json`, a
 * sequence file without a writer. Opened by this build, nothing is lost; edited, the files stay
 * readable by other tools and say the merge; opened again, the same.
 */
const cores: TestCore[] = []
afterEach(async () => {
  await Promise.all(cores.splice(0).map((t) => t.dispose()))
})

describe('a library from before', () => {
  it('opens with every mark, take and sequence, and keeps them through edits and a restart', async () => {
    const dir = await useTempDir('reelbox-before-')
    const library = path.join(dir, 'library')
    const maker = openTestLibrary(path.join(dir, 'old-machine'), { library })
    const item = await maker.library.importResult({ ...resultFields(), stagedFile: await stage(library, await makeMp4({ width: 64, height: 48, frames: 12 })) })
    await maker.dispose()
    const sidecar = sidecarOf(path.join(library, item.folder, item.fileName))
    const { writer: _none, ...fresh } = JSON.parse(await readFile(sidecar, 'utf8')) as Record<string, unknown>
    await writeFile(sidecar, JSON.stringify({ ...fresh, favourite: true, rating: 3, tags: ['fox'], stamps: { favourite: { value: true, at: 1_000 }, rating: { value: 3, at: 1_000 }, tags: { fox: { added: 1_000 } } } }, null, 2))
    const shot = (prompt: string) => ({ prompt, model: 'lumen-1', mode: 't2v' as const, duration: 5 })
    await putBoard(library, 'harbour', { title: 'Harbour', shots: [shot('a wide shot'), shot('the lighthouse')] })
    await writeFile(path.join(library, 'Storyboards', 'harbour.takes.json'), JSON.stringify({ reelbox: 1, shots: [{ fingerprint: 'old', takes: [item.id], picked: item.id }, null] }))
    await mkdir(path.join(library, 'Sequences'), { recursive: true })
    const sequence = { schemaVersion: 1, id: 'a1b2c3d4e5f6', name: 'Reel', items: [item.id], createdAt: 1_000, updatedAt: 1_000 }
    await writeFile(path.join(library, 'Sequences', 'reel_a1b2c3d4e5f6.sequence.json'), JSON.stringify(sequence))

    const t = await startTestCore({ paths: { data: path.join(dir, 'new-machine'), library } })
    cores.push(t)
    const call = <T>(method: string, input?: unknown) => t.core.call(method, input) as Promise<T>
    const seen = async () => ({
      marks: ((await call<LibraryDetail>('library.get', { id: item.id })).item as { favourite: boolean; rating: number; tags: string[] }),
      board: await call<StoryboardView>('storyboards.get', { name: 'harbour' }),
      sequences: await call<Sequence[]>('sequences.list'),
    })
    const before = await seen()
    expect(before.marks).toMatchObject({ favourite: true, rating: 3, tags: ['fox'] })
    expect(before.board.shots.map((s) => s.picked)).toEqual([item.id, null])
    expect(before.sequences).toMatchObject([{ id: sequence.id, name: 'Reel', items: [item.id] }])

    // Edited by this build: each old file is taken by this machine as the first to change it.
    await call('library.update', { id: item.id, addTags: ['client'] })
    await call('storyboards.edit', { name: 'harbour', shot: before.board.shots[1]!.id, set: { prompt: 'the lighthouse at night' } })
    await call('sequences.save', { id: sequence.id, name: 'Reel two', items: [item.id, item.id] })
    const machine = t.core.library.studio.machine
    expect(JSON.parse(await readFile(sidecar, 'utf8'))).toMatchObject({ favourite: true, rating: 3, tags: ['fox', 'client'], writer: machine })
    const board = JSON.parse(await readFile(path.join(library, 'Storyboards', 'harbour.storyboard.json'), 'utf8')) as { writer: string; shots: Array<{ id: string; prompt: string }> }
    expect(board).toMatchObject({ writer: machine, shots: [{ id: 's1', prompt: 'a wide shot' }, { id: 's2', prompt: 'the lighthouse at night' }] })
    expect(await readdir(path.join(library, 'Sequences'))).toEqual(['reel-two_a1b2c3d4e5f6.sequence.json'])

    // Opened again: the same marks, takes and sequence.
    await t.reopen()
    const after = await seen()
    expect(after.marks).toMatchObject({ favourite: true, rating: 3, tags: ['fox', 'client'] })
    expect(after.board.shots.map((s) => [s.picked, s.state === 'new'])).toEqual([[item.id, false], [null, true]])
    expect(after.sequences).toMatchObject([{ id: sequence.id, name: 'Reel two', items: [item.id, item.id] }])
  })
})
