import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { checkFolders, type FolderState } from '../../../electron/core/library/folder-check'
import { indexFileOf } from '../../../electron/core/library/index-db'
import { addedIdOf, type ScanTarget, scanLibrary } from '../../../electron/core/library/scanner'
import { createLogHub } from '../../../electron/core/logger'
import { makeImage } from '../images/fixtures'
import { makeMp4 } from './support/mp4'
import { newTestLibrary, resultFields, stage, type TestLibrary } from './support/fixtures'

/**
 * The focus check's first step, on its own thread (folder-check.ts): which folders differ from
 * the index file. A folder it calls unchanged is never looked at again on the engine's thread, so
 * every kind of edit a designer makes by hand must make its folder "changed".
 */
let mp4: Buffer
let t: TestLibrary & { cleanup(): Promise<void> }

beforeAll(async () => {
  mp4 = await makeMp4()
})
afterEach(async () => {
  await t?.cleanup()
})

async function statesOf(lib: TestLibrary): Promise<FolderState[]> {
  const states: FolderState[] = []
  for await (const state of checkFolders(lib.root, indexFileOf(lib.data, lib.root))) states.push(state)
  return states
}

/** The video of the one item in a month folder, and its sidecar. */
async function itemIn(lib: TestLibrary, month: string): Promise<{ video: string; sidecar: string }> {
  const name = (await readdir(path.join(lib.root, month))).find((f) => f.endsWith('.mp4'))!
  const video = path.join(lib.root, month, name)
  return { video, sidecar: video.replace(/\.mp4$/, '.json') }
}

/** A library of one item a month (January to June 2025) and two videos added by hand; its index written. */
async function sixMonthsAndTwoByHand(): Promise<void> {
  t = await newTestLibrary()
  for (let month = 0; month < 6; month++) {
    const fields = resultFields({ id: `m${month + 1}-0`, prompt: `month ${month + 1}`, finishedAt: Date.UTC(2025, month, 10) })
    await t.library.importResult({ ...fields, stagedFile: await stage(t.root, mp4) })
  }
  await mkdir(path.join(t.root, 'hand', 'deeper'), { recursive: true })
  await writeFile(path.join(t.root, 'hand', 'clip.mp4'), mp4)
  await writeFile(path.join(t.root, 'hand', 'deeper', 'x.mp4'), mp4)
  await t.library.rescan()
  await t.library.dispose()
}

