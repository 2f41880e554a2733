import { readFile, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ShellPort } from '../../../electron/core/ports'
import { startTestCore, type TestCore } from '../../support/core'
import { useTempDir } from '../../support/temp'
import { makeMp4 } from './support/mp4'
import { resultFields, stage } from './support/fixtures'

/**
 * Save as… and export to a folder (issue 15 item 2): the app's dialogs answered as a designer
 * would (a fake of our own shell port), real files copied into real folders.
 */
const asked: Array<{ kind: 'save' | 'folder'; title?: string; defaultPath?: string }> = []
let answer: string | undefined
const shell: ShellPort = {
  chooseSaveFile: async ({ title, defaultPath }) => (asked.push({ kind: 'save', title, defaultPath }), answer),
  chooseFolder: async ({ title }) => (asked.push({ kind: 'folder', title }), answer),
}
let app: TestCore
let web: TestCore

async function seed(t: TestCore): Promise<void> {
  for (const n of [0, 1]) {
    const fields = resultFields({ id: `job${n}-0`, jobId: `job${n}`, prompt: n ? '雨夜的霓虹街道' : 'a red fox in snow', finishedAt: Date.UTC(2025, 2, 14, 9 + n) })
    await t.core.library.importResult({ ...fields, stagedFile: await stage(t.core.library.folder, await makeMp4()) })
  }
}

const original = async (t: TestCore, id: string): Promise<{ name: string; bytes: Buffer }> => {
  const { item } = await t.core.library.get(id)
  return { name: item.fileName, bytes: await readFile(path.join(t.core.library.folder, item.folder ?? '', item.fileName)) }
}

beforeAll(async () => {
  app = await startTestCore({ shell })
  web = await startTestCore()
  await seed(app)
  await seed(web)
})
afterAll(async () => {
  await app.dispose()
  await web.dispose()
})

describe('library.export', () => {
  it('saves one video where the designer chose, offering its readable name', async () => {
    const target = path.join(await useTempDir(), 'for the client.mp4')
    answer = target
    expect(await app.core.call('library.export', { ids: ['job1-0'], title: 'Save video' })).toEqual({ saved: 1, location: target })
    const source = await original(app, 'job1-0')
    expect(asked.at(-1)).toEqual({ kind: 'save', title: 'Save video', defaultPath: source.name })
    expect((await readFile(target)).equals(source.bytes)).toBe(true)
    expect(await readdir(path.dirname(target))).toEqual(['for the client.mp4'])
  })

  it('exports several into a folder under their own names, never over a file already there', async () => {
    const folder = await useTempDir()
    const first = await original(app, 'job0-0')
    await writeFile(path.join(folder, first.name), 'the designer’s own file')
    answer = folder
    expect(await app.core.call('library.export', { ids: ['job0-0', 'job1-0'] })).toEqual({ saved: 2, location: folder })
    expect(asked.at(-1)?.kind).toBe('folder')
    expect(await readFile(path.join(folder, first.name), 'utf8')).toBe('the designer’s own file')
    const numbered = first.name.replace(/\.mp4$/, ' (2).mp4')
    expect((await readFile(path.join(folder, numbered))).equals(first.bytes)).toBe(true)
    const second = await original(app, 'job1-0')
    expect((await readFile(path.join(folder, second.name))).equals(second.bytes)).toBe(true)
    expect((await readdir(folder)).sort()).toEqual([first.name, numbered, second.name].sort())
  })

  it('writes nothing when the designer cancels the dialog', async () => {
    answer = undefined
    expect(await app.core.call('library.export', { ids: ['job0-0'] })).toEqual({ saved: 0 })
    expect(await app.core.call('library.export', { ids: ['job0-0', 'job1-0'] })).toEqual({ saved: 0 })
  })

  it('names the file it could not write, and leaves no part of it behind', async () => {
    const folder = await useTempDir()
    answer = path.join(folder, 'gone', 'clip.mp4')
    await expect(app.core.call('library.export', { ids: ['job0-0'] })).rejects.toMatchObject({ code: 'DISK', message: expect.stringContaining('clip.mp4') })
    expect(await readdir(folder)).toEqual([])
  })

  it('names a missing item before any dialog, and is refused where the shell has no dialogs (web mode)', async () => {
    const before = asked.length
    await expect(app.core.call('library.export', { ids: ['job0-0', 'nope'] })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(asked).toHaveLength(before)
    await expect(web.core.call('library.export', { ids: ['job0-0'] })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('download') })
    await expect(app.core.call('library.export', { ids: [] })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })
})
