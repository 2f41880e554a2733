import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { writeFileAtomic } from '../../../electron/core/files/atomic'
import { spawnTsx } from '../../support/child'
import { useTempDir } from '../../support/temp'

let dir: string
beforeEach(async () => {
  dir = await useTempDir('reelbox-atomic-')
})

const temps = async (folder: string) => (await readdir(folder)).filter((name) => name.endsWith('.tmp'))

describe('writeFileAtomic', () => {
  it('creates the folder, writes, replaces, and leaves no temp file behind', async () => {
    const file = path.join(dir, 'deep', 'er', 'state.json')
    await writeFileAtomic(file, '{"v":1}')
    await writeFileAtomic(file, new TextEncoder().encode('{"v":2}'))
    expect(await readFile(file, 'utf8')).toBe('{"v":2}')
    expect(await temps(path.dirname(file))).toEqual([])
  })

  it('writes files only this user can read (an older, world-readable file too), unless asked otherwise', async () => {
    const file = path.join(dir, 'private.json')
    await writeFile(file, 'old', { mode: 0o644 })
    await writeFileAtomic(file, 'x')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    const shared = path.join(dir, 'shared.json')
    await writeFileAtomic(shared, 'x', { mode: 0o640 })
    expect((await stat(shared)).mode & 0o777).toBe(0o640)
  })

  it('fails without touching what is there and without leaving a temp file', async () => {
    const target = path.join(dir, 'taken')
    await mkdir(target)
    await writeFile(path.join(target, 'keep'), 'kept')
    await expect(writeFileAtomic(target, 'new')).rejects.toThrow()
    expect(await readFile(path.join(target, 'keep'), 'utf8')).toBe('kept')
    expect(await temps(dir)).toEqual([])
  })

  it('lets concurrent writers race: the file ends up whole, one of them', async () => {
    const file = path.join(dir, 'race.json')
    const contents = Array.from({ length: 20 }, (_, i) => JSON.stringify({ writer: i, pad: 'x'.repeat(50_000 + i) }))
    await Promise.all(contents.map((c) => writeFileAtomic(file, c)))
    expect(contents).toContain(await readFile(file, 'utf8'))
    expect(await temps(dir)).toEqual([])
  })

  it('survives writers killed with SIGKILL mid-write: the file is always one version, whole', async () => {
    const writer = path.join(import.meta.dirname, 'support/writer-child.ts')
    // A plain writeFile leaves a torn file in about 4 of 10 such kills (measured), so three
    // rounds catch a non-atomic writer most of the time; an atomic one never tears.
    for (let round = 0; round < 3; round++) {
      const file = path.join(dir, `journal-${round}.json`)
      // The child builds each 32 MB version, announces it, then writes it: the kill lands in the write.
      const child = spawnTsx(writer, { args: [file] })
      await child.waitForLine((line) => line === 'start 2')
      await child.kill('SIGKILL')
      const saved = JSON.parse(await readFile(file, 'utf8')) as { i: number; pad: string }
      expect([1, 2]).toContain(saved.i)
      expect(saved.pad).toBe(String(saved.i % 10).repeat(32_000_000))
    }
  })
})