describe('the folder check on its own thread', () => {
  it('finds every folder of an untouched library unchanged, depth first in name order, with its videos counted', async () => {
    await sixMonthsAndTwoByHand()
    expect(await statesOf(t)).toEqual([
      { rel: '', videos: 0, changed: false },
      ...[1, 2, 3, 4, 5, 6].map((m) => ({ rel: `2025-0${m}`, videos: 1, changed: false })),
      { rel: 'hand', videos: 1, changed: false },
      { rel: 'hand/deeper', videos: 1, changed: false },
    ])
  })

  it('finds a folder changed for every kind of edit by hand, its folder mtime restored or not, and no other', async () => {
    await sixMonthsAndTwoByHand()
    // January: a sidecar edited in place; its folder's mtime is put back (an in-place write never changes it).
    const january = await itemIn(t, '2025-01')
    const folderTimes = await stat(path.dirname(january.sidecar))
    await writeFile(january.sidecar, JSON.stringify({ ...JSON.parse(await readFile(january.sidecar, 'utf8')), tags: ['hero'] }))
    await utimes(path.dirname(january.sidecar), folderTimes.atime, folderTimes.mtime)
    // February: a poster appears. March: a video added by hand. April: a video deleted.
    const february = await itemIn(t, '2025-02')
    await writeFile(february.video.replace(/\.mp4$/, '.jpg'), await makeImage(64, 48, { format: 'jpeg' }))
    await writeFile(path.join(t.root, '2025-03', 'extra.mp4'), mp4)
    await rm((await itemIn(t, '2025-04')).video)
    // May: the temp file of a write a crash cut short. The hand-added clip: a .json beside it.
    await writeFile(path.join(t.root, '2025-05', '.clip.json.99999999.0123456789ab.tmp'), '{"half')
    await writeFile(path.join(t.root, 'hand', 'clip.json'), '{"my": "notes"}')
    const changed = (await statesOf(t)).filter((s) => s.changed).map((s) => s.rel)
    expect(changed).toEqual(['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', 'hand'])
  })

  it('finds a folder changed when its sidecar is gone, or a sidecar is replaced by one of the same size', async () => {
    await sixMonthsAndTwoByHand()
    const june = await itemIn(t, '2025-06')
    await rm(june.sidecar)
    const may = await itemIn(t, '2025-05')
    const text = await readFile(may.sidecar, 'utf8')
    const later = new Date(Date.now() + 60_000)
    await writeFile(may.sidecar, text.replace('"rating": 0', '"rating": 5'))
    expect((await stat(may.sidecar)).size).toBe(Buffer.byteLength(text))
    await utimes(may.sidecar, later, later)
    expect((await statesOf(t)).filter((s) => s.changed).map((s) => s.rel)).toEqual(['2025-05', '2025-06'])
  })

  it('reads again a sidecar rewritten to the same size in the same second as the check that read it, where mtimes are whole seconds', async () => {
    await sixMonthsAndTwoByHand()
    Object.assign(t, await t.reopen())
    await t.library.validated()
    const march = await itemIn(t, '2025-03')
    const text = await readFile(march.sidecar, 'utf8')
    // As SFTP or FAT keep it: whole seconds, here the next one (the server's clock a little
    // ahead, which leaves this loaded machine more than 3 s to read it); each rewrite keeps size and mtime.
    const second = new Date(Math.floor(Date.now() / 1000) * 1000 + 1000)
    const rewrite = async (rating: number): Promise<void> => {
      await writeFile(march.sidecar, text.replace('"rating": 0', `"rating": ${rating}`))
      await utimes(march.sidecar, second, second)
    }
    await rewrite(3)
    await t.library.rescan()
    expect((await t.library.get('m3-0')).item.rating).toBe(3)
    await rewrite(4)
    await t.library.rescan()
    expect((await t.library.get('m3-0')).item.rating).toBe(4)
    // Read again while the stamp is young, the same sidecar is no change to announce.
    const announced = t.events.length
    await t.library.rescan()
    expect(t.events.slice(announced)).toEqual([])

    // Seconds later the stamp is kept, and the next check finds the folder unchanged.
    const old = new Date(second.getTime() - 10_000)
    await utimes(march.sidecar, old, old)
    await t.library.rescan()
    expect((await statesOf(t)).filter((s) => s.changed).map((s) => s.rel)).toEqual([])
  })

  it('stops with an error the scan recognises when it cannot run, and the scan then checks every folder itself', async () => {
    t = await newTestLibrary()
    await t.library.validated()
    await writeFile(path.join(t.root, 'clip.mp4'), mp4)
    const applied: string[] = []
    const target: ScanTarget = {
      known: () => [],
      get: () => undefined,
      folders: () => [],
      apply: (changes) => void applied.push(...changes.map((c) => c.id)),
      touched: () => false,
    }
    const logs: string[] = []
    const hub = createLogHub(Date.now)
    hub.addSink((line) => logs.push(line.message))
    const result = await scanLibrary(t.root, target, hub.root, () => checkFolders(t.root, path.join(t.dir, 'no-such-index.sqlite')))
    expect(result.added).toEqual([addedIdOf('clip.mp4')])
    expect(applied).toEqual([addedIdOf('clip.mp4')])
    expect(logs.join('\n')).toMatch(/could not run on its own thread .*checking on the engine's thread/)
  })
})
