import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Draft } from '../../../shared/draft'
import { AppError } from '../../../shared/errors'
import { readBoard, readTakes, takesFileOf } from '../../../electron/core/storyboards/board-file'
import { fingerprintOf, statesOf } from '../../../electron/core/storyboards/plan'
import { useTempDir } from '../../support/temp'

const shot = (prompt: string, extra: Record<string, unknown> = {}) => ({ prompt, model: 'lumen-1', mode: 't2v', ...extra })

async function boardFile(content: unknown): Promise<string> {
  const dir = await useTempDir('reelbox-board-')
  const file = path.join(dir, 'harbour.storyboard.json')
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content))
  return file
}

async function refusal(content: unknown): Promise<AppError> {
  const error = await readBoard(await boardFile(content)).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

describe('the storyboard file', () => {
  it('reads the board, image paths relative to its folder, and the takes a build from before kept beside it', async () => {
    const file = await boardFile({ title: 'Harbour', shots: [shot('wide', { mode: 'i2v', image: 'frames/open.png' }), shot('close', { mode: 'reference', refs: ['a.png', '../b.png'] })] })
    const board = await readBoard(file)
    const folder = path.dirname(file)
    expect(board.shots[0]!.image).toBe(path.join(folder, 'frames', 'open.png'))
    expect(board.shots[1]!.refs).toEqual([path.join(folder, 'a.png'), path.resolve(folder, '..', 'b.png')])
    expect(takesFileOf(file)).toBe(path.join(folder, 'harbour.takes.json'))
    expect(await readTakes(file)).toEqual({ reelbox: 1, shots: [] })
    await writeFile(takesFileOf(file), JSON.stringify({ reelbox: 1, shots: [{ fingerprint: 'f', takes: ['a', 'b'], picked: 'a' }] }))
    expect((await readTakes(file)).shots[0]!.picked).toBe('a')
  })

  it('names the shot and the field of every refusal, as a problem its readers word', async () => {
    const said = async (content: unknown) => (await refusal(content)).problem
    expect(await said({ title: 'x', shots: [shot('a'), shot('b', { duration: 'long' })] })).toMatchObject({ code: 'storyboard.invalid', params: { file: 'harbour.storyboard.json', why: 'schema', shot: 2, at: 'duration' } })
    expect(await said({ title: 'x', shots: [shot('a', { mode: 'slow-motion' })] })).toMatchObject({ params: { why: 'schema', shot: 1, at: 'mode' } })
    expect(await said({ title: 'x', shots: [shot('a', { camera: 'dolly' })] })).toMatchObject({ params: { why: 'schema', shot: 1, detail: expect.stringContaining('camera') } })
    expect(await said({ title: 'x', shots: [] })).toMatchObject({ params: { why: 'schema', at: 'shots', detail: expect.stringMatching(/a storyboard needs a shot/) } })
    expect(await said({ title: 'x', shots: [shot('a', { continues: true })] })).toMatchObject({ params: { why: 'firstContinues', shot: 1 } })
    expect(await said({ title: 'x', shots: [shot('a'), shot('b', { continues: true })] })).toMatchObject({ params: { why: 'continueMode', shot: 2, mode: 't2v' } })
    expect(await said({ title: 'x', shots: [shot('a'), shot('b', { mode: 'i2v', continues: true, image: 'x.png' })] })).toMatchObject({ params: { why: 'continueImage', shot: 2 } })
    expect(await said('{ "title": ')).toMatchObject({ params: { why: 'notJson' } })
    const refused = await refusal({ title: 'x', shots: [shot('a'), shot('b', { seed: -1 })] })
    expect(refused.details).toMatchObject({ shot: 2, field: 'seed' })
  })

  it('refuses a takes file it did not write rather than overwrite it', async () => {
    const file = await boardFile({ title: 'x', shots: [shot('a')] })
    await writeFile(takesFileOf(file), '{"mine": true}')
    await expect(readTakes(file)).rejects.toMatchObject({ details: { problem: { code: 'storyboard.invalid', params: { why: 'takesNotOurs' } } } })
  })
})

describe('staleness', () => {
  const drafts = (prompts: string[]): Draft[] => prompts.map((prompt, i) => ({ modelId: 'lumen-1', mode: i === 1 ? 'i2v' : 't2v', prompt, duration: 5 }))
  const board = { file: '/b.storyboard.json', title: 'x', shots: [shot('one'), shot('two', { mode: 'i2v', continues: true }), shot('three')] as never }
  const made = (d: Draft[]) => ({
    reelbox: 1 as const,
    shots: [
      { fingerprint: fingerprintOf(d[0]!, undefined), takes: ['t1'], picked: 't1' },
      { fingerprint: fingerprintOf(d[1]!, 't1'), takes: ['t2'], picked: 't2' },
      { fingerprint: fingerprintOf(d[2]!, undefined), takes: ['t3'], picked: 't3' },
    ],
  })

  it('marks a changed shot and every shot that continues from it', () => {
    const before = drafts(['one', 'two', 'three'])
    const takes = made(before)
    expect(statesOf(board, before, takes)).toEqual(['made', 'made', 'made'])
    expect(statesOf(board, drafts(['one', 'two', 'three!']), takes)).toEqual(['made', 'made', 'stale'])
    expect(statesOf(board, drafts(['one!', 'two', 'three']), takes)).toEqual(['stale', 'stale', 'made'])
    expect(statesOf(board, before, { reelbox: 1, shots: [takes.shots[0]!] })).toEqual(['made', 'new', 'new'])
  })

  it('marks a continuing shot stale when another take of the shot before is picked', () => {
    const before = drafts(['one', 'two', 'three'])
    const takes = made(before)
    const picked = { ...takes, shots: [{ ...takes.shots[0]!, takes: ['t1', 't1b'], picked: 't1b' }, takes.shots[1]!, takes.shots[2]!] }
    expect(statesOf(board, before, picked)).toEqual(['made', 'stale', 'made'])
  })

  it('reads a draft the same whatever the order of its keys, and images by content', () => {
    const image = { kind: 'file' as const, hash: 'a'.repeat(64), name: 'open.png' }
    const a: Draft = { modelId: 'm', mode: 'i2v', prompt: 'p', image, duration: 5 }
    const b: Draft = { duration: 5, image: { name: 'open.png', hash: 'a'.repeat(64), kind: 'file' }, prompt: 'p', mode: 'i2v', modelId: 'm' }
    expect(fingerprintOf(a, undefined)).toBe(fingerprintOf(b, undefined))
    expect(fingerprintOf(a, undefined)).not.toBe(fingerprintOf({ ...a, image: { ...image, hash: 'b'.repeat(64) } }, undefined))
  })
})
