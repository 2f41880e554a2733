import { mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { verifyVideo } from '../../../electron/core/downloads/verify'
import type { ImportStep } from '../../../electron/core/library/context'
import { readSettings } from '../../../electron/core/library/settings'
import { stagingDir } from '../../../electron/core/library/naming'
import type { Clock } from '../../../electron/core/ports'
import { spawnTsx } from '../../support/child'
import { useTempDir } from '../../support/temp'
import { makeMp4 } from './support/mp4'
import { openTestLibrary, resultFields, type TestLibrary } from './support/fixtures'

let mp4: Buffer
const child = path.join(import.meta.dirname, 'support/import-child.ts')
const steps: ImportStep[] = ['measured', 'embedded', 'poster', 'sidecar', 'video', 'indexed']
const page = { sort: 'newest' as const, offset: 0, limit: 500 }

beforeAll(async () => {
  mp4 = await makeMp4()
})

async function stageAll(dir: string, count: number): Promise<void> {
  const staging = stagingDir(path.join(dir, 'library'))
  await mkdir(staging, { recursive: true })
  for (let n = 0; n < count; n++) await writeFile(path.join(staging, `r${n}.mp4`), mp4)
}

/** Videos in the library (outside Reelbox's own corner). */
async function videosIn(root: string): Promise<string[]> {
  return (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.mp4') && !f.startsWith('.reelbox'))
}

/** A video in the library is whole: every frame inside the file, and its settings inside it. */
async function expectWhole(file: string): Promise<void> {
  await verifyVideo(file)
  expect((await readSettings(file)).found).toBe('settings')
}

/**
 * After any crash: every video the folder shows is complete and listed exactly once; then the
 * downloader's retry of every result leaves exactly one item per result.
 */
async function expectConsistentAfterRetry(lib: TestLibrary, count: number): Promise<void> {
  const listed = (await lib.library.list(page)).items
  const videos = await videosIn(lib.root)
  expect(new Set(listed.map((i) => i.id)).size).toBe(listed.length)
  expect(videos).toHaveLength(listed.length)
  for (const video of videos) await expectWhole(path.join(lib.root, video))
  for (let n = 0; n < count; n++) {
    const fields = resultFields({ id: `r${n}-0`, jobId: `r${n}`, prompt: `result number ${n}`, finishedAt: Date.UTC(2025, 0, 1) + n * 60_000 })
    await lib.library.importResult({ ...fields, stagedFile: path.join(stagingDir(lib.root), `r${n}.mp4`) })
  }
  const after = (await lib.library.list(page)).items
  expect(after.map((i) => i.id).sort()).toEqual(Array.from({ length: count }, (_, n) => `r${n}-0`).sort())
  expect(await videosIn(lib.root)).toHaveLength(count)
  expect(await readdir(stagingDir(lib.root))).toEqual([])
}

/** A clock whose timers never fire: the "dead" instance can never write its index afterwards. */
const frozen: Clock = { now: () => Date.now(), setTimeout: () => 0, clearTimeout: () => undefined }

describe('crash safety of imports', () => {
  it.each(steps)('an engine that dies right after "%s" leaves nothing partial, and the retry adds the item once', async (step) => {
    const dir = await useTempDir('reelbox-crash-')
    await stageAll(dir, 2)
    // First result completes and is indexed on disk; the second dies at `step`.
    const first = openTestLibrary(dir)
    await first.library.importResult({ ...resultFields({ id: 'r0-0', jobId: 'r0', prompt: 'result number 0', finishedAt: Date.UTC(2025, 0, 1) }), stagedFile: path.join(stagingDir(first.root), 'r0.mp4') })
    await first.dispose()
    const dying = openTestLibrary(dir, {
      clock: frozen,
      afterImportStep: (at) => {
        if (at === step) throw new Error('killed')
      },
    })
    const fields = resultFields({ id: 'r1-0', jobId: 'r1', prompt: 'result number 1', finishedAt: Date.UTC(2025, 0, 1) + 60_000 })
    await expect(dying.library.importResult({ ...fields, stagedFile: path.join(stagingDir(dying.root), 'r1.mp4') })).rejects.toThrow('killed')

    const restarted = openTestLibrary(dir)
    // The index holds what was indexed before the crash (its row is written as the import's
    // last step); the check of the folder finds the rest.
    expect((await restarted.library.list(page)).items.map((i) => i.id)).toEqual(step === 'indexed' ? ['r1-0', 'r0-0'] : ['r0-0'])
    await restarted.library.validated()
    // Before the rename the result is invisible; from the rename on it is a whole item.
    const visible = (await restarted.library.list(page)).items.map((i) => i.id)
    expect(visible.sort()).toEqual(steps.indexOf(step) >= steps.indexOf('video') ? ['r0-0', 'r1-0'] : ['r0-0'])
    await expectConsistentAfterRetry(restarted, 2)
    await restarted.dispose()
  })

  it.each(steps)('a real engine process SIGKILLed at "%s" restarts with no partial video and no duplicate', async (step) => {
    const dir = await useTempDir('reelbox-crash-')
    const count = 3
    await stageAll(dir, count)
    const proc = spawnTsx(child, { args: [dir, step, String(count), '1'] })
    expect(await proc.waitForLine((line) => line.startsWith('STOP'))).toBe(`STOP ${step} r1-0`)
    expect((await proc.kill('SIGKILL')).signal).toBe('SIGKILL')

    const restarted = openTestLibrary(dir)
    await restarted.library.validated()
    await expectConsistentAfterRetry(restarted, count)
    await restarted.dispose()
  })

  it('a real engine process SIGKILLed at random moments across many imports never shows a partial or doubled item', async () => {
    const dir = await useTempDir('reelbox-crash-')
    const count = 12
    await stageAll(dir, count)
    for (let round = 0; round < 4; round++) {
      const proc = spawnTsx(child, { args: [dir, 'none', String(count)] })
      // Kill after a random number of finished imports, while the next is in flight.
      const killAfter = 1 + Math.floor(Math.random() * 4)
      const imported = (): number => proc.lines.filter((line) => line.startsWith('DONE')).length
      // (A child that ended on its own, all imported, is simply awaited.)
      const line = await proc.waitForLine((l) => l === 'EXIT' || (l.startsWith('DONE') && imported() >= killAfter)).catch(() => 'EXIT')
      if (line !== 'EXIT') {
        // A little jitter so the kill lands in a different step of the next import each time.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 15))
        await proc.kill('SIGKILL')
      }
      await proc.exited
      const lib = openTestLibrary(dir)
      const listed = (await lib.library.list(page)).items
      await lib.library.validated()
      expect(new Set(listed.map((i) => i.id)).size).toBe(listed.length)
      const videos = await videosIn(lib.root)
      for (const video of videos) await expectWhole(path.join(lib.root, video))
      expect((await lib.library.list(page)).total).toBe(videos.length)
      await lib.dispose()
    }
    const final = openTestLibrary(dir)
    await final.library.validated()
    await expectConsistentAfterRetry(final, count)
    await final.dispose()
  }, 60_000)
})
