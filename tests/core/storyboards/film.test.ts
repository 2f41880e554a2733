import { readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { exportFilm } from '../../../electron/core/storyboards/film'
import { makeMp4 } from '../library/support/mp4'
import { useTempDir } from '../../support/temp'

/**
 * A film whose takes cannot be joined is refused naming the shot and its take's file as data
 * (issue 23 item 3): the readers word "shot 2 (dusk.mp4)" / "镜头 2（dusk.mp4）", never the engine.
 */
let wide: Buffer
let small: Buffer
beforeAll(async () => {
  wide = await makeMp4({ width: 96, height: 64, frames: 12 })
  small = await makeMp4({ width: 64, height: 48, frames: 12 })
})

const shot = { prompt: 'a harbour', model: 'lumen-1', mode: 't2v' as const }

async function takes(dir: string, files: Record<string, Buffer>): Promise<Array<{ itemId: string; file: string; name: string }>> {
  return Promise.all(
    Object.entries(files).map(async ([name, bytes], i) => {
      await writeFile(path.join(dir, name), bytes)
      return { itemId: `t${i}-0`, file: path.join(dir, name), name }
    }),
  )
}

describe('exportFilm', () => {
  it('names a take that differs, or is not whole, by its shot and file, and leaves nothing behind', async () => {
    const dir = await useTempDir('reelbox-film-')
    const board = { file: path.join(dir, 'harbour.storyboard.json'), title: 'Harbour', shots: [shot, shot] }
    const to = path.join(dir, 'harbour.mp4')

    await expect(exportFilm(board, await takes(dir, { 'dawn.mp4': wide, 'dusk.mp4': small }), to)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { problem: { code: 'sequence.clipDiffers', params: { index: 2, name: 'dusk.mp4', first: 'dawn.mp4', shots: true, what: 'size' } } },
    })
    await expect(exportFilm(board, await takes(dir, { 'dawn.mp4': wide, 'empty.mp4': Buffer.alloc(0) }), to)).rejects.toMatchObject({
      details: { problem: { code: 'video.notWhole', params: { name: 'empty.mp4', why: 'noIndex', shot: 2 } } },
    })
    expect((await readdir(dir)).sort()).toEqual(['dawn.mp4', 'dusk.mp4', 'empty.mp4'])
  })
})
