import { copyFile, mkdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { LIBRARY_FOLLOW_MS } from '../../../electron/core/library/follow'
import { sidecarOf } from '../../../electron/core/library/naming'
import { writeSidecar } from '../../../electron/core/library/sidecar'
import type { Sidecar } from '../../../shared/library'
import { pollUntil } from '../../support/poll'
import { sshfsShareUnavailable, startSshfsShare } from '../../support/sshfs-share'
import { useTempDir } from '../../support/temp'
import { makeMp4 } from './support/mp4'
import { openTestLibrary, resultFields, stage, type TestLibrary } from './support/fixtures'

/**
 * Two machines on one network share: a real one, sshd on loopback serving a folder that sshfs
 * mounts twice (tests/support/sshfs-share.ts), each mount keeping names and attributes for a
 * second as SMB and NFS clients do, neither hearing of the other's writes. Machine B follows the
 * library as a running engine does, and the share is found in the mount table, so B polls.
 */
const unavailable = await sshfsShareUnavailable()
const share = unavailable === undefined ? await startSshfsShare() : undefined
afterAll(() => share?.close())

const opened: TestLibrary[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.dispose()))
})
const open = async (root: string, followMs = 0): Promise<TestLibrary> => {
  const t = openTestLibrary(await useTempDir('reelbox-machine-'), { library: root, followMs })
  opened.push(t)
  await t.library.validated()
  return t
}
const all = { sort: 'newest' as const, offset: 0, limit: 50 }
const listed = async (t: TestLibrary) => (await t.library.list(all)).items.map((i) => ({ id: i.id, origin: i.origin, tags: i.tags }))
/** What another machine's copy shows: long enough for a loaded machine, never a measure of speed (bench/share.bench.ts is). */
const ARRIVES_MS = 15_000

/** A result made on a machine of its own (a local folder): its video and sidecar, to copy into the share. */
async function madeElsewhere(id: string): Promise<{ video: string; sidecar: string; rel: string }> {
  const t = await open(path.join(await useTempDir('reelbox-elsewhere-'), 'library'))
  const item = await t.library.importResult({ ...resultFields({ id, jobId: id.split('-')[0] }), stagedFile: await stage(t.root, await makeMp4({ width: 64, height: 48, frames: 12 })) })
  const rel = `${item.folder}/${item.fileName}`
  return { video: path.join(t.root, rel), sidecar: sidecarOf(path.join(t.root, rel)), rel }
}

describe.skipIf(share === undefined)(`a library on a network share, two machines${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  it('lists on machine B a video and its sidecar copied in through machine A, and a video machine A made there', async () => {
    const a = await open(path.join(share!.a, 'copied'))
    const b = await open(path.join(share!.b, 'copied'), LIBRARY_FOLLOW_MS)
    await vi.waitFor(() => expect(b.logs.join('\n')).toMatch(/network share \(fuse\.sshfs, .*@127\.0\.0\.1:/), { timeout: ARRIVES_MS })

    const pair = await madeElsewhere('copied01-0')
    const target = path.join(a.root, pair.rel)
    await mkdir(path.dirname(target), { recursive: true })
    await copyFile(pair.video, target)
    await copyFile(pair.sidecar, sidecarOf(target))
    await vi.waitFor(async () => expect(await listed(b)).toEqual([{ id: 'copied01-0', origin: 'generated', tags: [] }]), { timeout: ARRIVES_MS, interval: 100 })

    const made = await a.library.importResult({ ...resultFields({ id: 'made01-0', jobId: 'made01' }), stagedFile: await stage(a.root, await makeMp4({ width: 64, height: 48, frames: 12 })) })
    await vi.waitFor(async () => expect((await listed(b)).map((i) => i.id).sort()).toEqual(['copied01-0', made.id]), { timeout: ARRIVES_MS, interval: 100 })
  })

  it('reads whole a sidecar that machine A rewrote while machine B still had the old size cached', async () => {
    const pair = await madeElsewhere('rewritten01-0')
    const onA = path.join(share!.a, 'rewritten', pair.rel)
    const onB = path.join(share!.b, 'rewritten', pair.rel)
    await mkdir(path.dirname(onA), { recursive: true })
    await copyFile(pair.video, onA)
    const sidecar = JSON.parse(await readFile(pair.sidecar, 'utf8')) as Sidecar
    const tags: string[] = []
    // A's edit as another machine's engine makes it: the whole sidecar, written aside and renamed.
    const writeOnA = async (tag: string): Promise<number> => {
      tags.push(tag)
      await writeSidecar(sidecarOf(onA), { ...sidecar, tags: [...tags] })
      return (await stat(sidecarOf(onA))).size
    }
    await writeOnA('first')
    const b = await open(path.join(share!.b, 'rewritten'))
    const shows = (want: string[]) => {
      const wanted = JSON.stringify([{ id: 'rewritten01-0', origin: 'generated', tags: want }])
      return pollUntil(async () => (await b.library.rescan(), JSON.stringify(await listed(b))), (items) => items === wanted, {
        intervalMs: 100,
        attempts: ARRIVES_MS / 100,
        failure: (seen) => `B lists ${seen.at(-1)}, not ${wanted}`,
      })
    }
    await shows(['first'])

    for (let round = 1; round <= 3; round++) {
      // B's client learns the sidecar's new size (B has not read it yet); A writes a longer one at once, and B reads.
      const size = await writeOnA(`sea${round}`)
      await pollUntil(() => stat(sidecarOf(onB)), (info) => info.size === size, { intervalMs: 20, attempts: ARRIVES_MS / 20 })
      await writeOnA(`sky${round}`)
      await b.library.rescan()
      await shows([...tags])
    }
    expect(b.logs.filter((line) => line.includes('not a sidecar Reelbox can read'))).toEqual([])
  })
})
